// The 'État du service' panel's reads, in one batch (docs/operations.md); instants are UTC milliseconds.
import { and, type Column, desc, eq, gte, inArray, isNotNull, isNull, type SQL, sql } from "drizzle-orm";

import type { Db } from "#app/db/client.server";
import { failedForGood, failedWithTriesLeft } from "#app/db/failed-mails.server";
import { mailOutbox, orderMessages, orders, syncRuns } from "#app/db/schema";

const count = (condition: SQL | undefined) => sql<number>`count(case when ${condition} then 1 end)`;
const earliest = (condition: SQL | undefined, column: Column) =>
  sql<number | null>`min(case when ${condition} then ${column} end)`;

export async function readHealthRows(
  db: Db,
  { now, failedSince, captureDueBy }: { now: Date; failedSince: Date; captureDueBy: Date },
) {
  const pending = eq(mailOutbox.status, "pending");
  const recentFailure = and(eq(mailOutbox.status, "failed"), gte(mailOutbox.createdAt, failedSince));
  const dead = and(failedForGood, gte(mailOutbox.createdAt, failedSince));
  const processing = eq(orders.status, "processing");
  const dueSoon = and(processing, sql`${orders.captureBefore} <= ${captureDueBy.getTime()}`);
  const held = and(eq(orders.status, "pending"), isNotNull(orders.holdExpiresAt));
  const ended = and(held, sql`${orders.holdExpiresAt} <= ${now.getTime()}`);

  const refundFailed = eq(orders.paymentState, "refundFailed");
  const [[outbox], [lastFailure], [lastRun], [lastSuccess], [money], [refunds], [messages]] = await db.batch([
    db
      .select({
        pending: count(pending),
        oldestPendingAt: earliest(pending, mailOutbox.createdAt),
        retrying: count(failedWithTriesLeft),
        deadLetters: count(dead),
        oldestDeadLetterAt: earliest(dead, mailOutbox.createdAt),
      })
      .from(mailOutbox)
      .where(inArray(mailOutbox.status, ["pending", "failed"])),
    db
      .select({ error: mailOutbox.lastError, createdAt: mailOutbox.createdAt })
      .from(mailOutbox)
      .where(recentFailure)
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
      .limit(1),
    db
      .select({
        status: syncRuns.status,
        trigger: syncRuns.trigger,
        startedAt: syncRuns.startedAt,
        finishedAt: syncRuns.finishedAt,
        newCount: syncRuns.newCount,
        updatedCount: syncRuns.updatedCount,
        skipped: syncRuns.skipped,
        error: syncRuns.error,
      })
      .from(syncRuns)
      .orderBy(desc(syncRuns.startedAt), desc(syncRuns.id))
      .limit(1),
    db
      .select({ finishedAt: syncRuns.finishedAt })
      .from(syncRuns)
      .where(eq(syncRuns.status, "success"))
      .orderBy(desc(syncRuns.startedAt), desc(syncRuns.id))
      .limit(1),
    db
      .select({
        processing: count(processing),
        dueSoon: count(dueSoon),
        oldestProcessingAt: earliest(processing, orders.createdAt),
        holds: count(held),
        endedHolds: count(ended),
        earliestHoldEnd: earliest(held, orders.holdExpiresAt),
      })
      .from(orders)
      .where(inArray(orders.status, ["pending", "processing"])),
    db
      .select({ count: count(refundFailed), oldestAt: earliest(refundFailed, orders.createdAt) })
      .from(orders)
      .where(refundFailed),
    // What order moves told and is not yet a mail (docs/orders.md 'Messages'): the outbox's backlog too.
    db
      .select({ unsent: sql<number>`count(*)`, oldestAt: sql<number | null>`min(${orderMessages.createdAt})` })
      .from(orderMessages)
      .where(isNull(orderMessages.sentAt)),
  ]);

  const instant = (value: number | null | undefined) => (value == null ? null : Number(value));
  const earliestOf = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.min(a, b));
  return {
    outbox: {
      pending: Number(outbox?.pending ?? 0) + Number(messages?.unsent ?? 0),
      oldestPendingAt: earliestOf(instant(outbox?.oldestPendingAt), instant(messages?.oldestAt)),
      retrying: Number(outbox?.retrying ?? 0),
      deadLetters: Number(outbox?.deadLetters ?? 0),
      oldestDeadLetterAt: instant(outbox?.oldestDeadLetterAt),
      lastError: lastFailure ? { error: lastFailure.error, at: lastFailure.createdAt.getTime() } : null,
    },
    sync: {
      last: lastRun
        ? {
            status: lastRun.status,
            trigger: lastRun.trigger,
            startedAt: lastRun.startedAt.getTime(),
            finishedAt: lastRun.finishedAt?.getTime() ?? null,
            newCount: lastRun.newCount,
            updatedCount: lastRun.updatedCount,
            skipped: lastRun.skipped,
            error: lastRun.error,
          }
        : null,
      lastSuccessAt: lastSuccess?.finishedAt?.getTime() ?? null,
    },
    orders: {
      processing: Number(money?.processing ?? 0),
      dueSoon: Number(money?.dueSoon ?? 0),
      oldestProcessingAt: instant(money?.oldestProcessingAt),
      holds: Number(money?.holds ?? 0),
      endedHolds: Number(money?.endedHolds ?? 0),
      earliestHoldEnd: instant(money?.earliestHoldEnd),
      refundsToHandle: Number(refunds?.count ?? 0),
    },
  };
}
