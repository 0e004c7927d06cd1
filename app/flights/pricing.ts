/**
 * Flight prices (docs/payments.md 'Prices'): EUR per minute of flight, set from the
 * aircraft type when a flight is created; the total is minutes x rate; the price per
 * person is the total over the seats offered for the flight, rounded to whole euros, so
 * it does not climb as our own sales hold seats. The whole aircraft costs the total and
 * is offered only while none of its seats is held.
 */
import { seatCapacityFor } from "#app/utils/aircraft";

export function totalPrice(flightTimeMinutes: number, pricePerMinute: number): number {
  return flightTimeMinutes * pricePerMinute;
}

/**
 * Whole euros per person: the total over the seats offered (staff's override, else the
 * feed's: `offeredSeats` of the listing), whatever orders hold. A flight offering no seat
 * still shows a price, spread over the aircraft's capacity, rather than dividing by zero.
 * The order's amount is the same rule in SQL (orders/orders.queries.server.ts `placeOrder`).
 */
export function pricePerPerson(flight: {
  flightTime: number;
  pricePerMinute: number;
  offeredSeats: number;
  aircraftType: string;
}): number {
  const seats = flight.offeredSeats > 0 ? flight.offeredSeats : seatCapacityFor(flight.aircraftType);
  return Math.round(totalPrice(flight.flightTime, flight.pricePerMinute) / seats);
}

/**
 * Whether the whole aircraft is for sale: only while no live order holds any of its
 * seats (`heldSeats` of the listing, dead holds not counted) and it has seats to sell.
 * After a sale the seats left are sold at the price per person.
 */
export function wholeAircraftOffered(flight: { heldSeats: number; availableSeats: number }): boolean {
  return flight.heldSeats === 0 && flight.availableSeats > 0;
}
