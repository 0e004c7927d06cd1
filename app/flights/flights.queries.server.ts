import { and, asc, type Column, eq, exists, gte, lt, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";

import { arrivalAirport, departureAirport } from "#app/db/airport-aliases.server";
import { listAirportCities } from "#app/db/airport-cities.server";
import { listingColumns } from "#app/db/flight-listing.server";
import { liveSeats } from "#app/db/live-seats.server";
import type { ReadDb } from "#app/db/read-session.server";
import { airports, flights } from "#app/db/schema";

import type { FlightListing } from "./types";

type ListingRow = Awaited<ReturnType<typeof listUpcomingFlights>>[number];
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Holds<Check extends true> = Check;
// Fails the typecheck when the select and flights/types.ts `FlightListing`, which the browser imports, part ways.
type _ListingMatchesType = Holds<Same<ListingRow, FlightListing>>;

export type EmptyLegQuery = {
  now: Date;
  departureAirportIds: number[] | null;
  arrivalAirportIds: number[] | null;
  departureRange: { start: Date; end: Date } | null;
  closeness?: Array<{ start: Date; end: Date }> | null;
  limit: number;
  withAirports?: boolean;
  /** Another domain's selects of flight ids (a visitor's favourites), sent in the same round trip: `flightIdLists`. */
  flightIdSelects?: FlightIdSelect[];
};

export type FlightIdSelect = BatchItem<"sqlite"> & PromiseLike<Array<{ flightId: string }>>;

function closenessOrder(ranges: Array<{ start: Date; end: Date }>): SQL {
  const departure = flights.departureDate;
  const cases = ranges.map(
    (range, index) =>
      sql`when ${departure} >= ${range.start.getTime()} and ${departure} < ${range.end.getTime()} then ${index}`,
  );
  return sql`case ${sql.join(cases, sql` `)} else ${ranges.length} end`;
}

/** An offer's flight is never listed (docs/decisions/058-offers.md). */
const upcoming = (now: Date) =>
  and(gte(flights.departureDate, now), eq(flights.status, "scheduled"), eq(flights.offerOnly, false));
/** One JSON value: a few typed letters or a radius can match more airports than D1 binds in one statement (100). */
const among = (column: Column, ids: number[]) =>
  sql`${column} in (select value from json_each(${JSON.stringify(ids)}))`;
const departingFrom = (ids: number[] | null) => (ids === null ? undefined : among(flights.departureAirportId, ids));
const arrivingAt = (ids: number[] | null) => (ids === null ? undefined : among(flights.arrivalAirportId, ids));

/** `soldOutLast`: a visitor should not scroll past flights they cannot book. */
export function listUpcomingFlights(
  db: ReadDb,
  {
    now,
    where,
    limit,
    soldOutLast = false,
    closeness = null,
  }: {
    now: Date;
    where?: SQL;
    limit?: number;
    soldOutLast?: boolean;
    closeness?: EmptyLegQuery["closeness"];
  },
) {
  const byTime = [asc(flights.departureDate), asc(flights.id)];
  const order = closeness?.length ? [closenessOrder(closeness), ...byTime] : byTime;
  const query = db
    .select(listingColumns(now))
    .from(flights)
    .innerJoin(departureAirport, eq(flights.departureAirportId, departureAirport.id))
    .innerJoin(arrivalAirport, eq(flights.arrivalAirportId, arrivalAirport.id))
    .where(and(upcoming(now), where))
    .orderBy(...(soldOutLast ? [asc(liveSeats(now).soldOut), ...order] : order));
  return limit === undefined ? query : query.limit(limit);
}

// One round trip on indexed columns; a select known to be empty is not sent: the usual page runs 2 statements, not 5.
export async function queryEmptyLegs(db: ReadDb, query: EmptyLegQuery) {
  const {
    now,
    departureAirportIds,
    arrivalAirportIds,
    departureRange,
    closeness,
    limit,
    withAirports = false,
    flightIdSelects = [],
  } = query;
  const inRange = departureRange
    ? and(gte(flights.departureDate, departureRange.start), lt(flights.departureDate, departureRange.end))
    : undefined;
  const pageQuery = listUpcomingFlights(db, {
    now,
    where: and(departingFrom(departureAirportIds), arrivingAt(arrivalAirportIds), inRange),
    limit: limit + 1,
    soldOutLast: true,
    closeness,
  });
  // exists() per airport: one seek in flights_departure_airport_date_idx, where a join read every upcoming flight.
  const departuresQuery = db
    .selectDistinct({ city: airports.servedCity })
    .from(airports)
    .where(
      exists(
        db
          .select({ one: sql`1` })
          .from(flights)
          .where(and(sql`${flights.departureAirportId} = ${airports.id}`, upcoming(now))),
      ),
    );
  const arrivalsQuery =
    departureAirportIds === null
      ? null
      : db
          .selectDistinct({ city: arrivalAirport.servedCity })
          .from(flights)
          .innerJoin(arrivalAirport, eq(flights.arrivalAirportId, arrivalAirport.id))
          .where(and(upcoming(now), departingFrom(departureAirportIds)));
  // A departure is enough: a day (and its flexibility) may be asked for without an arrival.
  const routeQuery =
    departureAirportIds === null
      ? null
      : db
          .select({ departureDate: flights.departureDate })
          .from(flights)
          .where(and(upcoming(now), departingFrom(departureAirportIds), arrivingAt(arrivalAirportIds)));
  const airportsQuery = withAirports ? listAirportCities(db) : null;
  const optional = [arrivalsQuery, routeQuery, airportsQuery].filter((query) => query !== null);
  const [page, departures, ...rest] = await db.batch([pageQuery, departuresQuery, ...optional, ...flightIdSelects]);
  const rowsOf = <Row>(sent: object | null): Row[] => (sent === null ? [] : (rest.shift() as Row[]));
  const arrivals = rowsOf<{ city: string }>(arrivalsQuery);
  const routeDepartures = rowsOf<{ departureDate: Date }>(routeQuery);
  const airportRows = rowsOf<Awaited<ReturnType<typeof listAirportCities>>[number]>(airportsQuery);
  const flightIdLists = flightIdSelects.map((select) =>
    rowsOf<{ flightId: string }>(select).map((row) => row.flightId),
  );
  return {
    flights: page.slice(0, limit),
    hasMore: page.length > limit,
    departureCities: departures.map((row) => row.city),
    arrivalCities: arrivals.map((row) => row.city),
    routeDepartureDates: routeDepartures.map((row) => row.departureDate),
    airports: airportRows,
    flightIdLists,
  };
}
