/**
 * Flight prices, DECISIONS.md D2: EUR per minute of flight, set from the aircraft
 * type when a flight is created; the total is minutes x rate; the price per person
 * is the total over the available seats, rounded to whole euros.
 */
export const PRICE_PER_MINUTE_BY_AIRCRAFT: Record<string, number> = { PC12: 50, PC24: 75 };
export const DEFAULT_PRICE_PER_MINUTE = 50;

export function pricePerMinuteFor(aircraftType: string): number {
  return PRICE_PER_MINUTE_BY_AIRCRAFT[aircraftType.toUpperCase()] ?? DEFAULT_PRICE_PER_MINUTE;
}

/** Seats an aircraft type offers: PC24 8, any other 6 (the card's seat label). */
export function seatCapacityFor(aircraftType: string): number {
  return aircraftType.toUpperCase() === "PC24" ? 8 : 6;
}

export function totalPrice(flightTimeMinutes: number, pricePerMinute: number): number {
  return flightTimeMinutes * pricePerMinute;
}

/**
 * Whole euros per person. A sold-out flight (no seat left) still shows the price it
 * had, spread over the aircraft's capacity, rather than dividing by zero.
 */
export function pricePerPerson(flight: {
  flightTime: number;
  pricePerMinute: number;
  availableSeats: number;
  aircraftType: string;
}): number {
  const seats = flight.availableSeats > 0 ? flight.availableSeats : seatCapacityFor(flight.aircraftType);
  return Math.round(totalPrice(flight.flightTime, flight.pricePerMinute) / seats);
}
