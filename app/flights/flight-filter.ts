import { isCalendarDay } from "#app/utils/forms/fields";

export type FlightFilter = { from: string; to: string; date: string };

export const PAGE_SIZE = 6;
const MAX_SHOWN = 240;

export function parseShown(value: string | null): number {
  const requested = Number.parseInt(value ?? "", 10);
  if (!Number.isFinite(requested) || requested <= PAGE_SIZE) return PAGE_SIZE;
  return Math.min(Math.ceil(requested / PAGE_SIZE) * PAGE_SIZE, MAX_SHOWN);
}

const MAX_CITY_LENGTH = 100;

export function parseFlightFilter(params: URLSearchParams): FlightFilter {
  const city = (name: string) => (params.get(name) ?? "").trim().slice(0, MAX_CITY_LENGTH);
  const date = (params.get("date") ?? "").trim();
  return { from: city("from"), to: city("to"), date: isCalendarDay(date) ? date : "" };
}

export const isFilterEmpty = (filter: FlightFilter) => !filter.from && !filter.to && !filter.date;

/** A case-insensitive substring, accents kept: "GENÈVE" finds "Genève". */
export const cityMatches = (city: string, wanted: string) =>
  wanted === "" || city.toLocaleLowerCase("fr").includes(wanted.toLocaleLowerCase("fr"));

// One collator: `localeCompare` with a locale makes one at every comparison.
const frenchOrder = new Intl.Collator("fr");
export const uniqueSorted = (values: string[]) => [...new Set(values)].sort(frenchOrder.compare);

export function filterSearchParams(filter: FlightFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.from) params.set("from", filter.from);
  if (filter.to) params.set("to", filter.to);
  if (filter.date) params.set("date", filter.date);
  return params;
}
