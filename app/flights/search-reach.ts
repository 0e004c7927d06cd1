/**
 * How far the empty-leg search reaches beyond the exact city and day (decision 036):
 * the radius around the departure city and the flexible days, both in the URL beside
 * the filter (flight-filter.ts), left out when at their default.
 */
import { filterSearchParams, type FlightFilter } from "./flight-filter";
import { parseFlex, type FlexDays } from "./flexible-dates";
import { parseRadius, type RadiusKm } from "./nearby";

export type SearchReach = { radiusKm: RadiusKm; flexDays: FlexDays };

export const parseSearchReach = (params: URLSearchParams): SearchReach => ({
  radiusKm: parseRadius(params.get("radius")),
  flexDays: parseFlex(params.get("flex")),
});

/** The query string of a search: the filter, then the radius and the flexibility when not the default. */
export function searchParamsOf(filter: FlightFilter, reach: SearchReach): URLSearchParams {
  const params = filterSearchParams(filter);
  if (reach.radiusKm > 0) params.set("radius", String(reach.radiusKm));
  if (reach.flexDays > 0) params.set("flex", String(reach.flexDays));
  return params;
}
