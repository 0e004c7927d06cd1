import { and, asc, eq, exists, gte, lt, sql, type Column, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { ReadDb } from "#app/db/read-session.server";
import { airports, flights } from "#app/db/schema";
import { arrivalAirport, departureAirport } from "#app/db/airport-aliases.server";
import { liveSeats } from "#app/db/live-seats.server";
import { listingColumns } from "#app/db/flight-listing.server";
import { listAirportCities } from "#app/db/airport-cities.server";
import type { FlightListing } from "./types";

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
  /**
   * Flexible dates: nested ranges around the day asked (the day, then ±1 day, ...); a
   * flight in the first range comes first, then the second's, each group by time. Null: by time only.
   */
  closeness?: Array<{ start: Date; end: Date }> | null;
  limit: number;
  /** Every airport too (`listAirportCities`), in the same round trip: the map's points when nothing read them before. */
  withAirports?: boolean;
  /**
   * Selects of flight ids that another domain builds (a signed-in visitor's favourites and
   * waitlist), sent in the same round trip rather than after it: their ids come back in `flightIdLists`, in this order.
   */
  flightIdSelects?: FlightIdSelect[];
};

/** A select whose rows are flight ids, not yet run: one more statement of a batch. */
export type FlightIdSelect = BatchItem<"sqlite"> & PromiseLike<Array<{ flightId: string }>>;

/** The index of the first range holding the departure (the range count when none does). */
function closenessOrder(ranges: Array<{ start: Date; end: Date }>): SQL {
  const departure = flights.departureDate;
  const cases = ranges.map(
    (range, index) =>
      sql`when ${departure} >= ${range.start.getTime()} and ${departure} < ${range.end.getTime()} then ${index}`,
  );
  return sql`case ${sql.join(cases, sql` `)} else ${ranges.length} end`;
}

/** On sale: departing now or later, and not cancelled (decision 032). */
const upcoming = (now: Date) => and(gte(flights.departureDate, now), eq(flights.status, "scheduled"));
/**
 * A column among `ids`, bound as one JSON value: a city typed as a few letters, or a radius,
 * can match more airports than D1 binds values in one statement (100).
 */
const among = (column: Column, ids: number[]) =>
  sql`${column} in (select value from json_each(${JSON.stringify(ids)}))`;
const departingFrom = (ids: number[] | null) => (ids === null ? undefined : among(flights.departureAirportId, ids));
const arrivingAt = (ids: number[] | null) => (ids === null ? undefined : among(flights.arrivalAirportId, ids));

/**
 * Flights departing now or later, soonest first (the spec's flights select). With
 * `soldOutLast`, the bookable ones first, each group soonest first (the empty-leg list:
 * a visitor should not scroll past flights they cannot book, docs/catalogue.md).
 */
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

/**
 * One page of the empty-leg list and the choices of its dependent selects, in one D1
 * round trip, all on indexed columns (departure_date, the airport ids):
 * the page's flights (one more than `limit`, to know whether there are more), the
 * departure cities of all upcoming flights, the arrival cities from the chosen
 * departures, the departure instants of the chosen route, and, `withAirports`, every
 * airport (the map's points: a few dozen rows, none read otherwise); with them, the
 * flight-id selects another domain asks for (a visitor's favourites). A select whose
 * answer is known to be empty (no departure chosen, no route) is not sent: the usual
 * unfiltered page builds and runs two statements, not five.
 */
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
  // Each airport asks whether an upcoming flight leaves it: one seek in
  // flights_departure_airport_date_idx, where a join read every upcoming flight
  // (0.26 ms for the bench's 1,000 in SQLite, 0.035 ms this way; docs/speed.md).
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
  const routeQuery =
    departureAirportIds === null || arrivalAirportIds === null
      ? null
      : db
          .select({ departureDate: flights.departureDate })
          .from(flights)
          .where(and(upcoming(now), departingFrom(departureAirportIds), arrivingAt(arrivalAirportIds)));
  const airportsQuery = withAirports ? listAirportCities(db) : null;
  const optional = [arrivalsQuery, routeQuery, airportsQuery].filter((query) => query !== null);
  const [page, departures, ...rest] = await db.batch([pageQuery, departuresQuery, ...optional, ...flightIdSelects]);
  // The optional selects' rows, in the order they were sent; [] for one not sent.
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
