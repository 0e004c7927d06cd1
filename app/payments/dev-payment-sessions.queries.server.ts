// The simulator's pages (local only). Every move is one conditional UPDATE, so a double
// click or a retry moves a row once.
import { and, asc, eq, inArray, isNull, lt, lte, sql } from "drizzle-orm";

import type { Db } from "#app/db/client.server";
import { devPaymentEvents, devPaymentRefunds, devPaymentSessions, orders } from "#app/db/schema";

export const DEV_PAYMENT_SESSION_STATUSES = [
  "open",
  "authorised",
  "captured",
  "released",
  "failed",
  "expired",
  "refunded",
] as const;
export type DevPaymentSessionStatus = (typeof DEV_PAYMENT_SESSION_STATUSES)[number];

export type DevPaymentSession = typeof devPaymentSessions.$inferSelect;
export type DevPaymentSessionWithReference = DevPaymentSession & { reference: string | null };

export async function insertDevPaymentSession(db: Db, values: typeof devPaymentSessions.$inferInsert) {
  await db.insert(devPaymentSessions).values(values);
}

export async function findDevPaymentSession(db: Db, id: string): Promise<DevPaymentSessionWithReference | null> {
  const [row] = await db
    .select({ session: devPaymentSessions, reference: orders.reference })
    .from(devPaymentSessions)
    .leftJoin(orders, eq(orders.id, devPaymentSessions.orderId))
    .where(eq(devPaymentSessions.id, id))
    .limit(1);
  return row ? { ...row.session, reference: row.reference } : null;
}

export async function findDevPaymentSessionByIntent(
  db: Db,
  paymentIntentId: string,
): Promise<DevPaymentSession | null> {
  const [row] = await db
    .select()
    .from(devPaymentSessions)
    .where(eq(devPaymentSessions.paymentIntentId, paymentIntentId))
    .limit(1);
  return row ?? null;
}

export async function moveDevPaymentSession(
  db: Db,
  {
    by,
    from,
    to,
  }: {
    by: { id: string } | { paymentIntentId: string };
    from: readonly DevPaymentSessionStatus[];
    to: DevPaymentSessionStatus;
  },
): Promise<boolean> {
  const key =
    "id" in by ? eq(devPaymentSessions.id, by.id) : eq(devPaymentSessions.paymentIntentId, by.paymentIntentId);
  const moved = await db
    .update(devPaymentSessions)
    .set({ status: to })
    .where(and(key, inArray(devPaymentSessions.status, [...from])))
    .returning({ id: devPaymentSessions.id });
  return moved.length > 0;
}

export type DevRefundOutcome =
  | { done: "refunded"; refundId: string; totalRefundedCents: number }
  | { done: "replayed" }
  | { done: "tooMuch"; leftCents: number };

/** Once per idempotency key and only within what is left; the session's total grows only if the row was written. */
export async function recordDevRefund(
  db: Db,
  refund: { id: string; idempotencyKey: string; paymentIntentId: string; amountCents: number; now: Date },
): Promise<DevRefundOutcome> {
  const fits = sql`exists (select 1 from ${devPaymentSessions} where ${devPaymentSessions.paymentIntentId} = ${refund.paymentIntentId}
    and ${devPaymentSessions.status} in ('captured', 'refunded')
    and ${devPaymentSessions.refundedCents} + ${refund.amountCents} <= ${devPaymentSessions.amountCents})`;
  const [inserted] = await db.batch([
    db.insert(devPaymentRefunds).select(
      sql`select ${refund.idempotencyKey}, ${refund.id}, ${refund.paymentIntentId}, ${refund.amountCents}, ${refund.now.getTime()}
          where ${fits} and not exists (select 1 from ${devPaymentRefunds} where ${devPaymentRefunds.idempotencyKey} = ${refund.idempotencyKey})`,
    ),
    db
      .update(devPaymentSessions)
      .set({
        refundedCents: sql`${devPaymentSessions.refundedCents} + ${refund.amountCents}`,
        status: sql`case when ${devPaymentSessions.refundedCents} + ${refund.amountCents} >= ${devPaymentSessions.amountCents} then 'refunded' else ${devPaymentSessions.status} end`,
      })
      .where(sql`${devPaymentSessions.paymentIntentId} = ${refund.paymentIntentId} and changes() = 1`),
  ]);
  if (inserted.meta.changes === 1) {
    const session = await findDevPaymentSessionByIntent(db, refund.paymentIntentId);
    return { done: "refunded", refundId: refund.id, totalRefundedCents: session?.refundedCents ?? refund.amountCents };
  }
  const [known] = await db
    .select({ id: devPaymentRefunds.id })
    .from(devPaymentRefunds)
    .where(eq(devPaymentRefunds.idempotencyKey, refund.idempotencyKey));
  if (known) return { done: "replayed" };
  const session = await findDevPaymentSessionByIntent(db, refund.paymentIntentId);
  return { done: "tooMuch", leftCents: session ? session.amountCents - session.refundedCents : 0 };
}

export async function moveSessionWithEvents(
  db: Db,
  input: {
    id: string;
    from: readonly DevPaymentSessionStatus[];
    to: DevPaymentSessionStatus;
    events: { id: string; body: string }[];
    now: Date;
  },
): Promise<boolean> {
  const [moved] = await db.batch([
    db
      .update(devPaymentSessions)
      .set({ status: input.to })
      .where(and(eq(devPaymentSessions.id, input.id), inArray(devPaymentSessions.status, [...input.from]))),
    ...input.events.map((event) =>
      db
        .insert(devPaymentEvents)
        .select(sql`select ${event.id}, ${event.body}, ${input.now.getTime()}, null, 0 where changes() = 1`),
    ),
  ]);
  return moved.meta.changes === 1;
}

export async function markEventsDelivered(db: Db, ids: string[], now: Date) {
  if (ids.length === 0) return;
  await db.update(devPaymentEvents).set({ deliveredAt: now }).where(inArray(devPaymentEvents.id, ids));
}

export function listUndeliveredEvents(db: Db, { before, maxAttempts }: { before: Date; maxAttempts: number }) {
  return db
    .select()
    .from(devPaymentEvents)
    .where(
      and(
        isNull(devPaymentEvents.deliveredAt),
        lte(devPaymentEvents.createdAt, before),
        lt(devPaymentEvents.attempts, maxAttempts),
      ),
    )
    .orderBy(asc(devPaymentEvents.createdAt), asc(devPaymentEvents.id))
    .limit(50);
}

export async function countEventAttempt(db: Db, id: string) {
  await db
    .update(devPaymentEvents)
    .set({ attempts: sql`${devPaymentEvents.attempts} + 1` })
    .where(eq(devPaymentEvents.id, id));
}
