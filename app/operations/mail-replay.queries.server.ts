/**
 * The outbox's dead letters (docs/operations.md): there is no dead-letter queue; a mail
 * that failed for good stays in mail_outbox as `failed` with no next try (8 tries, or a
 * last try that never reported back). This statement gives them another try (the conditions
 * that find them are in app/db/failed-mails.server.ts); the retry itself is the cron's (`deliverDueMails`).
 */
import { and, gte, or, sql } from "drizzle-orm";
import type { Db } from "#app/db/client.server";
import { mailOutbox } from "#app/db/schema";
import { failedForGood, failedWithTriesLeft } from "#app/db/failed-mails.server";

/**
 * Makes every failed mail due now: those with tries left are brought forward, and each
 * dead letter created since `since` gets one more try (its tries set to one under the
 * cap, so a new failure leaves it failed for good again). Older dead letters are left
 * alone: their news is stale. Returns how many rows were made due.
 */
export async function requeueFailedOutboxMails(
  db: Db,
  { now, since, maxAttempts }: { now: Date; since: Date; maxAttempts: number },
) {
  const result = await db
    .update(mailOutbox)
    .set({ nextAttemptAt: now, attempts: sql`min(${mailOutbox.attempts}, ${maxAttempts - 1})` })
    .where(or(failedWithTriesLeft, and(failedForGood, gte(mailOutbox.createdAt, since))));
  return result.meta.changes;
}
