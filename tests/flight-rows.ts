/**
 * The catalogue rows tests seed on a real D1: a flight with the house's test values, and
 * airports named by the city they serve.
 */
import type { Db } from "#app/db/client.server";
import { airports, type flights } from "#app/db/schema";

type FlightRow = typeof flights.$inferInsert;
type AirportRow = typeof airports.$inferInsert;

const HOUR = 3_600_000;

/**
 * A 60-minute PC12 at 50 EUR a minute with 6 seats, from airport `from` to airport `to`,
 * arriving an hour after `departure`; any other column, or one of these, comes in `extra`.
 */
export function testFlight(
  id: string,
  {
    from,
    to,
    departure,
    refreshedAt,
    ...extra
  }: { from: number; to: number; departure: Date; refreshedAt: Date } & Partial<FlightRow>,
): FlightRow {
  return {
    id,
    departureAirportId: from,
    arrivalAirportId: to,
    departureDate: departure,
    arrivalDate: new Date(departure.getTime() + HOUR),
    flightTime: 60,
    aircraftType: "PC12",
    pricePerMinute: 50,
    feedSeats: 6,
    refreshedAt,
    ...extra,
  };
}

/** Inserts one airport a city (the key is the city it serves); returns the airport id of a city. */
export async function insertAirportsByCity<City extends string>(
  db: Db,
  byCity: Record<City, Omit<AirportRow, "servedCity">>,
): Promise<(city: City) => number> {
  const rows = await db
    .insert(airports)
    .values(
      Object.entries<Omit<AirportRow, "servedCity">>(byCity).map(([servedCity, airport]) => ({
        servedCity,
        ...airport,
      })),
    )
    .returning();
  return (city) => rows.find((row) => row.servedCity === city)!.id;
}
