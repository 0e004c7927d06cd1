// A leg flown from or to another airport (docs/decisions/059-rerouted-legs.md): the positioning flight's time from the
// great-circle distance and the aircraft's cruise speed, times the leg's own price per minute (its hourly price / 60).
import { FLEET } from "#app/content/fleet";

import { greatCircleKm } from "./nearby";

/** How far the other airport may be from the leg's own. */
export const REROUTE_RADIUS_KM = 200;

/** The feed names a type ("PC12", "PC-24"); the fleet page knows each model's cruise speed. Unknown types fly as the PC-12. */
export function cruiseSpeedKmh(aircraftType: string): number {
  const type = aircraftType.toUpperCase().replace(/[\s-]/g, "");
  const model = type.includes("PC24") ? "pc24" : type.includes("CJ2") ? "citation-cj2" : "pc12-ngx";
  return FLEET.find((aircraft) => aircraft.id === model)!.specs.speedKmh;
}

export type PositioningEstimate = { km: number; minutes: number; priceEuros: number };

/**
 * Whole minutes, rounded up (a positioning flight is billed by the minute started), times the leg's price per minute.
 * An estimate: the operator's routing, winds and taxi time change it; staff answer with the price.
 */
export function positioningEstimate(
  legAirport: { latitude: number; longitude: number },
  otherAirport: { latitude: number; longitude: number },
  { aircraftType, pricePerMinute }: { aircraftType: string; pricePerMinute: number },
): PositioningEstimate {
  const km = greatCircleKm(legAirport, otherAirport);
  const minutes = Math.ceil((km / cruiseSpeedKmh(aircraftType)) * 60);
  return { km: Math.round(km), minutes, priceEuros: minutes * pricePerMinute };
}
