import { asc, eq, gte } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Db } from "#app/db/client.server";
import { airports, flights } from "#app/db/schema";
import { filterFlights, filterOptions, parseFlightFilter, parseShown } from "#app/services/flight-filter";

const departureAirport = alias(airports, "departure_airport");
const arrivalAirport = alias(airports, "arrival_airport");

const airportColumns = (table: typeof departureAirport | typeof arrivalAirport) => ({
  id: table.id,
  icaoCode: table.icaoCode,
  servedCity: table.servedCity,
  country: table.country,
});

/** A flight as the traveller pages show it, with both airports. */
export type FlightListing = Awaited<ReturnType<typeof listUpcomingFlights>>[number];

/** Flights departing now or later, soonest first (the spec's flights select). */
export async function listUpcomingFlights(db: Db, { now, limit }: { now: Date; limit?: number }) {
  const query = db
    .select({
      id: flights.id,
      departureDate: flights.departureDate,
      arrivalDate: flights.arrivalDate,
      flightTime: flights.flightTime,
      aircraftType: flights.aircraftType,
      availableSeats: flights.availableSeats,
      pricePerMinute: flights.pricePerMinute,
      probability: flights.probability,
      isSoldout: flights.isSoldout,
      refreshedAt: flights.refreshedAt,
      departureAirport: airportColumns(departureAirport),
      arrivalAirport: airportColumns(arrivalAirport),
    })
    .from(flights)
    .innerJoin(departureAirport, eq(flights.departureAirportId, departureAirport.id))
    .innerJoin(arrivalAirport, eq(flights.arrivalAirportId, arrivalAirport.id))
    .where(gte(flights.departureDate, now))
    .orderBy(asc(flights.departureDate), asc(flights.id));
  return limit === undefined ? query : query.limit(limit);
}

/**
 * What the empty-leg list shows for a URL: the filtered upcoming flights (first
 * `show`), the choices of the dependent selects and the filter itself. The filter
 * runs on the upcoming flights in memory: a few hundred rows at most.
 */
export async function loadEmptyLegs(db: Db, { now, url }: { now: Date; url: URL }) {
  const filter = parseFlightFilter(url.searchParams);
  const shown = parseShown(url.searchParams.get("show"));
  const upcoming = await listUpcomingFlights(db, { now });
  const matching = filterFlights(upcoming, filter);
  return {
    filter,
    options: filterOptions(upcoming, filter),
    flights: matching.slice(0, shown),
    hasMore: matching.length > shown,
    shown,
    now,
  };
}
