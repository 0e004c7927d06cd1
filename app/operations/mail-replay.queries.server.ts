// Dead letters and their replay: docs/operations.md 'Replaying dead letters'.
import { and, gte, isNull, or, sql } from "drizzle-orm";

import type { Db } from "#app/db/client.server";
import { failedForGood, failedWithTriesLeft } from "#app/db/failed-mails.server";
import { mailOutbox, orderMessages } from "#app/db/schema";

/** A dead letter since `since` gets one more try: its tries are set one under the cap. */
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

/** Order messages given up since `since` get one more try by the next sender (their tries one under the cap). */
export async function requeueGivenUpOrderMessages(
  db: Db,
  { since, maxAttempts }: { since: Date; maxAttempts: number },
) {
  const result = await db
    .update(orderMessages)
    .set({ attempts: maxAttempts - 1 })
    .where(
      and(isNull(orderMessages.sentAt), gte(orderMessages.attempts, maxAttempts), gte(orderMessages.createdAt, since)),
    );
  return result.meta.changes;
}
