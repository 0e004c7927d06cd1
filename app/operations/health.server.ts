// The 'État du service' panel and its thresholds: docs/operations.md 'The health panel'.
import type { AppLoadContext } from "@remix-run/cloudflare";

import { deliverDueMails, MAX_MAIL_ATTEMPTS, RETRY_BATCH_SIZE } from "#app/mail/mail.server";
import { CAPTURE_WARNING_MS } from "#app/orders/admin-order-sort";
import { MAX_MESSAGE_ATTEMPTS, sendDueOrderMessages } from "#app/orders/order-messages.server";
import type { Role, SyncSkips } from "#app/utils/constants";
import { can } from "#app/utils/permissions";

import { readHealthRows } from "./health.queries.server";
import { requeueFailedOutboxMails, requeueGivenUpOrderMessages } from "./mail-replay.queries.server";
import type { HealthCheck, HealthReport, SyncState } from "./types";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const HEALTH_LIMITS = {
  /** Older failed mails are stale news: not counted, not replayed. */
  failedMailWindowMs: 7 * DAY,
  outboxStuckMs: 15 * MINUTE,
  syncStaleMs: 2 * HOUR,
  /** A card authorisation lapses after 7 days (Stripe, customer-initiated): decide before. */
  captureWarningMs: 5 * DAY,
  holdReleaseGraceMs: 15 * MINUTE,
} as const;

/** A feed flight left aside because a flight of ours holds its slot, or its airports changed: staff decide. */
function needsStaff(skipped: SyncSkips | null | undefined) {
  return Boolean(skipped?.counts.conflict || skipped?.counts.routeChanged);
}

export const REFUNDS_TO_HANDLE_PATH = "/admin/orders?payment=refundFailed";

export const PROCESSING_ORDERS_PATH = "/admin/orders?status=processing";

export async function readHealth(context: AppLoadContext, { role }: { role: Role }): Promise<HealthReport> {
  const now = context.now();
  const nowMs = now.getTime();
  const { outbox, sync, orders } = await readHealthRows(context.db, {
    now,
    failedSince: new Date(nowMs - HEALTH_LIMITS.failedMailWindowMs),
    captureDueBy: new Date(nowMs + CAPTURE_WARNING_MS),
  });
  const olderThan = (at: number | null, ms: number) => at !== null && at <= nowMs - ms;

  const syncState: SyncState = !sync.last
    ? "none"
    : sync.last.status === "running"
      ? "running"
      : sync.last.status === "error"
        ? "error"
        : olderThan(sync.lastSuccessAt, HEALTH_LIMITS.syncStaleMs)
          ? "stale"
          : "success";
  const failed = outbox.retrying + outbox.deadLetters;

  const checks: HealthCheck[] = [
    {
      key: "outbox",
      level: olderThan(outbox.oldestPendingAt, HEALTH_LIMITS.outboxStuckMs) ? "act" : "ok",
      pending: outbox.pending,
      oldestPendingAt: outbox.oldestPendingAt,
    },
    {
      key: "mailFailures",
      level: failed > 0 ? "watch" : "ok",
      failed,
      retrying: outbox.retrying,
      lastError: outbox.lastError,
    },
    {
      key: "deadLetters",
      level: outbox.deadLetters > 0 ? "act" : "ok",
      count: outbox.deadLetters,
      oldestAt: outbox.oldestDeadLetterAt,
      canRetry: can(role, "mail:retry"),
    },
    {
      key: "sync",
      level:
        syncState === "error"
          ? "act"
          : syncState === "none" || syncState === "stale" || needsStaff(sync.last?.skipped)
            ? "watch"
            : "ok",
      state: syncState,
      startedAt: sync.last?.startedAt ?? null,
      newCount: sync.last?.newCount ?? 0,
      updatedCount: sync.last?.updatedCount ?? 0,
      skipped: sync.last?.status === "success" ? sync.last.skipped : null,
      error: sync.last?.status === "error" ? sync.last.error : null,
      lastSuccessAt: sync.lastSuccessAt,
      canSync: can(role, "feed:sync"),
    },
    {
      key: "payments",
      level:
        orders.dueSoon > 0 || olderThan(orders.oldestProcessingAt, HEALTH_LIMITS.captureWarningMs)
          ? "act"
          : orders.processing > 0
            ? "watch"
            : "ok",
      processing: orders.processing,
      dueSoon: orders.dueSoon,
      oldestAt: orders.oldestProcessingAt,
      ordersLink: orders.processing > 0 && can(role, "orders:manage") ? PROCESSING_ORDERS_PATH : null,
    },
    {
      key: "holds",
      level:
        orders.endedHolds > 0 && olderThan(orders.earliestHoldEnd, HEALTH_LIMITS.holdReleaseGraceMs) ? "act" : "ok",
      holds: orders.holds,
      endedHolds: orders.endedHolds,
      holdMinutes: context.env.HOLD_MINUTES,
    },
    {
      key: "refunds",
      level: orders.refundsToHandle > 0 ? "act" : "ok",
      count: orders.refundsToHandle,
      ordersLink: orders.refundsToHandle > 0 && can(role, "orders:manage") ? REFUNDS_TO_HANDLE_PATH : null,
    },
  ];
  return { checkedAt: nowMs, checks, needingAttention: checks.filter((check) => check.level !== "ok").length };
}

export type MailRetryOutcome =
  { ok: true; requeued: number; sent: number; failed: number; more: boolean } | { ok: false; reason: "nothingToRetry" };

/** One run takes `RETRY_BATCH_SIZE` mails; `more`: the next cron run takes the rest. */
export async function retryFailedMails(context: AppLoadContext): Promise<MailRetryOutcome> {
  const now = context.now();
  const since = new Date(now.getTime() - HEALTH_LIMITS.failedMailWindowMs);
  // Order messages given up first: each becomes a mail of the outbox, which the run below sends.
  const messages = await requeueGivenUpOrderMessages(context.db, { since, maxAttempts: MAX_MESSAGE_ATTEMPTS });
  if (messages > 0) await sendDueOrderMessages(context);
  const requeued =
    (await requeueFailedOutboxMails(context.db, { now, since, maxAttempts: MAX_MAIL_ATTEMPTS })) + messages;
  if (requeued === 0) return { ok: false, reason: "nothingToRetry" };
  const run = await deliverDueMails(context);
  return { ok: true, requeued, sent: run.sent, failed: run.failed, more: run.due >= RETRY_BATCH_SIZE };
}
