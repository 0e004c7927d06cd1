// A message becomes its mail or notification and is marked sent in one batch: it goes once (docs/orders.md 'Messages').
import { and, asc, eq, inArray, isNull, lt, lte, ne, or, sql } from "drizzle-orm";

import type { Db } from "#app/db/client.server";
import { runBatch } from "#app/db/d1-batch.server";
import { insertOutboxMailWhen, type NewOutboxMail } from "#app/db/outbox-insert.server";
import { type NotificationParams, notifications, type NotificationType, orderMessages } from "#app/db/schema";

export type OrderMessage = typeof orderMessages.$inferSelect;

export function listUnsentMessages(
  db: Db,
  {
    orderId,
    createdBefore,
    placedBefore,
    maxAttempts,
    kinds,
    limit = 50,
  }: {
    orderId?: string;
    /** Only these kinds (the queue's job for the messages before a flight). */
    kinds?: readonly string[];
    createdBefore?: Date;
    /** A 'placed' message written later waits. */
    placedBefore: Date;
    maxAttempts: number;
    limit?: number;
  },
) {
  return db
    .select()
    .from(orderMessages)
    .where(
      and(
        isNull(orderMessages.sentAt),
        lt(orderMessages.attempts, maxAttempts),
        orderId ? eq(orderMessages.orderId, orderId) : undefined,
        kinds ? inArray(orderMessages.kind, [...kinds]) : undefined,
        createdBefore ? lte(orderMessages.createdAt, createdBefore) : undefined,
        or(ne(orderMessages.kind, "placed"), lte(orderMessages.createdAt, placedBefore)),
      ),
    )
    .orderBy(asc(orderMessages.id))
    .limit(limit);
}

const unsent = (id: number) => sql`exists (select 1 from order_messages where id = ${id} and sent_at is null)`;
const markSent = (id: number, now: Date) =>
  sql`update order_messages set sent_at = ${now.getTime()} where id = ${id} and sent_at is null`;

export async function sendMessageMail(
  db: Db,
  { id, mail, attempts, now }: { id: number; mail: NewOutboxMail; attempts: 0 | 1; now: Date },
) {
  const [inserted] = await runBatch(db, [insertOutboxMailWhen(mail, unsent(id), { attempts }), markSent(id, now)]);
  return (inserted!.results[0] as { id: number } | undefined)?.id ?? null;
}

export async function sendMessageNotification(
  db: Db,
  input: {
    id: number;
    userId: string;
    type: NotificationType;
    params: NotificationParams;
    flightId: string;
    now: Date;
  },
) {
  const nowMs = input.now.getTime();
  await runBatch(db, [
    sql`insert into ${notifications} (user_id, type, params, flight_id, read, created_at)
      select ${input.userId}, ${input.type}, ${JSON.stringify(input.params)}, ${input.flightId}, 0, ${nowMs}
      where ${unsent(input.id)}`,
    markSent(input.id, input.now),
  ]);
}

export async function closeMessage(db: Db, id: number, now: Date) {
  await runBatch(db, [markSent(id, now)]);
}

export async function countMessageAttempt(db: Db, id: number) {
  await db
    .update(orderMessages)
    .set({ attempts: sql`${orderMessages.attempts} + 1` })
    .where(eq(orderMessages.id, id));
}

export async function purgeSentMessages(db: Db, before: Date) {
  await db.delete(orderMessages).where(lte(orderMessages.sentAt, before));
}
