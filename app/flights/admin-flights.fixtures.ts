/**
 * The shared set-up of the back-office flight tests (admin-flight*.server.test.ts,
 * admin-flights.queries.server.test.ts, new-flight.server.test.ts): the fixed clock, a
 * D1 with three airports and a staff member, and helpers that add, read and edit flights.
 */
import { eq } from "drizzle-orm";

import type { Db } from "#app/db/client.server";
import { demoOperatorColumns } from "#app/db/demo-data";
import { airports, flightLogs, flights, users } from "#app/db/schema";
import { createTestD1 } from "#tests/d1";

import type { saveEditPanel } from "./admin-flights.server";

/** 10:00 in Zurich (09:00 UTC), in winter. */
export const now = new Date("2026-11-23T09:00:00Z");
export const HOUR = 3_600_000;
export const STAFF = "staff-user";

/** A test file's own D1: three airports (their ids by ICAO code) and the staff member STAFF. */
export async function openFlightsDatabase() {
  const { d1, db, dispose } = await createTestD1();
  const ids: Record<string, number> = {};
  const rows = await db
    .insert(airports)
    .values([
      { icaoCode: "LSGG", servedCity: "Genève", country: "Switzerland", latitude: 46.2381, longitude: 6.109 },
      { icaoCode: "LFMN", servedCity: "Nice", country: "France", latitude: 43.6584, longitude: 7.2159 },
      { icaoCode: "LSZH", servedCity: "Zurich", country: "Switzerland", latitude: 47.4582, longitude: 8.5555 },
    ])
    .returning({ id: airports.id, code: airports.icaoCode });
  for (const row of rows) ids[row.code] = row.id;
  await db.insert(users).values({
    id: STAFF,
    email: "gaston@example.test",
    passwordHash: "x",
    firstName: "Gaston",
    lastName: "Gestionnaire",
    role: "gestionnaire",
  });
  return { d1, db, dispose, ids };
}

export type FlightSpec = {
  from?: string;
  to?: string;
  departure: Date;
  seats?: number;
  minutes?: number;
  soldOut?: boolean;
  held?: number;
};

/**
 * The helpers that write and read the test file's database, taken when called (the
 * file's hook opens it). Flights are numbered from 1 in each file.
 */
export function flightHelpers(current: () => { db: Db; ids: Record<string, number> }) {
  let flightNumber = 0;
  async function addFlight({
    from = "LSGG",
    to = "LFMN",
    departure,
    seats = 6,
    minutes = 60,
    soldOut,
    held = 0,
  }: FlightSpec) {
    const { db, ids } = current();
    const id = `flight-${++flightNumber}`;
    await db.insert(flights).values({
      id,
      departureAirportId: ids[from]!,
      arrivalAirportId: ids[to]!,
      departureDate: departure,
      arrivalDate: new Date(departure.getTime() + minutes * 60_000),
      flightTime: minutes,
      aircraftType: "PC12",
      ...demoOperatorColumns(0, "PC12"),
      pricePerMinute: 50,
      feedSeats: seats,
      seatsHeld: held,
      soldOutOverride: soldOut ?? null,
      refreshedAt: now,
      createdAt: now,
      updatedAt: now,
    });
    return id;
  }
  const flightRow = async (id: string) => (await current().db.select().from(flights).where(eq(flights.id, id)).get())!;
  const logsOf = (id: string) => current().db.select().from(flightLogs).where(eq(flightLogs.flightId, id));
  return { addFlight, flightRow, logsOf };
}

/** One insert per row, in one batch: D1 binds at most 100 values per statement. */
export async function insertMany(target: Db, rows: Array<typeof flights.$inferInsert>) {
  const [first, ...rest] = rows.map((row) => target.insert(flights).values(row));
  await target.batch([first!, ...rest]);
}
export const edit = (flightId: string, overrides: Partial<Parameters<typeof saveEditPanel>[1]["input"]> = {}) => ({
  intent: "edit" as const,
  flightId,
  probability: 90,
  seats: 5,
  departureTimeType: "slot" as const,
  timeSlot: "08-12" as const,
  ...overrides,
});
