import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";

import type { Db } from "#app/db/client.server";
import { flights, orderEvents, orderLinks, orders, paymentEvents, users } from "#app/db/schema";
import { createRandomToken, sha256Hex } from "#app/utils/crypto.server";

/** False for a replay. Written before the move: a failed move deletes it again (`forgetPaymentEvent`). */
export async function claimPaymentEvent(
  db: Db,
  event: { id: string; type: string; orderId: string | null; now: Date },
) {
  const inserted = await db
    .insert(paymentEvents)
    .values({ id: event.id, type: event.type, orderId: event.orderId, receivedAt: event.now })
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id });
  return inserted.length === 1;
}

export async function forgetPaymentEvent(db: Db, eventId: string) {
  await db.delete(paymentEvents).where(eq(paymentEvents.id, eventId));
}

/** The order's flight, when its carrier is named whole: an order is not confirmed before (docs/orders.md). */
export const flightWithOperator = sql`select 1 from flights where flights.id = ${orders.flightId}
  and flights.operator_name is not null and flights.operator_aoc is not null and flights.operator_state is not null`;

/** No personal field but the email the caps count. */
export async function findOrderForPayment(db: Db, orderId: string) {
  const row = await db
    .select({
      id: orders.id,
      status: orders.status,
      paymentState: orders.paymentState,
      amountCents: orders.amountCents,
      seats: orders.seats,
      reference: orders.reference,
      language: orders.language,
      holdExpiresAt: orders.holdExpiresAt,
      paymentSessionId: orders.paymentSessionId,
      paymentIntentId: orders.paymentIntentId,
      captureBefore: orders.captureBefore,
      refundedCents: orders.refundedCents,
      cancellationFeeCents: orders.cancellationFeeCents,
      customerEmail: sql<string>`json_extract(${orders.customerInfo}, '$.email')`,
      flightId: orders.flightId,
      flightStatus: sql<"scheduled" | "cancelled">`(select status from flights where id = ${orders.flightId})`,
      operatorNamed: sql<boolean>`exists (${flightWithOperator})`.mapWith(Boolean),
      cancelReason: orders.cancelReason,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .get();
  return row ?? null;
}

export type OrderForPayment = NonNullable<Awaited<ReturnType<typeof findOrderForPayment>>>;

export async function setPaymentSession(
  db: Db,
  { orderId, sessionId, now }: { orderId: string; sessionId: string; now: Date },
) {
  const [updated] = await db
    .update(orders)
    .set({ paymentSessionId: sessionId, updatedAt: now })
    .where(sql`${orders.id} = ${orderId} and ${orders.status} = 'pending'`)
    .returning({ id: orders.id });
  return updated !== undefined;
}

export function listExpiredHolds(
  db: Db,
  { now, flightId, limit = 200 }: { now: Date; flightId?: string; limit?: number },
) {
  return db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.status, "pending"),
        lte(orders.holdExpiresAt, now),
        flightId ? eq(orders.flightId, flightId) : undefined,
      ),
    )
    .orderBy(asc(orders.holdExpiresAt))
    .limit(limit);
}

export function listDepartedPendingOrders(db: Db, { now, limit = 200 }: { now: Date; limit?: number }) {
  return db
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(flights, eq(orders.flightId, flights.id))
    .where(and(eq(orders.status, "pending"), lte(flights.departureDate, now)))
    .limit(limit);
}

export async function createOrderLink(db: Db, orderId: string): Promise<string> {
  const linkKey = createRandomToken();
  await db.insert(orderLinks).values({ linkKeyHash: await sha256Hex(linkKey), orderId });
  return linkKey;
}

export async function isOrderLinkKey(db: Db, orderId: string, linkKey: string): Promise<boolean> {
  const row = await db
    .select({ orderId: orderLinks.orderId })
    .from(orderLinks)
    .where(eq(orderLinks.linkKeyHash, await sha256Hex(linkKey)))
    .get();
  return row?.orderId === orderId;
}

export async function revokeOrderLinks(db: Db, orderId: string) {
  await db.delete(orderLinks).where(eq(orderLinks.orderId, orderId));
}

export function listOrderEvents(db: Db, orderIds: string[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      orderId: orderEvents.orderId,
      move: orderEvents.move,
      fromStatus: orderEvents.fromStatus,
      toStatus: orderEvents.toStatus,
      paymentState: orderEvents.paymentState,
      actor: orderEvents.actor,
      detail: orderEvents.detail,
      createdAt: orderEvents.createdAt,
      byFirstName: users.firstName,
      byLastName: users.lastName,
    })
    .from(orderEvents)
    .leftJoin(users, eq(orderEvents.changedBy, users.id))
    .where(inArray(orderEvents.orderId, orderIds))
    .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id));
}

export type LiveFlightOrder = {
  id: string;
  status: "pending" | "processing" | "completed";
  paymentState: string;
  amountCents: number;
  userId: string | null;
};

export function listLiveFlightOrders(db: Db, flightId: string) {
  return db.all<LiveFlightOrder>(sql`select id, status, payment_state as paymentState, amount_cents as amountCents,
      user_id as userId
    from orders where flight_id = ${flightId} and status in ('pending', 'processing', 'completed')
    order by created_at, id`);
}

/** What a gestionnaire reads before cancelling the flight: the customer's name, none of their contact fields. */
export function listFlightOrdersToCancel(db: Db, flightId: string) {
  return db.all<
    LiveFlightOrder & {
      reference: string | null;
      firstName: string | null;
      lastName: string | null;
      seats: number;
      wholeAircraft: number;
    }
  >(sql`select id, status, payment_state as paymentState, amount_cents as amountCents, user_id as userId,
      reference, json_extract(customer_info, '$.firstName') as firstName,
      json_extract(customer_info, '$.lastName') as lastName, seats, whole_aircraft as wholeAircraft
    from orders where flight_id = ${flightId} and status in ('pending', 'processing', 'completed')
    order by created_at, id`);
}

/** A fee kept on a cancelled flight: the customer cancelled first and was refunded less it. */
const FEE_KEPT = sql.raw(`o.status = 'cancelled' and o.cancel_reason = 'customer' and o.cancellation_fee_cents > 0
  and o.payment_state in ('captured', 'refunded', 'offline') and o.refunded_cents < o.amount_cents`);

export function listFeesToGiveBack(db: Db, flightId: string) {
  return db.all<{ id: string }>(sql`select o.id from orders o where o.flight_id = ${flightId} and ${FEE_KEPT}
    order by o.created_at, o.id`);
}

/** Cancelled between `from` and `to`: a cascade under way now is its own, one from long ago is history. */
export function listFlightsToFinish(db: Db, { from, to }: { from: Date; to: Date }) {
  return db.all<{ id: string }>(sql`select f.id from flights f where f.status = 'cancelled'
      and f.cancelled_at between ${from.getTime()} and ${to.getTime()} and exists (
      select 1 from orders o where o.flight_id = f.id
        and (o.status in ('pending', 'processing', 'completed') or (${FEE_KEPT})))
    order by f.cancelled_at limit 20`);
}

export function listOrdersToReconcile(
  db: Db,
  { quietSince, cancelledSince }: { quietSince: Date; cancelledSince: Date },
) {
  return db.all<{ id: string; paymentSessionId: string }>(sql`select id, payment_session_id as paymentSessionId
    from orders where payment_session_id is not null and payment_intent_id is null and (
      (status = 'pending' and updated_at <= ${quietSince.getTime()})
      or (status = 'cancelled' and cancel_reason in ('expired', 'departed')
        and updated_at >= ${cancelledSince.getTime()}))
    order by updated_at limit 25`);
}

/** True when this authorisation of the order was already released as a late payment. */
export async function wasReleasedLate(db: Db, { orderId, intent }: { orderId: string; intent: string }) {
  const row = await db
    .select({ id: orderEvents.id })
    .from(orderEvents)
    .where(
      and(
        eq(orderEvents.orderId, orderId),
        eq(orderEvents.move, "lateAuthorisationReleased"),
        sql`${orderEvents.detail} like ${`%: ${intent}`}`,
      ),
    )
    .get();
  return row !== undefined;
}
