/**
 * Orders and the seat hold (docs/orders.md, docs/decisions/008-seat-hold.md). Seats are
 * taken by one conditional UPDATE of the flight and the order is inserted only if that
 * UPDATE changed the row, both in one D1 batch (one transaction): two buyers can never
 * hold the same last seat, and an order never exists without its seats.
 */
import { desc, eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "#app/db/client.server";
import { flightLogs, flights, orderEvents, orderLinks, orders, type CustomerInfo } from "#app/db/schema";
import type { ProfileLanguage } from "#app/utils/constants";
import { arrivalAirport, departureAirport } from "#app/db/airport-aliases.server";
import { messageInserts } from "./order-moves.queries.server";

/** "Genève → Nice": a history row's label, from the flight row in scope (`flights` or `f`). */
const flightLabelSql = sql.raw(
  "(select served_city from airports where id = departure_airport_id) || ' → ' || (select served_city from airports where id = arrival_airport_id)",
);

export type SeatRequest =
  /** N seats, at the per-person price of the moment. */
  | { kind: "seats"; seats: number }
  /** Every seat left, at the flight's total price. */
  | { kind: "aircraft" };

export type PlaceOrderInput = {
  /** A fresh UUID for the new order. */
  orderId: string;
  /** The order's own human reference (`JM-…`). */
  reference: string;
  /**
   * SHA-256 of the key the first link carries (docs/payments.md 'References and links'); kept
   * in order_links too.
   */
  linkKeyHash: string;
  flightId: string;
  request: SeatRequest;
  /**
   * The seats left that the buyer saw: the whole aircraft is every one of them, so a
   * sale in between refuses that order rather than sell fewer seats than shown. A seats
   * order does not depend on it: its price per person never changes (D2).
   */
  seenAvailableSeats: number;
  userId: string | null;
  customerInfo: CustomerInfo;
  passengers: string[];
  language: ProfileLanguage;
  idempotencyKey: string;
  /** What the order's placing tells (order-machine.ts), written with it. */
  messages?: readonly string[];
  /** Until when the unpaid order holds its seats. */
  holdExpiresAt: Date;
  /** SHA-256 of the buyer's network, for the unpaid-hold caps. */
  clientKey: string;
  /**
   * The unpaid-hold caps as a condition of the hold itself (orders/hold-caps.server.ts),
   * so checkouts sent at the same moment cannot all pass a check made before them.
   */
  withinCaps?: SQL;
  now: Date;
};

export type PlaceOrderResult =
  /** `amountCents`: what the order row stores, read back from the INSERT itself. */
  | { status: "created"; orderId: string; amountCents: number }
  | { status: "duplicate"; orderId: string; flightId: string; email: string }
  | { status: "unavailable" };

/**
 * Holds the seats and creates the pending order, or does neither. The amount is
 * computed in the same statement from the flight row as it was when the seats were
 * taken (docs/payments.md 'Prices'): seats x round(minutes x rate / seats offered), or the total
 * price for the whole aircraft, which is sold only while none of its seats is held; in
 * cents. The INSERT returns the stored amount, so the mails show exactly what the order
 * row holds. The order's first link and its history row ('placed') come in the same batch.
 */
export async function placeOrder(db: Db, input: PlaceOrderInput): Promise<PlaceOrderResult> {
  const existing = await findOrderByIdempotencyKey(db, input.idempotencyKey);
  if (existing) return { status: "duplicate", ...existing };

  const { orderId } = input;
  const nowMs = input.now.getTime();
  const seen = input.seenAvailableSeats;
  const wholeAircraft = input.request.kind === "aircraft";
  // Seats to take: N, or every seat left (which must still be what the buyer saw).
  const seats = input.request.kind === "seats" ? input.request.seats : seen;

  const hold = db
    .update(flights)
    .set({ seatsHeld: sql`${flights.seatsHeld} + ${seats}`, updatedAt: input.now })
    .where(
      sql`${flights.id} = ${input.flightId}
        and ${flights.availableSeats} >= ${seats}
        and ${seats} >= 1
        and not ${flights.isSoldOut}
        and ${flights.departureDate} > ${nowMs}
        and ${flights.status} = 'scheduled'
        ${wholeAircraft ? sql`and ${flights.seatsHeld} = 0 and ${flights.availableSeats} = ${seen}` : sql``}
        ${input.withinCaps ? sql`and ${input.withinCaps}` : sql``}`,
    );
  // The seats offered (staff's override, else the feed's) divide the total (D2 revised).
  const amountCents = wholeAircraft
    ? sql`flight_time * price_per_minute * 100`
    : sql`${seats} * cast(round(flight_time * price_per_minute * 1.0 / max(1, coalesce(seats_override, feed_seats))) as integer) * 100`;
  // Every column of `orders`, in the table's order: drizzle lists them all for an insert-select.
  const insert = db
    .insert(orders)
    .select(
      sql`
    select ${orderId}, ${input.userId}, id, 'pending', ${amountCents}, ${seats}, ${wholeAircraft ? 1 : 0},
      ${JSON.stringify(input.customerInfo)}, ${input.language}, ${input.linkKeyHash}, ${input.idempotencyKey},
      ${input.reference}, ${input.holdExpiresAt.getTime()}, 'none', null, null, null,
      ${JSON.stringify(input.passengers)}, ${input.clientKey}, null, 0, null, 0, null, ${nowMs}, ${nowMs}
    from flights where id = ${input.flightId} and changes() = 1`,
    )
    .returning({ id: orders.id, amountCents: orders.amountCents });
  // The flight's history (flight_logs): the seats the order holds, written only with the order.
  // Every column in the table's order, the autoincrement id first (null).
  const log = db.insert(flightLogs).select(sql`
    select null, id, ${flightLabelSql}, 'UPDATE', '["seats_held"]', json_object('seats_held', seats_held - ${seats}),
      json_object('seats_held', seats_held), 'customer', ${input.userId}, ${nowMs}
    from flights where id = ${input.flightId} and changes() = 1`);
  const link = db.insert(orderLinks).select(sql`select ${input.linkKeyHash}, ${orderId}, ${nowMs} where changes() = 1`);
  const event = db.insert(orderEvents).select(sql`
    select null, ${orderId}, 'placed', null, 'pending', 'none', 'customer', ${input.userId}, null, ${nowMs} where changes() = 1`);

  let inserted: Array<{ id: string; amountCents: number }>;
  try {
    const messages = messageInserts(db, { orderId, kinds: input.messages ?? [], now: input.now });
    [, inserted] = await db.batch([hold, insert, log, link, event, ...messages]);
  } catch (error) {
    // The same form sent twice at once: the unique key refused the second batch whole.
    const raced = await findOrderByIdempotencyKey(db, input.idempotencyKey);
    if (raced) return { status: "duplicate", ...raced };
    throw error;
  }
  const [created] = inserted;
  if (created) return { status: "created", orderId: created.id, amountCents: created.amountCents };
  // A twin of this form, sent at the same moment, may have taken the seats it saw.
  const twin = await findOrderByIdempotencyKey(db, input.idempotencyKey);
  return twin ? { status: "duplicate", ...twin } : { status: "unavailable" };
}

/** The order a form already placed, with whose and for which flight it is (a duplicate is answered only to its own buyer). */
export async function findOrderByIdempotencyKey(db: Db, idempotencyKey: string) {
  const row = await db
    .select({
      orderId: orders.id,
      flightId: orders.flightId,
      email: sql<string>`json_extract(${orders.customerInfo}, '$.email')`,
    })
    .from(orders)
    .where(eq(orders.idempotencyKey, idempotencyKey))
    .get();
  return row ?? null;
}

/** An order with its flight and both airports, as the confirmation page, the order mails and the calendar file show it. */
export async function findOrderWithFlight(db: Db, orderId: string) {
  const row = await db
    .select({
      order: orders,
      flight: {
        id: flights.id,
        departureDate: flights.departureDate,
        arrivalDate: flights.arrivalDate,
        aircraftType: flights.aircraftType,
        flightTime: flights.flightTime,
        scheduleSequence: flights.scheduleSequence,
        status: flights.status,
      },
      from: { servedCity: departureAirport.servedCity, icaoCode: departureAirport.icaoCode },
      to: { servedCity: arrivalAirport.servedCity, icaoCode: arrivalAirport.icaoCode },
    })
    .from(orders)
    .innerJoin(flights, eq(orders.flightId, flights.id))
    .innerJoin(departureAirport, eq(flights.departureAirportId, departureAirport.id))
    .innerJoin(arrivalAirport, eq(flights.arrivalAirportId, arrivalAirport.id))
    .where(eq(orders.id, orderId))
    .get();
  return row ?? null;
}

/** A user's orders with their flight, newest first (the dashboard's history). Only theirs. */
export function listUserOrders(db: Db, userId: string) {
  return db
    .select({
      id: orders.id,
      reference: orders.reference,
      status: orders.status,
      paymentState: orders.paymentState,
      cancelReason: orders.cancelReason,
      cancellationFeeCents: orders.cancellationFeeCents,
      refundedCents: orders.refundedCents,
      amountCents: orders.amountCents,
      seats: orders.seats,
      createdAt: orders.createdAt,
      departureDate: flights.departureDate,
      from: departureAirport.servedCity,
      to: arrivalAirport.servedCity,
    })
    .from(orders)
    .innerJoin(flights, eq(orders.flightId, flights.id))
    .innerJoin(departureAirport, eq(flights.departureAirportId, departureAirport.id))
    .innerJoin(arrivalAirport, eq(flights.arrivalAirportId, arrivalAirport.id))
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt));
}
