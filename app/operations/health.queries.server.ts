/**
 * What the back-office's 'État du service' panel reads (docs/operations.md), in one D1
 * batch: the mail outbox, the last feed sync, and the orders waiting on money. Counts
 * and instants only (UTC milliseconds); what they mean is the health service's.
 */
import { and, desc, eq, gte, inArray, isNotNull, sql, type Column, type SQL } from "drizzle-orm";
import type { Db } from "#app/db/client.server";
import { mailOutbox, orders, syncRuns } from "#app/db/schema";
import { failedForGood, failedWithTriesLeft } from "#app/db/failed-mails.server";

export type HealthRows = Awaited<ReturnType<typeof readHealthRows>>;

const count = (condition: SQL | undefined) => sql<number>`count(case when ${condition} then 1 end)`;
/** The smallest instant among the rows that meet `condition`, as stored (milliseconds). */
const earliest = (condition: SQL | undefined, column: Column) =>
  sql<number | null>`min(case when ${condition} then ${column} end)`;

/**
 * One round trip. `failedSince`: failed mails created before it are not counted (the
 * dead letters of the last days, the ones worth replaying). `now`: holds ended before it
 * are told apart. `captureDueBy`: processing orders whose authorisation lapses before it.
 */
export async function readHealthRows(
  db: Db,
  { now, failedSince, captureDueBy }: { now: Date; failedSince: Date; captureDueBy: Date },
) {
  const pending = eq(mailOutbox.status, "pending");
  const recentFailure = and(eq(mailOutbox.status, "failed"), gte(mailOutbox.createdAt, failedSince));
  const dead = and(failedForGood, gte(mailOutbox.createdAt, failedSince));
  const processing = eq(orders.status, "processing");
  // An authorisation that lapses before `captureDueBy`: validate or refuse it now.
  const dueSoon = and(processing, sql`${orders.captureBefore} <= ${captureDueBy.getTime()}`);
  const held = and(eq(orders.status, "pending"), isNotNull(orders.holdExpiresAt));
  const ended = and(held, sql`${orders.holdExpiresAt} <= ${now.getTime()}`);

  const refundFailed = eq(orders.paymentState, "refundFailed");
  const [[outbox], [lastFailure], [lastRun], [lastSuccess], [money], [refunds]] = await db.batch([
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
    // The newest failed mail's error: what the provider said last.
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
    // Refunds the provider refused ('Remboursement à traiter', decision 032).
    db
      .select({ count: count(refundFailed), oldestAt: earliest(refundFailed, orders.createdAt) })
      .from(orders)
      .where(refundFailed),
  ]);

  const instant = (value: number | null | undefined) => (value == null ? null : Number(value));
  return {
    outbox: {
      pending: Number(outbox?.pending ?? 0),
      oldestPendingAt: instant(outbox?.oldestPendingAt),
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
