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
  /** Named whole or not at all; absent, the flight keeps what it has (docs/sync.md 'The operating carrier'). */
  operator?: FeedOperator;
  registration?: string;
};

export type FeedOperator = { name: string; aoc: string; state: string };

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
  operatorName: string | null;
  operatorAoc: string | null;
  operatorState: string | null;
  registration: string | null;
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
  /** Null: the feed named none, and the flight keeps its own. */
  operator: FeedOperator | null;
  registration: string | null;
  changedFields: string[];
  oldValues: Record<string, unknown>;
  newValues: Record<string, unknown>;
  previous: FlightTimes;
  impact: RescheduleImpact;
};
