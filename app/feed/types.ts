import type { FlightTimes, RescheduleImpact } from "#app/flights/types";

/** Shapes the feed sync's plan, service and queries share (docs/sync.md). */

/** A feed flight, validated: its airports' ICAO codes, announced times and the operator's leg id. */
export type FeedFlightRow = {
  fromIcao: string;
  toIcao: string;
  departureMs: number;
  arrivalMs: number;
  flightTime: number;
  aircraftType: string;
  seats: number;
  probability: number;
  legId?: string;
  cancelled?: boolean;
};

/** A flight of ours that a feed flight may be: matched by leg id, announced departure, or near it. */
export type KnownFlight = {
  id: string;
  fromIcao: string;
  toIcao: string;
  legId: string | null;
  feedDepartureMs: number | null;
  departureMs: number;
  arrivalMs: number;
  flightTime: number;
  feedSeats: number;
  feedProbability: number;
  aircraftType: string;
  status: "scheduled" | "cancelled";
  source: "feed" | "staff" | "demo";
};

export type FlightUpdateRow = {
  id: string;
  departureMs: number;
  feedDepartureMs: number;
  legId: string | null;
  arrivalMs: number;
  flightTime: number;
  seats: number;
  probability: number;
  changedFields: string[];
  oldValues: Record<string, unknown>;
  newValues: Record<string, unknown>;
  /** The times before, and what their change means for the flight's customers. */
  previous: FlightTimes;
  impact: RescheduleImpact;
};
