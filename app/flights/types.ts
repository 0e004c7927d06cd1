import type { FlightCancelReason, FlightStatus } from "#app/utils/constants";

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

/** An airport as a card prints it: its city and code (the id places it on the map and by its distance). */
export type CardAirport = Pick<ListedAirport, "id" | "icaoCode" | "servedCity">;

/**
 * What an empty-leg card shows of a flight (components/flight-card.tsx), and all the lists
 * send the browser of it: the page's data is sent twice, as HTML and for hydration (issue 28).
 */
export type CardFlight = Pick<
  FlightListing,
  | "id"
  | "departureDate"
  | "flightTime"
  | "aircraftType"
  | "pricePerMinute"
  | "probability"
  | "offeredSeats"
  | "isSoldOut"
  | "refreshedAt"
> & { departureAirport: CardAirport; arrivalAirport: CardAirport };

/** A flight's times, in ms since the epoch. */
export type FlightTimes = { departureMs: number; arrivalMs: number };
/** What a change of times means for the flight's customers (flights/reschedule.ts). */
export type RescheduleImpact = "none" | "notice" | "freeCancellation";

/** A flight as its cancellation needs it: its state, its route and its departure. */
export type FlightToCancel = {
  id: string;
  status: "scheduled" | "cancelled";
  departureMs: number;
  departureAirportId: number;
  fromCity: string;
  toCity: string;
  fromIcao: string;
  toIcao: string;
  aircraftType: string;
  cancelReason: FlightCancelReason | null;
  cancelNote: string | null;
  cancelledBy: string | null;
};
