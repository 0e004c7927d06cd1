/**
 * The empty-leg search (docs/catalogue.md), its pure part: reading the filter from
 * a URL and the city match. Departure and arrival are case-insensitive substring
 * matches on the served city; the date keeps the flights leaving on that
 * Europe/Zurich day, whatever the server's zone; an empty filter matches all. The query runs in
 * SQL: app/flights/empty-legs.server.ts.
 */
import { isCalendarDay } from "#app/utils/forms/fields";

export type FlightFilter = { from: string; to: string; date: string };

/** The empty-leg page size and increment. */
export const PAGE_SIZE = 6;
const MAX_SHOWN = 240;

/** `?show=` rounded up to a whole number of pages, between one page and MAX_SHOWN. */
export function parseShown(value: string | null): number {
  const requested = Number.parseInt(value ?? "", 10);
  if (!Number.isFinite(requested) || requested <= PAGE_SIZE) return PAGE_SIZE;
  return Math.min(Math.ceil(requested / PAGE_SIZE) * PAGE_SIZE, MAX_SHOWN);
}

const MAX_CITY_LENGTH = 100;

/** Reads the filter from a URL's query; anything malformed counts as empty. */
export function parseFlightFilter(params: URLSearchParams): FlightFilter {
  const city = (name: string) => (params.get(name) ?? "").trim().slice(0, MAX_CITY_LENGTH);
  const date = (params.get("date") ?? "").trim();
  return { from: city("from"), to: city("to"), date: isCalendarDay(date) ? date : "" };
}

export const isFilterEmpty = (filter: FlightFilter) => !filter.from && !filter.to && !filter.date;

/** The spec's city match: a case-insensitive substring (accents kept, "GENÈVE" finds "Genève"). */
export const cityMatches = (city: string, wanted: string) =>
  wanted === "" || city.toLocaleLowerCase("fr").includes(wanted.toLocaleLowerCase("fr"));

/** Distinct city names in French alphabetical order (the selects' choices). */
// One collator: `localeCompare` with a locale makes one at every comparison.
const frenchOrder = new Intl.Collator("fr");
export const uniqueSorted = (values: string[]) => [...new Set(values)].sort(frenchOrder.compare);

/** The query string of a filter, empty parts left out. */
export function filterSearchParams(filter: FlightFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.from) params.set("from", filter.from);
  if (filter.to) params.set("to", filter.to);
  if (filter.date) params.set("date", filter.date);
  return params;
}
