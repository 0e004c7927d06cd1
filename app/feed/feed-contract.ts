// What the sync reads of one feed flight (docs/sync.md 'The contract'); pure. A field it cannot read takes its default or
// is left out; a flight without its airports, aircraft or times is skipped as invalid.
import { DEFAULT_PROBABILITY } from "#app/utils/constants";
import {
  isStateCode,
  MAX_AOC,
  MAX_OPERATOR_NAME,
  MAX_REGISTRATION,
  REGISTRATION_PATTERN,
} from "#app/utils/operating-carrier";
import { z } from "#app/utils/zod";

import type { FeedAirportRow } from "./feed-sync.queries.server";
import type { FeedFlightRow } from "./types";

const DEFAULT_SEATS = 6;

const code = z.string().trim().min(1).max(8);
const airportSchema = z.object({
  icao_code: code.transform((value) => value.toUpperCase()),
  served_city: z.string().trim().min(1).max(80),
  country: z.string().trim().min(1).max(60).catch("Unknown"),
  latitude: z.number().min(-90).max(90).catch(0),
  longitude: z.number().min(-180).max(180).catch(0),
});
const instant = z.string().refine((value) => !Number.isNaN(Date.parse(value)));
const feedFlightSchema = z.object({
  departure_airport: airportSchema,
  arrival_airport: airportSchema,
  aircraft_type: z.object({ icao_code: code.transform((value) => value.toUpperCase()) }),
  departure_date: instant,
  arrival_date: instant,
  flight_time: z
    .number()
    .int()
    .positive()
    .max(24 * 60)
    .optional()
    .catch(undefined),
  available_seats: z.number().int().min(0).max(8).catch(DEFAULT_SEATS),
  probability: z.number().int().min(0).max(100).catch(DEFAULT_PROBABILITY),
  // Only the exact word cancels (docs/sync.md 'A cancelled flight'); anything else is on sale.
  status: z.enum(["scheduled", "cancelled"]).optional().catch(undefined),
  leg_id: z
    .union([z.string(), z.number().int().nonnegative()])
    .transform((value) => String(value).trim())
    .pipe(z.string().min(1).max(64))
    .optional()
    .catch(undefined),
  // A carrier with a part missing or wrong is left out whole: the flight keeps the one it has.
  operator: z
    .object({
      name: z.string().trim().min(1).max(MAX_OPERATOR_NAME),
      aoc_number: z.string().trim().min(1).max(MAX_AOC),
      aoc_state: z
        .string()
        .trim()
        .refine(isStateCode)
        .transform((value) => value.toUpperCase()),
    })
    .optional()
    .catch(undefined),
  aircraft_registration: z
    .string()
    .trim()
    .max(MAX_REGISTRATION)
    .regex(REGISTRATION_PATTERN)
    .transform((value) => value.toUpperCase())
    .optional()
    .catch(undefined),
});

export function parseFeedFlight(
  raw: unknown,
): { flight: FeedFlightRow; airports: [FeedAirportRow, FeedAirportRow] } | null {
  const parsed = feedFlightSchema.safeParse(raw);
  if (!parsed.success) return null;
  const item = parsed.data;
  const departureMs = Date.parse(item.departure_date);
  const arrivalMs = Date.parse(item.arrival_date);
  const flightTime = item.flight_time ?? Math.round((arrivalMs - departureMs) / 60_000);
  if (
    arrivalMs <= departureMs ||
    flightTime <= 0 ||
    item.departure_airport.icao_code === item.arrival_airport.icao_code
  )
    return null;
  const airport = (a: typeof item.departure_airport): FeedAirportRow => ({
    icaoCode: a.icao_code,
    servedCity: a.served_city,
    country: a.country,
    latitude: a.latitude,
    longitude: a.longitude,
  });
  return {
    flight: {
      fromIcao: item.departure_airport.icao_code,
      toIcao: item.arrival_airport.icao_code,
      departureMs,
      arrivalMs,
      flightTime,
      aircraftType: item.aircraft_type.icao_code,
      seats: item.available_seats,
      probability: item.probability,
      cancelled: item.status === "cancelled",
      ...(item.leg_id === undefined ? {} : { legId: item.leg_id }),
      ...(item.operator
        ? { operator: { name: item.operator.name, aoc: item.operator.aoc_number, state: item.operator.aoc_state } }
        : {}),
      ...(item.aircraft_registration === undefined ? {} : { registration: item.aircraft_registration }),
    },
    airports: [airport(item.departure_airport), airport(item.arrival_airport)],
  };
}
