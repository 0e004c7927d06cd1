import { startOfMinute } from "date-fns";

import { cityAliases } from "#app/content/city-names";
import { listAirportCities } from "#app/db/airport-cities.server";
import { upcomingFavoriteIdsSelect, upcomingWaitlistIdsSelect } from "#app/db/followed-flights.server";
import type { ReadDb } from "#app/db/read-session.server";
import { zurichDay } from "#app/utils/format";
import { zurichDayRange } from "#app/utils/zurich-dates";

import { daysAround, shiftDay } from "./flexible-dates";
import { cityMatches, parseFlightFilter, parseShown, uniqueSorted } from "./flight-filter";
import { routesOnMap } from "./flight-map.server";
import { queryEmptyLegs } from "./flights.queries.server";
import { airportsWithin } from "./nearby";
import { parseSearchReach } from "./search-reach";
import type { CardAirport, CardFlight, FlightListing, ListedAirport } from "./types";

type EmptyLegsRequest = { now: Date; searchParams: URLSearchParams; userId?: string | null };

export async function loadEmptyLegs(db: ReadDb, request: EmptyLegsRequest) {
  return (await readEmptyLegs(db, request, { withMap: false })).emptyLegs;
}

/** The map's airports are those a city search reads, else they join the list's batch. */
export async function loadEmptyLegsWithMap(db: ReadDb, request: EmptyLegsRequest) {
  const { emptyLegs, airports } = await readEmptyLegs(db, request, { withMap: true });
  return { emptyLegs, mapRoutes: routesOnMap(emptyLegs.flights, airports) };
}

async function readEmptyLegs(
  db: ReadDb,
  { now, searchParams, userId = null }: EmptyLegsRequest,
  { withMap }: { withMap: boolean },
) {
  const filter = parseFlightFilter(searchParams);
  const shown = parseShown(searchParams.get("show"));
  const reach = parseSearchReach(searchParams);
  const { radiusKm, flexDays } = reach;
  // Cities are matched here, not in SQL: SQLite's lower() knows only ASCII, and "GENÈVE" must find "Genève".
  // The airports are read only when a city is asked for: the usual unfiltered /home costs one round trip less.
  const citiesAsked = Boolean(filter.from || filter.to);
  const airports = citiesAsked ? await listAirportCities(db) : [];
  // Any language: 'Genf' finds 'Genève'.
  const matching = (wanted: string) =>
    airports.filter((airport) => cityAliases(airport.servedCity).some((name) => cityMatches(name, wanted)));
  const airportsIn = (wanted: string) => (wanted ? matching(wanted).map((airport) => airport.id) : null);
  // From the airports just read, so the radius adds no round trip.
  const nearby = filter.from && radiusKm > 0 ? airportsWithin(airports, matching(filter.from), radiusKm) : null;
  const rings = filter.date
    ? Array.from({ length: flexDays + 1 }, (_, days) => ({
        start: zurichDayRange(shiftDay(filter.date, -days)).start,
        end: zurichDayRange(shiftDay(filter.date, days)).end,
      }))
    : [];

  const result = await queryEmptyLegs(db, {
    now,
    departureAirportIds: nearby ? nearby.map((airport) => airport.airportId) : airportsIn(filter.from),
    arrivalAirportIds: airportsIn(filter.to),
    departureRange: rings.at(-1) ?? null,
    closeness: rings.length > 1 ? rings : null,
    limit: shown,
    withAirports: withMap && !citiesAsked,
    // Asked without the page's ids (at most 20 waited for, one favourite a flight), then matched with the page.
    flightIdSelects: userId
      ? [upcomingFavoriteIdsSelect(db, userId, now), upcomingWaitlistIdsSelect(db, userId, now)]
      : [],
  });
  const [favorites = [], waitlisted = []] = result.flightIdLists;
  const emptyLegs = {
    filter,
    reach,
    distances: (nearby ?? []).filter(
      (airport) => airport.km > 0 && result.flights.some((flight) => flight.departureAirport.id === airport.airportId),
    ),
    options: {
      departures: uniqueSorted(result.departureCities),
      arrivals: filter.from ? uniqueSorted(result.arrivalCities) : [],
      dates: filter.from ? daysAround(result.routeDepartureDates.map(zurichDay), flexDays, zurichDay(now)) : [],
    },
    flights: result.flights.map(cardFlight),
    hasMore: result.hasMore,
    favoriteIds: result.flights.filter((flight) => favorites.includes(flight.id)).map((flight) => flight.id),
    waitlistIds: result.flights
      .filter((flight) => flight.isSoldOut && waitlisted.includes(flight.id))
      .map((flight) => flight.id),
    shown,
    // To the minute, so the same data renders the same page for a minute (utils/render-cache.server.ts).
    now: startOfMinute(now),
  };
  return { emptyLegs, airports: citiesAsked ? airports : result.airports };
}

const cardAirport = ({ id, icaoCode, servedCity }: ListedAirport): CardAirport => ({ id, icaoCode, servedCity });

function cardFlight(flight: FlightListing): CardFlight {
  return {
    id: flight.id,
    departureDate: flight.departureDate,
    flightTime: flight.flightTime,
    aircraftType: flight.aircraftType,
    pricePerMinute: flight.pricePerMinute,
    probability: flight.probability,
    offeredSeats: flight.offeredSeats,
    availableSeats: flight.availableSeats,
    isSoldOut: flight.isSoldOut,
    refreshedAt: flight.refreshedAt,
    departureAirport: cardAirport(flight.departureAirport),
    arrivalAirport: cardAirport(flight.arrivalAirport),
  };
}
