/**
 * Facts about the aircraft types of the flight data (DECISIONS.md D2, traveller.md
 * section 9): the rate a flight of that type is created with, and the seats it offers.
 * Shared by pricing, the feed and the demo data.
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
