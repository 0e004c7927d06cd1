/**
 * Orders and the seat hold (DECISIONS.md D3, docs/decisions/008-seat-hold.md). Seats are
 * taken by one conditional UPDATE of the flight and the order is inserted only if that
 * UPDATE changed the row, both in one D1 batch (one transaction): two buyers can never
 * hold the same last seat, and an order never exists without its seats.
 */
import { desc, eq, sql } from "drizzle-orm";
import type { Db } from "#app/db/client.server";
import { flightLogs, flights, orders, type CustomerInfo } from "#app/db/schema";
import type { ProfileLanguage } from "#app/utils/constants";
import { arrivalAirport, departureAirport } from "./airport-aliases.server";

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
  /** SHA-256 of the key the confirmation link carries (DECISIONS.md D3). */
  accessKeyHash: string;
  flightId: string;
  request: SeatRequest;
  /**
   * The available seats the buyer saw when the price was shown: the price per person
   * depends on them (D2), so a sale in between refuses the order rather than charge
   * another price than the one shown.
   */
  seenAvailableSeats: number;
  userId: string | null;
  customerInfo: CustomerInfo;
  language: ProfileLanguage;
  idempotencyKey: string;
  now: Date;
};

export type PlaceOrderResult =
  /** `amountCents`: what the order row stores, read back from the INSERT itself. */
  | { status: "created"; orderId: string; amountCents: number }
  | { status: "duplicate"; orderId: string }
  | { status: "unavailable" };

/**
 * Holds the seats and creates the pending order, or does neither. The amount is
 * computed in the same statement from the flight row as it was when the seats were
 * taken: seats x round(minutes x rate / seats available before), or the total price for
 * the whole aircraft, in cents. The INSERT returns the stored amount, so the mails show
 * exactly what the order row holds.
 */
export async function placeOrder(db: Db, input: PlaceOrderInput): Promise<PlaceOrderResult> {
  const existing = await findOrderIdByIdempotencyKey(db, input.idempotencyKey);
  if (existing) return { status: "duplicate", orderId: existing };

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
        and ${flights.availableSeats} = ${seen}
        and ${flights.availableSeats} >= ${seats}
        and ${seats} >= 1
        and not ${flights.isSoldout}
        and ${flights.departureDate} > ${nowMs}`,
    );
  // After the hold, available_seats is `seen - seats`; the price per person divides by `seen`.
  const amountCents = wholeAircraft
    ? sql`flight_time * price_per_minute * 100`
    : sql`${seats} * cast(round(flight_time * price_per_minute * 1.0 / ${seen}) as integer) * 100`;
  // Every column of `orders`, in the table's order: drizzle lists them all for an insert-select.
  const insert = db.insert(orders).select(sql`
    select ${orderId}, ${input.userId}, id, 'pending', ${amountCents}, ${seats}, ${wholeAircraft ? 1 : 0},
      ${JSON.stringify(input.customerInfo)}, ${input.language}, ${input.accessKeyHash}, ${input.idempotencyKey},
      ${nowMs}, ${nowMs}
    from flights where id = ${input.flightId} and changes() = 1`)
    .returning({ id: orders.id, amountCents: orders.amountCents });
  // The flight's history (issue 9): the seats the order holds, written only with the order.
  // Every column in the table's order, the autoincrement id first (null).
  const log = db.insert(flightLogs).select(sql`
    select null, id, ${flightLabelSql}, 'UPDATE', '["seats_held"]', json_object('seats_held', seats_held - ${seats}),
      json_object('seats_held', seats_held), 'customer', ${input.userId}, ${nowMs}
    from flights where id = ${input.flightId} and changes() = 1`);

  let inserted: Array<{ id: string; amountCents: number }>;
  try {
    [, inserted] = await db.batch([hold, insert, log]);
  } catch (error) {
    // The same form sent twice at once: the unique key refused the second batch whole.
    const raced = await findOrderIdByIdempotencyKey(db, input.idempotencyKey);
    if (raced) return { status: "duplicate", orderId: raced };
    throw error;
  }
  const [created] = inserted;
  if (created) return { status: "created", orderId: created.id, amountCents: created.amountCents };
  // A twin of this form, sent at the same moment, may have taken the seats it saw.
  const twin = await findOrderIdByIdempotencyKey(db, input.idempotencyKey);
  return twin ? { status: "duplicate", orderId: twin } : { status: "unavailable" };
}

async function findOrderIdByIdempotencyKey(db: Db, idempotencyKey: string) {
  const row = await db.select({ id: orders.id }).from(orders).where(eq(orders.idempotencyKey, idempotencyKey)).get();
  return row?.id ?? null;
}


/** An order with its flight and both airports, as the confirmation page shows it. */
export async function findOrderWithFlight(db: Db, orderId: string) {
  const row = await db
    .select({
      order: orders,
      flight: {
        id: flights.id,
        departureDate: flights.departureDate,
        aircraftType: flights.aircraftType,
        flightTime: flights.flightTime,
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

/**
 * Moves a pending order to completed or cancelled, once: the update is conditional on
 * the order still being pending, so two staff clicking at once change it once. A
 * cancellation gives the seats back in the same batch. True when this call changed it.
 */
export async function settlePendingOrder(
  db: Db,
  { orderId, to, now, changedBy = null }: { orderId: string; to: "completed" | "cancelled"; now: Date; changedBy?: string | null },
) {
  const settle = db
    .update(orders)
    .set({ status: to, updatedAt: now })
    .where(sql`${orders.id} = ${orderId} and ${orders.status} = 'pending'`);
  if (to === "completed") {
    const [result] = await db.batch([settle]);
    return result.meta.changes === 1;
  }
  const release = db
    .update(flights)
    .set({ seatsHeld: sql`max(0, ${flights.seatsHeld} - (select seats from orders where id = ${orderId}))`, updatedAt: now })
    .where(sql`${flights.id} = (select flight_id from orders where id = ${orderId}) and changes() = 1`);
  // The seats coming back, in the flight's history, by the staff member who refused.
  const log = db.insert(flightLogs).select(sql`
    select null, f.id, ${flightLabelSql}, 'UPDATE', '["seats_held"]', json_object('seats_held', f.seats_held + o.seats),
      json_object('seats_held', f.seats_held), 'staff', ${changedBy}, ${now.getTime()}
    from orders o join flights f on f.id = o.flight_id where o.id = ${orderId} and changes() = 1`);
  const [result] = await db.batch([settle, release, log]);
  return result.meta.changes === 1;
}

/**
 * Housekeeping: pending orders whose flight has left are cancelled and their seats
 * given back, in one batch, without mail (the cron runs it). Returns how many.
 */
export async function cancelDepartedPendingOrders(db: Db, now: Date) {
  const departed = sql`(select id from flights where departure_date <= ${now.getTime()})`;
  const [, cancelled] = await db.batch([
    db
      .update(flights)
      .set({
        seatsHeld: sql`max(0, ${flights.seatsHeld} - (select coalesce(sum(seats), 0) from orders where orders.flight_id = flights.id and orders.status = 'pending'))`,
      })
      .where(sql`${flights.departureDate} <= ${now.getTime()} and ${flights.id} in (select flight_id from orders where status = 'pending')`),
    db
      .update(orders)
      .set({ status: "cancelled", updatedAt: now })
      .where(sql`${orders.status} = 'pending' and ${orders.flightId} in ${departed}`)
      .returning({ id: orders.id }),
  ]);
  return cancelled.length;
}

/** A user's orders with their flight, newest first (the dashboard's history). Only theirs. */
export function listUserOrders(db: Db, userId: string) {
  return db
    .select({
      id: orders.id,
      status: orders.status,
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
