import type { FlightCancelReason, FlightStatus, TIME_SLOTS } from "#app/utils/constants";

export type AdminFlight = {
  id: string;
  departureDate: Date;
  arrivalDate: Date;
  flightTime: number;
  aircraftType: string;
  pricePerMinute: number;
  probability: number;
  probabilityOverride: number | null;
  /** Seats left, held and offered at the loader's `now` (a hold past its end is not held). */
  availableSeats: number;
  heldSeats: number;
  offeredSeats: number;
  feedSeats: number;
  seatsOverride: number | null;
  isSoldOut: boolean;
  departureTimeType: "exact" | "slot";
  timeSlot: (typeof TIME_SLOTS)[number] | null;
  flexibilityDays: number;
  source: "feed" | "staff" | "demo";
  /** A cancelled flight stays in the list as 'Annulé' (decision 032). */
  status: FlightStatus;
  /** When, why and by whom, for a cancelled flight; `by` is null for the sync or a deleted account. */
  cancellation: { at: Date; reason: FlightCancelReason; note: string | null; by: string | null } | null;
  operatorName: string | null;
  operatorAoc: string | null;
  operatorState: string | null;
  aircraftRegistration: string | null;
  terminal: string | null;
  checkInMinutes: number;
  manifestDeadlineHours: number;
  departureAirport: { servedCity: string; icaoCode: string; country: string };
  arrivalAirport: { servedCity: string; icaoCode: string; country: string };
};
