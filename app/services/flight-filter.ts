/**
 * The empty-leg search (traveller.md section 5): departure and arrival are
 * case-insensitive substring matches on the served city; the date keeps the flights
 * leaving on that Europe/Zurich day (DECISIONS.md D7); an empty filter matches all.
 */
import { zurichDay } from "#app/utils/format";

export type FlightFilter = { from: string; to: string; date: string };

type Filterable = {
  departureDate: Date;
  departureAirport: { servedCity: string };
  arrivalAirport: { servedCity: string };
};

/** The empty-leg page size and increment (traveller.md section 9). */
export const PAGE_SIZE = 6;
const MAX_SHOWN = 240;

/** `?show=` rounded up to a whole number of pages, between one page and MAX_SHOWN. */
export function parseShown(value: string | null): number {
  const requested = Number.parseInt(value ?? "", 10);
  if (!Number.isFinite(requested) || requested <= PAGE_SIZE) return PAGE_SIZE;
  return Math.min(Math.ceil(requested / PAGE_SIZE) * PAGE_SIZE, MAX_SHOWN);
}

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const MAX_CITY_LENGTH = 100;

/** Reads the filter from a URL's query; anything malformed counts as empty. */
export function parseFlightFilter(params: URLSearchParams): FlightFilter {
  const city = (name: string) => (params.get(name) ?? "").trim().slice(0, MAX_CITY_LENGTH);
  const date = (params.get("date") ?? "").trim();
  return { from: city("from"), to: city("to"), date: DAY_PATTERN.test(date) ? date : "" };
}

export const isFilterEmpty = (filter: FlightFilter) => !filter.from && !filter.to && !filter.date;

const contains = (city: string, wanted: string) =>
  wanted === "" || city.toLocaleLowerCase("fr").includes(wanted.toLocaleLowerCase("fr"));

export function matchesFilter(flight: Filterable, filter: FlightFilter): boolean {
  return (
    contains(flight.departureAirport.servedCity, filter.from) &&
    contains(flight.arrivalAirport.servedCity, filter.to) &&
    (filter.date === "" || zurichDay(flight.departureDate) === filter.date)
  );
}

export function filterFlights<T extends Filterable>(flights: T[], filter: FlightFilter): T[] {
  return flights.filter((flight) => matchesFilter(flight, filter));
}

const uniqueSorted = (values: string[]) => [...new Set(values)].sort((a, b) => a.localeCompare(b, "fr"));

/**
 * The choices of the three dependent selects: every departure city; the arrivals of
 * the chosen departure (none before one is chosen); the days of the chosen route
 * (none before both are chosen).
 */
export function filterOptions(flights: Filterable[], filter: FlightFilter) {
  const departures = uniqueSorted(flights.map((flight) => flight.departureAirport.servedCity));
  const fromMatches = filter.from ? filterFlights(flights, { from: filter.from, to: "", date: "" }) : [];
  const arrivals = uniqueSorted(fromMatches.map((flight) => flight.arrivalAirport.servedCity));
  const routeMatches =
    filter.from && filter.to ? filterFlights(fromMatches, { from: filter.from, to: filter.to, date: "" }) : [];
  const dates = [...new Set(routeMatches.map((flight) => zurichDay(flight.departureDate)))].sort();
  return { departures, arrivals, dates };
}

/** The query string of a filter, empty parts left out. */
export function filterSearchParams(filter: FlightFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.from) params.set("from", filter.from);
  if (filter.to) params.set("to", filter.to);
  if (filter.date) params.set("date", filter.date);
  return params;
}
