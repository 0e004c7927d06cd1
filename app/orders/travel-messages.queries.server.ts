// The messages before a flight (docs/orders.md 'Before the flight'): which orders they are due for, and their rows
// written once each (the partial unique index of `order_messages` ignores a second insert).
import { and, asc, eq, gt, inArray, lte, sql } from "drizzle-orm";

import { arrivalAirport, departureAirport } from "#app/db/airport-aliases.server";
import type { Db } from "#app/db/client.server";
import { runBatch } from "#app/db/d1-batch.server";
import { flights, orders, users } from "#app/db/schema";

import type { MessageKind } from "./types";

const HOUR_MS = 3_600_000;
/** The first reminder goes from 72 hours before departure, the second from 30, the day-of-travel mail from 48. */
export const TRAVEL_WINDOWS_MS = { reminder72: 72 * HOUR_MS, reminder30: 30 * HOUR_MS, travelDay: 48 * HOUR_MS };

const LIVE = ["processing", "completed"] as const;

const notWritten = (kind: MessageKind) =>
  sql`not exists (select 1 from order_messages m where m.order_id = ${orders.id} and m.kind = ${kind})`;

/**
 * Live orders of scheduled flights leaving within 72 hours, with which of their messages are due and not yet
 * written; a reminder is due only before the customer's deadline (the manifest is complete or not: the caller
 * counts its fields).
 */
export function listDueTravelOrders(db: Db, { now, limit = 200 }: { now: Date; limit?: number }) {
  const nowMs = now.getTime();
  const untilDeparture = sql`(${flights.departureDate} - ${nowMs})`;
  const beforeDeadline = sql`${flights.departureDate} - ${flights.manifestDeadlineHours} * ${HOUR_MS} > ${nowMs}`;
  const reminder72 = sql<number>`(${untilDeparture} > ${TRAVEL_WINDOWS_MS.reminder30} and ${beforeDeadline}
    and ${notWritten("manifestReminder72")})`;
  const reminder30 = sql<number>`(${untilDeparture} <= ${TRAVEL_WINDOWS_MS.reminder30} and ${beforeDeadline}
    and ${notWritten("manifestReminder30")})`;
  // The day's practical mail only once staff confirmed the booking: a processing one may still be refused.
  const travelDay = sql<number>`(${untilDeparture} <= ${TRAVEL_WINDOWS_MS.travelDay} and ${orders.status} = 'completed'
    and ${notWritten("travelDay")})`;
  return db
    .select({
      id: orders.id,
      seats: orders.seats,
      passengers: orders.passengers,
      luggagePieces: orders.luggagePieces,
      luggageKg: orders.luggageKg,
      reminder72,
      reminder30,
      travelDay,
    })
    .from(orders)
    .innerJoin(flights, eq(orders.flightId, flights.id))
    .where(
      and(
        inArray(orders.status, [...LIVE]),
        eq(flights.status, "scheduled"),
        gt(flights.departureDate, now),
        lte(flights.departureDate, new Date(nowMs + TRAVEL_WINDOWS_MS.reminder72)),
        sql`(${reminder72} or ${reminder30} or ${travelDay})`,
      ),
    )
    .orderBy(asc(flights.departureDate), asc(orders.id))
    .limit(limit);
}

/** Inserts each (order, kind) not written yet; the ids of the orders that got a new row. */
export async function insertOncePerOrder(
  db: Db,
  rows: ReadonlyArray<{ orderId: string; kind: MessageKind }>,
  now: Date,
): Promise<string[]> {
  if (rows.length === 0) return [];
  // `where true`: SQLite needs it to read the upsert clause after an INSERT ... SELECT.
  const [inserted] = await runBatch(db, [
    sql`insert into order_messages (order_id, kind, options, created_at, sent_at, attempts)
      select json_extract(value, '$.orderId'), json_extract(value, '$.kind'), null, ${now.getTime()}, null, 0
        from json_each(${JSON.stringify(rows)}) where true
      on conflict do nothing
      returning order_id as orderId`,
  ]);
  return [...new Set((inserted!.results as Array<{ orderId: string }>).map((row) => row.orderId))];
}

/** What the messages before a flight show: the order, its flight with its carrier, both airports, the account's language. */
export async function findTravelOrder(db: Db, orderId: string) {
  const row = await db
    .select({
      order: {
        id: orders.id,
        reference: orders.reference,
        status: orders.status,
        userId: orders.userId,
        language: orders.language,
        customerInfo: orders.customerInfo,
        seats: orders.seats,
        passengers: orders.passengers,
        luggagePieces: orders.luggagePieces,
        luggageKg: orders.luggageKg,
        pets: orders.pets,
      },
      accountLanguage: users.language,
      flight: {
        id: flights.id,
        status: flights.status,
        departureDate: flights.departureDate,
        aircraftType: flights.aircraftType,
        operatorName: flights.operatorName,
        aircraftRegistration: flights.aircraftRegistration,
        terminal: flights.terminal,
        checkInMinutes: flights.checkInMinutes,
        manifestDeadlineHours: flights.manifestDeadlineHours,
      },
      from: {
        servedCity: departureAirport.servedCity,
        icaoCode: departureAirport.icaoCode,
        latitude: departureAirport.latitude,
        longitude: departureAirport.longitude,
      },
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
export type TravelOrder = NonNullable<Awaited<ReturnType<typeof findTravelOrder>>>;
