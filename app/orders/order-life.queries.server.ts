/**
 * The moves of an order's life (docs/payments.md) as D1 statements. Every move is one
 * `db.batch` (one transaction): a conditional UPDATE of the order (`where status = <from>`),
 * then, only if it changed the row (`changes() = 1`), its history row, and for a
 * cancellation the seats given back and the flight's history row. So each move happens
 * once, whoever tries it at the same moment (a webhook, staff, the expiry cron), and
 * seats are given back once.
 */
import { and, asc, eq, inArray, lte, sql, type SQL } from "drizzle-orm";
import type { Db } from "#app/db/client.server";
import { flightLogs, flights, orderEvents, orderLinks, orders, paymentEvents, users } from "#app/db/schema";
import { type CancelReason, type OrderActor, type OrderStatus, type PaymentState } from "#app/utils/constants";
import { createRandomToken, sha256Hex } from "#app/utils/crypto.server";

/** "Genève → Nice" for the flight's history row, from the flight row in scope (`f`). */
const flightLabelSql = sql.raw(
  "(select served_city from airports where id = f.departure_airport_id) || ' → ' || (select served_city from airports where id = f.arrival_airport_id)",
);

export type OrderMove =
  | "authorised"
  | "captured"
  | "captureFailed"
  | "validatedOffline"
  | "refused"
  | "expired"
  | "paymentFailed"
  | "departed"
  | "lateAuthorisationReleased"
  | "amountMismatch"
  | "releaseFailed"
  // Issue 27: the cancellations of order-cancel.server.ts (named after their reason) and the refunds.
  | "flightCancelled"
  | "customer"
  | "authorisationLapsed"
  | "refunded"
  | "refundFailed"
  | "refundManual"
  | "refundConfirmed"
  | "authorisationReleased";

type MoveSpec = {
  orderId: string;
  move: OrderMove;
  from: OrderStatus;
  to: OrderStatus;
  paymentState: PaymentState;
  actor: OrderActor;
  changedBy?: string | null;
  detail?: string | null;
  now: Date;
  /**
   * More columns to set (the payment intent and its capture deadline, the cancellation's
   * reason, time and fee; the row's payment state when it differs from the history row's).
   */
  set?: Partial<{
    paymentIntentId: string;
    captureBefore: Date | null;
    cancelReason: CancelReason;
    cancelledAt: Date;
    cancellationFeeCents: number | null;
    paymentState: PaymentState;
  }>;
  /** More conditions the order must meet (the amount an event carries, the hold's end). */
  when?: SQL;
};

/** The history row of a move, written only if the statement before it changed one row. */
function eventInsert(db: Db, spec: Omit<MoveSpec, "set" | "when">, { afterChange }: { afterChange: boolean }) {
  return db.insert(orderEvents).select(sql`
    select null, ${spec.orderId}, ${spec.move}, ${spec.from}, ${spec.to}, ${spec.paymentState}, ${spec.actor},
      ${spec.changedBy ?? null}, ${spec.detail ?? null}, ${spec.now.getTime()}
    where ${afterChange ? sql`changes() = 1` : sql`1`}`);
}

/** The seats of a just-cancelled order back on its flight, and the flight's history row. */
function releaseStatements(db: Db, spec: MoveSpec) {
  const nowMs = spec.now.getTime();
  const release = db
    .update(flights)
    .set({
      seatsHeld: sql`max(0, ${flights.seatsHeld} - (select seats from orders where id = ${spec.orderId}))`,
      updatedAt: spec.now,
    })
    .where(sql`${flights.id} = (select flight_id from orders where id = ${spec.orderId}) and changes() = 1`);
  const actor = spec.actor === "staff" ? "staff" : spec.actor === "customer" ? "customer" : "system";
  const log = db.insert(flightLogs).select(sql`
    select null, f.id, ${flightLabelSql}, 'UPDATE', '["seats_held"]', json_object('seats_held', f.seats_held + o.seats),
      json_object('seats_held', f.seats_held), ${actor}, ${spec.changedBy ?? null}, ${nowMs}
    from orders o join flights f on f.id = o.flight_id where o.id = ${spec.orderId} and changes() = 1`);
  return [release, log] as const;
}

/**
 * One move, once: true when this call made it. A move to `cancelled` gives the seats
 * back in the same transaction.
 */
export async function moveOrder(db: Db, spec: MoveSpec): Promise<boolean> {
  const update = db
    .update(orders)
    .set({
      status: spec.to,
      paymentState: spec.paymentState,
      updatedAt: spec.now,
      // Only a pending order holds seats against the clock.
      ...(spec.to === "pending" ? {} : { holdExpiresAt: null }),
      ...spec.set,
    })
    .where(and(sql`${orders.id} = ${spec.orderId} and ${orders.status} = ${spec.from}`, spec.when));
  const event = eventInsert(db, spec, { afterChange: true });
  const [result] =
    spec.to === "cancelled"
      ? await db.batch([update, event, ...releaseStatements(db, spec)])
      : await db.batch([update, event]);
  return result.meta.changes === 1;
}

/** A history row without a move (a late payment released, a refused event, a failed release). */
export async function recordOrderEvent(
  db: Db,
  spec: Omit<MoveSpec, "set" | "when" | "from" | "to"> & { status: OrderStatus },
) {
  await eventInsert(db, { ...spec, from: spec.status, to: spec.status }, { afterChange: false });
}

/**
 * A capture that failed after the order was moved to completed (the move comes first, so
 * a refusal at the same moment cannot win after the money is taken): back to processing.
 * The row is still 'authorised' while the capture runs (`confirmCapture`).
 */
export async function undoCapture(db: Db, { orderId, now, detail }: { orderId: string; now: Date; detail: string }) {
  return moveOrder(db, {
    orderId,
    move: "captureFailed",
    from: "completed",
    to: "processing",
    paymentState: "authorised",
    actor: "provider",
    detail,
    now,
    when: sql`${orders.paymentState} = 'authorised'`,
  });
}

/**
 * Records a provider event as applied; false when it already was (a replay). Written
 * before the event's move: a crash in between loses the move, which the provider's
 * retry cannot redo, so a failed move deletes the row again (`forgetPaymentEvent`).
 */
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

/** What the order's life needs of an order (no personal field but the email the caps count). */
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
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .get();
  return row ?? null;
}

export type OrderForPayment = NonNullable<Awaited<ReturnType<typeof findOrderForPayment>>>;

/** The provider's hosted page of a pending order (set once; a new page replaces it). */
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

/** Pending orders whose hold has run out (oldest first, a bounded batch for one cron run). */
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

/** Pending orders whose flight has left (housekeeping). */
export function listDepartedPendingOrders(db: Db, { now, limit = 200 }: { now: Date; limit?: number }) {
  return db
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(flights, eq(orders.flightId, flights.id))
    .where(and(eq(orders.status, "pending"), lte(flights.departureDate, now)))
    .limit(limit);
}

/**
 * A new link to an order (docs/payments.md 'References and links'): a random key, of which
 * only the SHA-256 is stored. Each mail carries its own; `revokeOrderLinks` ends them all.
 */
export async function createOrderLink(db: Db, orderId: string): Promise<string> {
  const linkKey = createRandomToken();
  await db.insert(orderLinks).values({ linkKeyHash: await sha256Hex(linkKey), orderId });
  return linkKey;
}

/** True when `linkKey` opens `orderId`. */
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

/** An order's history, oldest first, with the staff member's name when there is one. */
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
