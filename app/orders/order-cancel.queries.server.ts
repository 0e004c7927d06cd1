/**
 * The money moves after a cancellation and the provider's refund events (decision 031), as
 * D1 statements: each one conditional UPDATE of the order's payment (`where payment_state
 * in <from>`) and, only if it changed the row, its history row, in one `db.batch`. So a
 * refund is recorded once, whether our call, the provider's webhook or staff's retry
 * records it first. The order's own move to cancelled is `moveOrder` (order-life.queries).
 */
import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "#app/db/client.server";
import { orderEvents, orders } from "#app/db/schema";
import { type OrderActor, type PaymentState } from "#app/utils/constants";
import type { OrderMove } from "./order-life.queries.server";

/**
 * The provider took the money of a completed order: its payment state becomes 'captured'.
 * False when the order was cancelled while the capture ran (order-cancel.server.ts then
 * gives that money back).
 */
export async function confirmCapture(db: Db, { orderId, now }: { orderId: string; now: Date }) {
  const [row] = await db
    .update(orders)
    .set({ paymentState: "captured", updatedAt: now })
    .where(sql`${orders.id} = ${orderId} and ${orders.status} = 'completed' and ${orders.paymentState} = 'authorised'`)
    .returning({ id: orders.id });
  return row !== undefined;
}

/** The order a provider event names only by its payment (a charge without our metadata). */
export async function findOrderIdByPaymentIntent(db: Db, paymentIntentId: string): Promise<string | null> {
  const row = await db.select({ id: orders.id }).from(orders).where(eq(orders.paymentIntentId, paymentIntentId)).get();
  return row?.id ?? null;
}

/** The capture deadline told after the authorisation (the charge's event came second): set once. */
export async function setCaptureBefore(
  db: Db,
  {
    orderId,
    paymentIntentId,
    captureBefore,
    now,
  }: { orderId: string; paymentIntentId: string; captureBefore: Date; now: Date },
) {
  await db
    .update(orders)
    .set({ captureBefore, updatedAt: now })
    .where(
      sql`${orders.id} = ${orderId} and ${orders.paymentIntentId} = ${paymentIntentId} and ${orders.captureBefore} is null`,
    );
}

type PaymentMove = {
  orderId: string;
  move: OrderMove;
  from: readonly PaymentState[];
  to: PaymentState;
  /** The total given back after this move; `refunded_cents` never goes down. */
  refundedCents?: number;
  actor: OrderActor;
  changedBy?: string | null;
  detail?: string | null;
  now: Date;
};

/** One move of an order's money, once: true when this call made it. Its status stays. */
export async function movePayment(db: Db, spec: PaymentMove): Promise<boolean> {
  const fromList = sql.join(
    spec.from.map((state) => sql`${state}`),
    sql`, `,
  );
  const update = db
    .update(orders)
    .set({
      paymentState: spec.to,
      updatedAt: spec.now,
      ...(spec.refundedCents === undefined
        ? {}
        : { refundedCents: sql`max(${orders.refundedCents}, ${spec.refundedCents})` }),
    })
    .where(sql`${orders.id} = ${spec.orderId} and ${orders.paymentState} in (${fromList})`);
  const event = db.insert(orderEvents).select(sql`
    select null, o.id, ${spec.move}, o.status, o.status, o.payment_state, ${spec.actor}, ${spec.changedBy ?? null},
      ${spec.detail ?? null}, ${spec.now.getTime()}
    from orders o where o.id = ${spec.orderId} and changes() = 1`);
  const [result] = await db.batch([update, event]);
  return result.meta.changes === 1;
}

/**
 * The provider says `totalCents` went back (charge.refunded): the order of that payment
 * becomes 'refunded' with that total, once, whether the refund was ours (it then finds the
 * total already recorded and changes nothing) or made in the provider's dashboard, or
 * followed a refund the provider first refused. The history row is written either way,
 * once per event (the caller claimed the event's id): 'refunded', or 'refundConfirmed' when already recorded.
 */
export async function recordRefundTotal(
  db: Db,
  {
    orderId,
    paymentIntentId,
    totalCents,
    eventId,
    now,
  }: { orderId: string; paymentIntentId: string; totalCents: number; eventId: string; now: Date },
) {
  const update = db
    .update(orders)
    .set({ paymentState: "refunded", refundedCents: totalCents, updatedAt: now })
    .where(
      sql`${orders.id} = ${orderId} and ${orders.paymentIntentId} = ${paymentIntentId}
        and ${orders.paymentState} in ('captured', 'refundFailed', 'refunded')
        and (${orders.paymentState} <> 'refunded' or ${orders.refundedCents} < ${totalCents})
        and ${totalCents} between 0 and ${orders.amountCents}`,
    );
  const event = (move: OrderMove, afterChange: boolean) =>
    db.insert(orderEvents).select(sql`
    select null, o.id, ${move}, o.status, o.status, o.payment_state, 'provider', null,
      ${`${eventId}: ${totalCents}`}, ${now.getTime()}
    from orders o where o.id = ${orderId} and ${afterChange ? sql`changes() = 1` : sql`1`}`);
  const [result] = await db.batch([update, event("refunded", true)]);
  if (result.meta.changes === 1) return true;
  // Already recorded (our own refund): the provider's confirmation, for the history.
  await event("refundConfirmed", false);
  return false;
}

/** The id of an order's last history row of `move`, or null. */
export async function lastEventId(db: Db, orderId: string, move: OrderMove): Promise<number | null> {
  const row = await db
    .select({ id: orderEvents.id })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.move, move)))
    .orderBy(desc(orderEvents.id))
    .limit(1)
    .get();
  return row?.id ?? null;
}
