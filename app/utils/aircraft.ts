/**
 * Facts about the aircraft types of the flight data (docs/sync.md 'The algorithm'): the rate
 * a flight of that type is created with, and the seats it offers. Shared by pricing, the
 * feed and the demo data.
 */
export const PRICE_PER_MINUTE_BY_AIRCRAFT: Record<string, number> = { PC12: 50, PC24: 75 };
export const DEFAULT_PRICE_PER_MINUTE = 50;

/** EUR per minute of flight for a new flight of this type: PC12 50, PC24 75, any other 50. */
export function pricePerMinuteFor(aircraftType: string): number {
  return PRICE_PER_MINUTE_BY_AIRCRAFT[aircraftType.toUpperCase()] ?? DEFAULT_PRICE_PER_MINUTE;
}

/** Seats an aircraft type offers: PC24 8, any other 6 (the card's seat label). */
export function seatCapacityFor(aircraftType: string): number {
  return aircraftType.toUpperCase() === "PC24" ? 8 : 6;
}

/** Cruise speeds (km/h) of the types the data has; the PC-12's for any other. */
const CRUISE_KMH: Record<string, number> = { PC12: 500, PC24: 815 };

type Coordinates = { latitude: number; longitude: number };

/** Great-circle distance in km. */
export function distanceKm(a: Coordinates, b: Coordinates): number {
  const rad = (deg: number) => (deg * Math.PI) / 180;
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

/**
 * A flight's minutes from the distance at the type's cruise speed, plus 15 minutes
 * for climb and descent, rounded to 5, at least 25: the demo data and /new-flight.
 */
export function estimatedFlightMinutes(from: Coordinates, to: Coordinates, aircraftType: string): number {
  const cruise = CRUISE_KMH[aircraftType.toUpperCase()] ?? CRUISE_KMH.PC12!;
  return Math.max(25, Math.round(((distanceKm(from, to) / cruise) * 60 + 15) / 5) * 5);
}
