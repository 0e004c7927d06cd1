import type { FlightCancelReason, FlightStatus } from "#app/utils/constants";

// Shapes the browser needs too: components import these, never a `.server` module.

export type ListedAirport = { id: number; icaoCode: string; servedCity: string; country: string };

/** flights.queries.server.ts selects it, and the typecheck holds the two equal. */
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

export type CardAirport = Pick<ListedAirport, "id" | "icaoCode" | "servedCity">;

/** All the lists send the browser of a flight: the page's data goes twice, as HTML and for hydration. */
export type CardFlight = Pick<
  FlightListing,
  | "id"
  | "departureDate"
  | "flightTime"
  | "aircraftType"
  | "pricePerMinute"
  | "probability"
  | "offeredSeats"
  | "availableSeats"
  | "isSoldOut"
  | "refreshedAt"
> & { departureAirport: CardAirport; arrivalAirport: CardAirport };

export type FlightTimes = { departureMs: number; arrivalMs: number };
export type RescheduleImpact = "none" | "notice" | "freeCancellation";

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
  /** The staff member's first and last name; null for the sync, or once that account is deleted. */
  cancelledByName: string | null;
};
