import type { FlightTimes, RescheduleImpact } from "#app/flights/types";

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
  previous: FlightTimes;
  impact: RescheduleImpact;
};
