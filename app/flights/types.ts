import type { FlightStatus } from "#app/utils/constants";

/** Shapes of the flights domain that the browser needs too (components import these, never a `.server` module). */

/** An airport as a flight listing shows it. */
export type ListedAirport = { id: number; icaoCode: string; servedCity: string; country: string };

/**
 * A flight as the traveller pages show it, with both airports and its live seat counts
 * (flights.queries.server.ts selects it, and the typecheck holds the two equal).
 */
export type FlightListing = {
  id: string;
  departureDate: Date;
  arrivalDate: Date;
  flightTime: number;
  aircraftType: string;
  pricePerMinute: number;
  probability: number;
  offeredSeats: number;
  heldSeats: number;
  availableSeats: number;
  isSoldOut: boolean;
  refreshedAt: Date;
  status: FlightStatus;
  departureAirport: ListedAirport;
  arrivalAirport: ListedAirport;
};
