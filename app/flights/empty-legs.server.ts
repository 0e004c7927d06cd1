import { startOfMinute } from "date-fns";
/**
 * The empty-leg list of /home and /empty-legs: the filter read from the URL, matched
 * to airports, then one page and the dependent choices queried in SQL
 * (flights/flights.queries.server.ts), so the page costs the same with thousands of flights.
 */
import { cityAliases } from "#app/content/city-names";
import type { ReadDb } from "#app/db/read-session.server";
import { favoriteFlightIds } from "#app/alerts/favorites.server";
import { listAirportCities, queryEmptyLegs } from "./flights.queries.server";
import { waitlistedFlightIds } from "#app/alerts/waitlist.server";
import { zurichDay } from "#app/utils/format";
import { zurichDayRange } from "#app/utils/zurich-dates";
import { cityMatches, parseFlightFilter, parseShown, uniqueSorted } from "./flight-filter";

export async function loadEmptyLegs(
  db: ReadDb,
  { now, searchParams, userId = null }: { now: Date; searchParams: URLSearchParams; userId?: string | null },
) {
  const filter = parseFlightFilter(searchParams);
  const shown = parseShown(searchParams.get("show"));
  // Cities are matched here, not in SQL: SQLite's lower() knows only ASCII, and
  // "GENÈVE" must find "Genève". The airports (a few dozen rows) are read only when a
  // city is asked for: the unfiltered list, the usual /home, costs one round trip less.
  const airports = filter.from || filter.to ? await listAirportCities(db) : [];
  // A visitor may type or pick the city in any language: 'Genf' finds 'Genève'.
  const airportsIn = (wanted: string) =>
    wanted
      ? airports
          .filter((airport) => cityAliases(airport.servedCity).some((name) => cityMatches(name, wanted)))
          .map((airport) => airport.id)
      : null;

  const result = await queryEmptyLegs(db, {
    now,
    departureAirportIds: airportsIn(filter.from),
    arrivalAirportIds: airportsIn(filter.to),
    departureRange: filter.date ? zurichDayRange(filter.date) : null,
    limit: shown,
  });
  const soldOut = result.flights.filter((flight) => flight.isSoldOut).map((flight) => flight.id);
  return {
    filter,
    // The choices of the three dependent selects: every departure city; the arrivals
    // of the chosen departure; the days of the chosen route.
    options: {
      departures: uniqueSorted(result.departureCities),
      arrivals: filter.from ? uniqueSorted(result.arrivalCities) : [],
      dates: filter.from && filter.to ? [...new Set(result.routeDepartureDates.map(zurichDay))].sort() : [],
    },
    flights: result.flights,
    hasMore: result.hasMore,
    favoriteIds: userId
      ? await favoriteFlightIds(
          db,
          userId,
          result.flights.map((flight) => flight.id),
        )
      : [],
    // Asked only when the page shows a sold-out flight: the usual page costs nothing more.
    waitlistIds: userId && soldOut.length > 0 ? await waitlistedFlightIds(db, userId, soldOut) : [],
    shown,
    // The cards print minutes ("updated 5 min ago"): to the minute, the same data renders
    // the same page for a minute (utils/render-cache.server.ts).
    now: startOfMinute(now),
  };
}
