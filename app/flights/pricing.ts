// Flight prices: docs/payments.md 'Prices'.
import { seatCapacityFor } from "#app/utils/aircraft";

export function totalPrice(flightTimeMinutes: number, pricePerMinute: number): number {
  return flightTimeMinutes * pricePerMinute;
}

// A flight offering no seat still shows a price, over the aircraft's capacity, rather than divide by zero.
// The order's amount is the same rule in SQL (orders/orders.queries.server.ts `placeOrder`).
export function pricePerPerson(flight: {
  flightTime: number;
  pricePerMinute: number;
  offeredSeats: number;
  aircraftType: string;
}): number {
  const seats = flight.offeredSeats > 0 ? flight.offeredSeats : seatCapacityFor(flight.aircraftType);
  return Math.round(totalPrice(flight.flightTime, flight.pricePerMinute) / seats);
}

export function wholeAircraftOffered(flight: { heldSeats: number; availableSeats: number }): boolean {
  return flight.heldSeats === 0 && flight.availableSeats > 0;
}
