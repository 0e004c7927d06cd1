import { type FlexDays, parseFlex } from "./flexible-dates";
import { filterSearchParams, type FlightFilter } from "./flight-filter";
import { parseRadius, type RadiusKm } from "./nearby";

export type SearchReach = { radiusKm: RadiusKm; flexDays: FlexDays };

export const parseSearchReach = (params: URLSearchParams): SearchReach => ({
  radiusKm: parseRadius(params.get("radius")),
  flexDays: parseFlex(params.get("flex")),
});

export function searchParamsOf(filter: FlightFilter, reach: SearchReach): URLSearchParams {
  const params = filterSearchParams(filter);
  if (reach.radiusKm > 0) params.set("radius", String(reach.radiusKm));
  if (reach.flexDays > 0) params.set("flex", String(reach.flexDays));
  return params;
}
