import { sql } from "drizzle-orm";

import type { Db } from "#app/db/client.server";
import { airports, flights } from "#app/db/schema";
import { isUniqueViolation } from "#app/db/unique-violation";
import type { TIME_SLOTS } from "#app/utils/constants";

import { type FlightLogEntry, flightLogInsert } from "./flight-logs.queries.server";

type TimeSlot = (typeof TIME_SLOTS)[number];

export function listAirportsForMatching(db: Db) {
  return db
    .select({
      id: airports.id,
      icaoCode: airports.icaoCode,
      servedCity: airports.servedCity,
      latitude: airports.latitude,
      longitude: airports.longitude,
    })
    .from(airports);
}

export type AirportChoice =
  { kind: "existing"; icaoCode: string; servedCity: string } | { kind: "new"; icaoCode: string; servedCity: string };

export type NewStaffFlight = {
  id: string;
  departure: AirportChoice;
  arrival: AirportChoice;
  departureDate: Date;
  arrivalDate: Date;
  flightTime: number;
  aircraftType: string;
  pricePerMinute: number;
  seats: number;
  probability: number;
  flexibilityDays: number;
  departureTimeType: "exact" | "slot";
  timeSlot: TimeSlot | null;
};

/** The flight finds its airports by code inside the batch, so nothing is left half-made. */
export async function createStaffFlight(
  db: Db,
  { flight, staffId, now }: { flight: NewStaffFlight; staffId: string; now: Date },
): Promise<{ status: "created" | "taken" }> {
  const airportId = (choice: AirportChoice) => sql`(select id from airports where icao_code = ${choice.icaoCode})`;
  const newAirports = [flight.departure, flight.arrival].filter((choice) => choice.kind === "new");
  const values = {
    departure_date: flight.departureDate.toISOString(),
    arrival_date: flight.arrivalDate.toISOString(),
    flight_time: flight.flightTime,
    aircraft_type: flight.aircraftType,
    price_per_minute: flight.pricePerMinute,
    feed_seats: flight.seats,
    feed_probability: flight.probability,
    departure_time_type: flight.departureTimeType,
    time_slot: flight.timeSlot,
    flexibility_days: flight.flexibilityDays,
    source: "staff",
  };
  const log: FlightLogEntry = {
    flightId: flight.id,
    flightLabel: `${flight.departure.servedCity} → ${flight.arrival.servedCity}`,
    action: "INSERT",
    changedFields: Object.keys(values),
    oldValues: null,
    newValues: values,
    actor: "staff",
    changedBy: staffId,
    changedAt: now,
  };
  try {
    const insertFlight = db.insert(flights).values({
      id: flight.id,
      departureAirportId: airportId(flight.departure) as unknown as number,
      arrivalAirportId: airportId(flight.arrival) as unknown as number,
      departureDate: flight.departureDate,
      arrivalDate: flight.arrivalDate,
      flightTime: flight.flightTime,
      aircraftType: flight.aircraftType,
      pricePerMinute: flight.pricePerMinute,
      // No override yet: the panel says 'Probabilité à vérifier' until someone saves the edit panel.
      feedSeats: flight.seats,
      feedProbability: flight.probability,
      departureTimeType: flight.departureTimeType,
      timeSlot: flight.timeSlot,
      flexibilityDays: flight.flexibilityDays,
      source: "staff",
      refreshedAt: now,
      createdAt: now,
      updatedAt: now,
    });
    const insertAirports = newAirports.map((choice) =>
      db.insert(airports).values({
        icaoCode: choice.icaoCode,
        servedCity: choice.servedCity,
        country: "Unknown",
      }),
    );
    const [first, ...rest] = [...insertAirports, insertFlight, flightLogInsert(db, log)];
    await db.batch([first!, ...rest]);
  } catch (error) {
    if (isUniqueViolation(error)) return { status: "taken" };
    throw error;
  }
  return { status: "created" };
}
