/**
 * A flight as the cards show it, with both airports and its live seats: the columns the
 * flights queries select, the read by ids the favourites and the waitlist make too, and
 * the checkout's read of one flight.
 */
import { and, eq, inArray, sql } from "drizzle-orm";

import { operatingCarrier } from "#app/utils/operating-carrier";

import { arrivalAirport, departureAirport } from "./airport-aliases.server";
import type { Db } from "./client.server";
import { liveSeatColumns } from "./live-seats.server";
import { flights } from "./schema";

/** Names of their own: a D1 batch keys rows by column name, where both airports' `id` (and the flight's) would collide. */
const batchableAirportColumns = (table: typeof departureAirport | typeof arrivalAirport, prefix: string) => ({
  id: sql<number>`${table.id}`.as(`${prefix}_id`),
  icaoCode: sql<string>`${table.icaoCode}`.as(`${prefix}_icao_code`),
  servedCity: sql<string>`${table.servedCity}`.as(`${prefix}_served_city`),
  country: sql<string>`${table.country}`.as(`${prefix}_country`),
});

export const listingColumns = (now: Date) => ({
  id: flights.id,
  departureDate: flights.departureDate,
  arrivalDate: flights.arrivalDate,
  flightTime: flights.flightTime,
  aircraftType: flights.aircraftType,
  pricePerMinute: flights.pricePerMinute,
  probability: flights.probability,
  ...liveSeatColumns(now),
  refreshedAt: flights.refreshedAt,
  status: flights.status,
  departureAirport: batchableAirportColumns(departureAirport, "departure"),
  arrivalAirport: batchableAirportColumns(arrivalAirport, "arrival"),
});

export function listFlightsByIds(db: Db, flightIds: string[], now: Date) {
  return db
    .select(listingColumns(now))
    .from(flights)
    .innerJoin(departureAirport, eq(flights.departureAirportId, departureAirport.id))
    .innerJoin(arrivalAirport, eq(flights.arrivalAirportId, arrivalAirport.id))
    .where(and(inArray(flights.id, flightIds), eq(flights.status, "scheduled"), eq(flights.offerOnly, false)));
}

/** One flight as the cards show it at `now`, departed or not (the checkout says why it cannot be booked). */
export async function findFlightListing(db: Db, flightId: string, now: Date) {
  const [row] = await db
    .select(listingColumns(now))
    .from(flights)
    .innerJoin(departureAirport, eq(flights.departureAirportId, departureAirport.id))
    .innerJoin(arrivalAirport, eq(flights.arrivalAirportId, arrivalAirport.id))
    // An offer's flight is booked through its offer only (docs/decisions/058-offers.md).
    .where(and(eq(flights.id, flightId), eq(flights.offerOnly, false)))
    .limit(1);
  return row ?? null;
}

/** The checkout's flight and the carrier it names before payment (null until named whole), in one round trip. */
export async function findFlightWithCarrier(db: Db, flightId: string, now: Date) {
  const [row] = await db
    .select({
      ...listingColumns(now),
      operatorName: flights.operatorName,
      operatorAoc: flights.operatorAoc,
      operatorState: flights.operatorState,
      aircraftRegistration: flights.aircraftRegistration,
    })
    .from(flights)
    .innerJoin(departureAirport, eq(flights.departureAirportId, departureAirport.id))
    .innerJoin(arrivalAirport, eq(flights.arrivalAirportId, arrivalAirport.id))
    // An offer's flight is booked through its offer only (docs/decisions/058-offers.md).
    .where(and(eq(flights.id, flightId), eq(flights.offerOnly, false)))
    .limit(1);
  if (!row) return null;
  const { operatorName, operatorAoc, operatorState, aircraftRegistration, ...flight } = row;
  return { flight, carrier: operatingCarrier({ operatorName, operatorAoc, operatorState, aircraftRegistration }) };
}
