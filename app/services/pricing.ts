/**
 * Flight prices, DECISIONS.md D2: EUR per minute of flight, set from the aircraft
 * type when a flight is created; the total is minutes x rate; the price per person
 * is the total over the available seats, rounded to whole euros.
 */
import { seatCapacityFor } from "#app/utils/aircraft";

export { pricePerMinuteFor, seatCapacityFor } from "#app/utils/aircraft";

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
