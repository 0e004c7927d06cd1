import { and, asc, eq, gte, inArray, lt, sql, type SQL } from "drizzle-orm";
import type { Db } from "#app/db/client.server";
import type { ReadDb } from "#app/db/read-session.server";
import { airports, flights } from "#app/db/schema";
import { arrivalAirport, departureAirport } from "#app/db/airport-aliases.server";
import { liveSeatColumns, liveSeats } from "#app/db/live-seats.server";
import type { FlightListing } from "./types";

/**
 * The airport columns under names of their own: a D1 batch returns rows keyed by column
 * name, where both airports' `id` (and the flight's) would collide.
 */
const batchableAirportColumns = (table: typeof departureAirport | typeof arrivalAirport, prefix: string) => ({
  id: sql<number>`${table.id}`.as(`${prefix}_id`),
  icaoCode: sql<string>`${table.icaoCode}`.as(`${prefix}_icao_code`),
  servedCity: sql<string>`${table.servedCity}`.as(`${prefix}_served_city`),
  country: sql<string>`${table.country}`.as(`${prefix}_country`),
});

/**
 * A flight as the traveller pages show it. The seats are counted at `now`
 * (live-seats.server.ts): a hold past its end is not held, whether or not the cron has
 * cancelled it yet; `offeredSeats` divides the price, `heldSeats` says whether the whole
 * aircraft is still for sale (flights/pricing.ts).
 */
const listingColumns = (now: Date) => ({
  id: flights.id,
  departureDate: flights.departureDate,
  arrivalDate: flights.arrivalDate,
  flightTime: flights.flightTime,
  aircraftType: flights.aircraftType,
  pricePerMinute: flights.pricePerMinute,
  probability: flights.probability,
  ...liveSeatColumns(now),
  refreshedAt: flights.refreshedAt,
  departureAirport: batchableAirportColumns(departureAirport, "departure"),
  arrivalAirport: batchableAirportColumns(arrivalAirport, "arrival"),
});

/** The row the listing select returns: the same shape as flights/types.ts `FlightListing`, which the browser imports. */
type ListingRow = Awaited<ReturnType<typeof listUpcomingFlights>>[number];
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Holds<Check extends true> = Check;
// Fails the typecheck when the select and the hand-written type part ways.
type _ListingMatchesType = Holds<Same<ListingRow, FlightListing>>;

/** What the empty-leg list asks for; airports are given by id (null: any). */
export type EmptyLegQuery = {
  now: Date;
  departureAirportIds: number[] | null;
  arrivalAirportIds: number[] | null;
  /** Departures in [start, end), e.g. one Zurich day; null: any day. */
  departureRange: { start: Date; end: Date } | null;
  limit: number;
};

/** Every airport's id and city: a few dozen rows, matched against what a visitor typed. */
export function listAirportCities(db: ReadDb) {
  return db.select({ id: airports.id, servedCity: airports.servedCity }).from(airports);
}

const upcoming = (now: Date) => gte(flights.departureDate, now);
const departingFrom = (ids: number[] | null) => (ids === null ? undefined : inArray(flights.departureAirportId, ids));
const arrivingAt = (ids: number[] | null) => (ids === null ? undefined : inArray(flights.arrivalAirportId, ids));

/**
 * Flights departing now or later, soonest first (the spec's flights select). With
 * `soldOutLast`, the bookable ones first, each group soonest first (the empty-leg list:
 * a visitor should not scroll past flights they cannot book, docs/catalogue.md).
 */
export function listUpcomingFlights(
  db: ReadDb,
  { now, where, limit, soldOutLast = false }: { now: Date; where?: SQL; limit?: number; soldOutLast?: boolean },
) {
  const order = [asc(flights.departureDate), asc(flights.id)];
  const query = db
    .select(listingColumns(now))
    .from(flights)
    .innerJoin(departureAirport, eq(flights.departureAirportId, departureAirport.id))
    .innerJoin(arrivalAirport, eq(flights.arrivalAirportId, arrivalAirport.id))
    .where(and(upcoming(now), where))
    .orderBy(...(soldOutLast ? [asc(liveSeats(now).soldOut), ...order] : order));
  return limit === undefined ? query : query.limit(limit);
}

/**
 * One page of the empty-leg list and the choices of its dependent selects, in one D1
 * round trip, all on indexed columns (departure_date, the airport ids):
 * the page's flights (one more than `limit`, to know whether there are more), the
 * departure cities of all upcoming flights, the arrival cities from the chosen
 * departures, and the departure instants of the chosen route.
 */
export async function queryEmptyLegs(db: ReadDb, query: EmptyLegQuery) {
  const { now, departureAirportIds, arrivalAirportIds, departureRange, limit } = query;
  const inRange = departureRange
    ? and(gte(flights.departureDate, departureRange.start), lt(flights.departureDate, departureRange.end))
    : undefined;
  const none = sql`0`;
  const [page, departures, arrivals, routeDepartures] = await db.batch([
    listUpcomingFlights(db, {
      now,
      where: and(departingFrom(departureAirportIds), arrivingAt(arrivalAirportIds), inRange),
      limit: limit + 1,
      soldOutLast: true,
    }),
    db
      .selectDistinct({ city: departureAirport.servedCity })
      .from(flights)
      .innerJoin(departureAirport, eq(flights.departureAirportId, departureAirport.id))
      .where(upcoming(now)),
    db
      .selectDistinct({ city: arrivalAirport.servedCity })
      .from(flights)
      .innerJoin(arrivalAirport, eq(flights.arrivalAirportId, arrivalAirport.id))
      .where(departureAirportIds === null ? none : and(upcoming(now), departingFrom(departureAirportIds))),
    db
      .select({ departureDate: flights.departureDate })
      .from(flights)
      .where(
        departureAirportIds === null || arrivalAirportIds === null
          ? none
          : and(upcoming(now), departingFrom(departureAirportIds), arrivingAt(arrivalAirportIds)),
      ),
  ]);
  return {
    flights: page.slice(0, limit),
    hasMore: page.length > limit,
    departureCities: departures.map((row) => row.city),
    arrivalCities: arrivals.map((row) => row.city),
    routeDepartureDates: routeDepartures.map((row) => row.departureDate),
  };
}

/** One flight as the cards show it at `now`, departed or not (the checkout says why it cannot be booked). */
export async function findFlightListing(db: Db, flightId: string, now: Date) {
  const [row] = await db
    .select(listingColumns(now))
    .from(flights)
    .innerJoin(departureAirport, eq(flights.departureAirportId, departureAirport.id))
    .innerJoin(arrivalAirport, eq(flights.arrivalAirportId, arrivalAirport.id))
    .where(eq(flights.id, flightId))
    .limit(1);
  return row ?? null;
}

/** These flights as the cards show them at `now`, departed or not. */
export function listFlightsByIds(db: Db, flightIds: string[], now: Date) {
  return db
    .select(listingColumns(now))
    .from(flights)
    .innerJoin(departureAirport, eq(flights.departureAirportId, departureAirport.id))
    .innerJoin(arrivalAirport, eq(flights.arrivalAirportId, arrivalAirport.id))
    .where(inArray(flights.id, flightIds));
}
