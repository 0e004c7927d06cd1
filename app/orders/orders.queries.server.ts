// The seat hold and the pending order in one batch: docs/decisions/008-seat-hold.md.
import { desc, eq, type SQL, sql } from "drizzle-orm";

import { arrivalAirport, departureAirport } from "#app/db/airport-aliases.server";
import type { Db } from "#app/db/client.server";
import { type CustomerInfo, flightLogs, flights, offers, orderEvents, orderLinks, orders, users } from "#app/db/schema";
import type { ProfileLanguage } from "#app/utils/constants";

import { messageInserts } from "./order-moves.queries.server";
import type { MessageKind } from "./types";

// Reads the flight row in scope (`flights` or `f`).
const flightLabelSql = sql.raw(
  "(select served_city from airports where id = departure_airport_id) || ' → ' || (select served_city from airports where id = arrival_airport_id)",
);

export type SeatRequest = { kind: "seats"; seats: number } | { kind: "aircraft" };

export type PlaceOrderInput = {
  orderId: string;
  reference: string;
  linkKeyHash: string;
  flightId: string;
  request: SeatRequest;
  /** The whole aircraft is every seat the buyer saw: a sale in between refuses it rather than sell fewer. */
  seenAvailableSeats: number;
  userId: string | null;
  customerInfo: CustomerInfo;
  passengers: string[];
  language: ProfileLanguage;
  idempotencyKey: string;
  messages?: readonly MessageKind[];
  holdExpiresAt: Date;
  clientKey: string;
  withinCaps?: SQL;
  /**
   * An accepted offer (docs/decisions/058-offers.md): its flight only (any other order refuses an offer's flight), its
   * price, and the offer's move to accepted in the same batch, chained on the order's insert.
   */
  offer?: { offerId: string; amountCents: number };
  now: Date;
};

export type PlaceOrderResult =
  | { status: "created"; orderId: string; amountCents: number }
  | { status: "duplicate"; orderId: string; flightId: string; email: string }
  | { status: "unavailable" };

/**
 * The amount is computed in the INSERT from the flight row the hold left (docs/payments.md 'Prices')
 * and read back, so the mails show exactly what the order row holds.
 */
/** The offer is open, unexpired and of this flight at the instant of the hold. */
const offerStillOpen = (offerId: string, flightId: string, nowMs: number) =>
  sql`exists (select 1 from ${offers} where ${offers.id} = ${offerId} and ${offers.flightId} = ${flightId}
    and ${offers.status} = 'open' and ${offers.expiresAt} > ${nowMs})`;

/** After the order's insert: the offer moves only if its order exists, so one offer makes one order at most. */
function acceptOfferStatement(db: Db, offerId: string, orderId: string, nowMs: number) {
  return db
    .update(offers)
    .set({ status: "accepted", orderId, decidedAt: new Date(nowMs) })
    .where(
      sql`${offers.id} = ${offerId} and ${offers.status} = 'open'
        and exists (select 1 from ${orders} where ${orders.id} = ${orderId})`,
    );
}

export async function placeOrder(db: Db, input: PlaceOrderInput): Promise<PlaceOrderResult> {
  const existing = await findOrderByIdempotencyKey(db, input.idempotencyKey);
  if (existing) return { status: "duplicate", ...existing };

  const { orderId } = input;
  const nowMs = input.now.getTime();
  const seen = input.seenAvailableSeats;
  const wholeAircraft = input.request.kind === "aircraft";
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
        and ${flights.offerOnly} = ${input.offer ? 1 : 0}
        ${input.offer ? sql`and ${offerStillOpen(input.offer.offerId, input.flightId, nowMs)}` : sql``}
        ${wholeAircraft ? sql`and ${flights.seatsHeld} = 0 and ${flights.availableSeats} = ${seen}` : sql``}
        ${input.withinCaps ? sql`and ${input.withinCaps}` : sql``}`,
    );
  const amountCents = input.offer
    ? sql`${input.offer.amountCents}`
    : wholeAircraft
      ? sql`flight_time * price_per_minute * 100`
      : sql`${seats} * cast(round(flight_time * price_per_minute * 1.0 / max(1, coalesce(seats_override, feed_seats))) as integer) * 100`;
  // Every column in the table's order (docs/database.md 'Changing the schema').
  const insert = db
    .insert(orders)
    .select(
      sql`
    select ${orderId}, ${input.userId}, id, 'pending', ${amountCents}, ${seats}, ${wholeAircraft ? 1 : 0},
      ${JSON.stringify(input.customerInfo)}, ${input.language}, ${input.linkKeyHash}, ${input.idempotencyKey},
      ${input.reference}, ${input.holdExpiresAt.getTime()}, 'none', null, null, null,
      ${JSON.stringify(input.passengers)}, ${input.clientKey}, null, 0, null, 0, null, null, null, null, ${nowMs}, ${nowMs}
    from flights where id = ${input.flightId} and changes() = 1`,
    )
    .returning({ id: orders.id, amountCents: orders.amountCents });
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
    const accepted = input.offer ? [acceptOfferStatement(db, input.offer.offerId, orderId, nowMs)] : [];
    [, inserted] = await db.batch([hold, insert, log, link, event, ...messages, ...accepted]);
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

/** With the account's language, which what the order sends follows (`orderAudienceLanguage`). */
export async function findOrderWithFlight(db: Db, orderId: string) {
  const row = await db
    .select({
      order: orders,
      accountLanguage: users.language,
      flight: {
        id: flights.id,
        departureDate: flights.departureDate,
        arrivalDate: flights.arrivalDate,
        aircraftType: flights.aircraftType,
        flightTime: flights.flightTime,
        scheduleSequence: flights.scheduleSequence,
        status: flights.status,
        operatorName: flights.operatorName,
        operatorAoc: flights.operatorAoc,
        operatorState: flights.operatorState,
        aircraftRegistration: flights.aircraftRegistration,
        checkInMinutes: flights.checkInMinutes,
      },
      from: { servedCity: departureAirport.servedCity, icaoCode: departureAirport.icaoCode },
      to: { servedCity: arrivalAirport.servedCity, icaoCode: arrivalAirport.icaoCode },
    })
    .from(orders)
    .innerJoin(flights, eq(orders.flightId, flights.id))
    .innerJoin(departureAirport, eq(flights.departureAirportId, departureAirport.id))
    .innerJoin(arrivalAirport, eq(flights.arrivalAirportId, arrivalAirport.id))
    .leftJoin(users, eq(orders.userId, users.id))
    .where(eq(orders.id, orderId))
    .get();
  return row ?? null;
}

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
