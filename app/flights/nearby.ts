// Nearby airports: docs/decisions/036-nearby-and-flexible-search.md. Matched here: a radius costs no round trip.

import { SEARCH_RADII_KM } from "#app/utils/constants";

export type RadiusKm = (typeof SEARCH_RADII_KM)[number];

/** One of the offered radii, written as the form writes it ("50", not "5e1"); anything else is 0. */
export function parseRadius(value: string | null | undefined): RadiusKm {
  return SEARCH_RADII_KM.find((offered) => String(offered) === value) ?? 0;
}

export type PlacedAirport = { id: number; servedCity: string; latitude: number; longitude: number };

const EARTH_RADIUS_KM = 6371.0088;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

export function greatCircleKm(
  a: { latitude: number; longitude: number },
  b: { latitude: number; longitude: number },
): number {
  const dLat = radians(b.latitude - a.latitude);
  const dLon = radians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The feed leaves an airport it does not place at 0, 0 (the column's default): no distance is known from it. */
const isPlaced = (airport: PlacedAirport) => airport.latitude !== 0 || airport.longitude !== 0;

/** What the route alerts' SQL matches a watch's radius against: a few dozen pairs for the whole table. */
export function nearbyPairs(
  airports: PlacedAirport[],
  maxKm: number,
): Array<[city: string, airportId: number, km: number]> {
  const placed = airports.filter(isPlaced);
  return placed.flatMap((centre) =>
    placed
      .filter((airport) => airport.id !== centre.id)
      .map((airport) => [centre.servedCity, airport.id, greatCircleKm(centre, airport)] as [string, number, number])
      .filter(([, , km]) => km <= maxKm),
  );
}

export type NearbyAirport = { airportId: number; km: number; fromCity: string };

/** An airport without coordinates is only ever its own centre. */
export function airportsWithin(airports: PlacedAirport[], centres: PlacedAirport[], radiusKm: number): NearbyAirport[] {
  const found: NearbyAirport[] = centres.map((centre) => ({
    airportId: centre.id,
    km: 0,
    fromCity: centre.servedCity,
  }));
  const centreIds = new Set(centres.map((centre) => centre.id));
  const placedCentres = centres.filter(isPlaced);
  for (const airport of airports) {
    if (centreIds.has(airport.id) || !isPlaced(airport)) continue;
    let nearest: NearbyAirport | null = null;
    for (const centre of placedCentres) {
      const km = greatCircleKm(centre, airport);
      if (km <= radiusKm && (!nearest || km < nearest.km))
        nearest = { airportId: airport.id, km, fromCity: centre.servedCity };
    }
    if (nearest) found.push({ ...nearest, km: Math.round(nearest.km) });
  }
  return found;
}
