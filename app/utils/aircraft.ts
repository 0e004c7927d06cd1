export const PRICE_PER_MINUTE_BY_AIRCRAFT: Record<string, number> = { PC12: 50, PC24: 75 };
export const DEFAULT_PRICE_PER_MINUTE = 50;

export function pricePerMinuteFor(aircraftType: string): number {
  return PRICE_PER_MINUTE_BY_AIRCRAFT[aircraftType.toUpperCase()] ?? DEFAULT_PRICE_PER_MINUTE;
}

export function seatCapacityFor(aircraftType: string): number {
  return aircraftType.toUpperCase() === "PC24" ? 8 : 6;
}

const CRUISE_KMH: Record<string, number> = { PC12: 500, PC24: 815 };

type Coordinates = { latitude: number; longitude: number };

export function distanceKm(a: Coordinates, b: Coordinates): number {
  const rad = (deg: number) => (deg * Math.PI) / 180;
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

export function estimatedFlightMinutes(from: Coordinates, to: Coordinates, aircraftType: string): number {
  const cruise = CRUISE_KMH[aircraftType.toUpperCase()] ?? CRUISE_KMH.PC12!;
  return Math.max(25, Math.round(((distanceKm(from, to) / cruise) * 60 + 15) / 5) * 5);
}
