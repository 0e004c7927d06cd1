import { and, asc, desc, eq, gte, inArray, lt, lte, sql } from "drizzle-orm";

import type { Db } from "#app/db/client.server";
import type { NewOutboxMail } from "#app/db/outbox-insert.server";
import { mailOutbox } from "#app/db/schema";

export type OutboxMail = typeof mailOutbox.$inferSelect;
const RETRYABLE_STATUSES = ["pending", "failed"] as const;

/** `attempts` 0: the first try is a queue job's (decision 020); 1: the caller claimed it and sends it now. */
export async function insertOutboxMail(
  db: Db,
  mail: NewOutboxMail,
  { attempts = 1 }: { attempts?: 0 | 1 } = {},
): Promise<OutboxMail> {
  const [row] = await db
    .insert(mailOutbox)
    .values({ ...mail, status: "pending", attempts })
    .returning();
  return row!;
}

export async function claimQueuedOutboxMail(
  db: Db,
  { id, attempts, nextAttemptAt }: { id: number; attempts: number; nextAttemptAt: Date },
): Promise<OutboxMail | null> {
  const [row] = await db
    .update(mailOutbox)
    .set({ attempts: attempts + 1, nextAttemptAt })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.attempts, attempts), eq(mailOutbox.status, "pending")))
    .returning();
  return row ?? null;
}

export function markOutboxMailSent(
  db: Db,
  id: number,
  { sentAt, providerMessageId }: { sentAt: Date; providerMessageId: string | null },
) {
  return db
    .update(mailOutbox)
    .set({ status: "sent", sentAt, providerMessageId, lastError: null, nextAttemptAt: null })
    .where(eq(mailOutbox.id, id));
}

/** `nextAttemptAt` null: no retry any more. */
export function markOutboxMailFailed(
  db: Db,
  id: number,
  { error, nextAttemptAt }: { error: string; nextAttemptAt: Date | null },
) {
  return db.update(mailOutbox).set({ status: "failed", lastError: error, nextAttemptAt }).where(eq(mailOutbox.id, id));
}

export function listDueOutboxMails(
  db: Db,
  { now, maxAttempts, limit }: { now: Date; maxAttempts: number; limit: number },
) {
  return db
    .select({ id: mailOutbox.id, attempts: mailOutbox.attempts })
    .from(mailOutbox)
    .where(
      and(
        inArray(mailOutbox.status, RETRYABLE_STATUSES),
        lte(mailOutbox.nextAttemptAt, now),
        lt(mailOutbox.attempts, maxAttempts),
      ),
    )
    .orderBy(asc(mailOutbox.nextAttemptAt))
    .limit(limit);
}

/** The conditional update is the lock and `nextAttemptAt` the lease: null when another run has the row. */
export async function claimOutboxMail(
  db: Db,
  { id, attempts, now, nextAttemptAt }: { id: number; attempts: number; now: Date; nextAttemptAt: Date },
): Promise<OutboxMail | null> {
  const [row] = await db
    .update(mailOutbox)
    .set({ status: "pending", attempts: attempts + 1, nextAttemptAt })
    .where(
      and(
        eq(mailOutbox.id, id),
        eq(mailOutbox.attempts, attempts),
        inArray(mailOutbox.status, RETRYABLE_STATUSES),
        lte(mailOutbox.nextAttemptAt, now),
      ),
    )
    .returning();
  return row ?? null;
}

/** Mails whose last try never reported back (the Worker died): failed for good. */
export async function closeAbandonedOutboxMails(db: Db, { now, maxAttempts }: { now: Date; maxAttempts: number }) {
  const result = await db
    .update(mailOutbox)
    .set({ status: "failed", nextAttemptAt: null, lastError: "interrupted during the last try" })
    .where(
      and(eq(mailOutbox.status, "pending"), gte(mailOutbox.attempts, maxAttempts), lte(mailOutbox.nextAttemptAt, now)),
    );
  return result.meta.changes;
}

export function listOutboxMails(db: Db, { to, limit = 100 }: { to?: string; limit?: number } = {}) {
  return db
    .select({
      id: mailOutbox.id,
      toAddress: mailOutbox.toAddress,
      subject: mailOutbox.subject,
      status: mailOutbox.status,
      createdAt: mailOutbox.createdAt,
    })
    .from(mailOutbox)
    .where(to ? sql`lower(${mailOutbox.toAddress}) = ${to.toLowerCase()}` : undefined)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(limit);
}

export async function getOutboxMail(db: Db, id: number): Promise<OutboxMail | null> {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return row ?? null;
}
