import { desc, eq, sql } from "drizzle-orm";
import type { Db } from "#app/db/client.server";
import { mailOutbox } from "#app/db/schema";

/** The outbox, newest first, optionally for one recipient (the dev mailbox). */
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

export async function getOutboxMail(db: Db, id: number) {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return row ?? null;
}
