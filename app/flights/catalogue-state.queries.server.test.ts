/**
 * The catalogue's version and its next instants on a real D1 with the real migrations
 * (0015's triggers): what the page cache compares (docs/decisions/040-page-cache.md).
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestD1 } from "#tests/d1";
import { insertAirportsByCity, testFlight } from "#tests/flight-rows";
import type { Db } from "#app/db/client.server";
import { airports, flights, orders, users } from "#app/db/schema";
import { readCatalogueState } from "./catalogue-state.queries.server";

let db: Db;
let dispose: () => Promise<void>;
let airportId: (city: "Genève" | "Nice") => number;
const NOW = new Date("2026-12-01T08:00:00Z");
const HOUR = 3_600_000;
const later = (ms: number) => new Date(NOW.getTime() + ms);
const state = () => readCatalogueState(db, NOW);
const version = async () => (await state()).version;

beforeAll(async () => {
  ({ db, dispose } = await createTestD1());
  airportId = await insertAirportsByCity(db, {
    Genève: { icaoCode: "LSGG", country: "CH", latitude: 46.2381, longitude: 6.109 },
    Nice: { icaoCode: "LFMN", country: "FR", latitude: 43.6584, longitude: 7.2159 },
  });
  await db.insert(users).values({
    id: "client",
    email: "client@example.test",
    passwordHash: "x",
    firstName: "Léa",
    lastName: "Muller",
    role: "client",
  });
});
afterAll(() => dispose());

const flight = (id: string, departure: Date) =>
  testFlight(id, { from: airportId("Genève"), to: airportId("Nice"), departure, refreshedAt: NOW });

let orderNumber = 0;
const order = (flightId: string, status: "pending" | "processing", holdExpiresAt: Date | null) => {
  orderNumber += 1;
  return {
    id: `order-${orderNumber}`,
    reference: `JM-CV${String(orderNumber).padStart(4, "0")}`,
    flightId,
    userId: "client",
    status,
    amountCents: 100_000,
    seats: 1,
    linkKeyHash: `hash-${orderNumber}`,
    holdExpiresAt,
    customerInfo: {
      firstName: "Léa",
      lastName: "Muller",
      email: "client@example.test",
      phone: "+41 79 000 00 00",
      address: "Rue 1",
      zipCode: "1200",
      city: "Genève",
      country: "CH",
    },
  } satisfies typeof orders.$inferInsert;
};

describe("the catalogue's version", () => {
  it("moves at every insert, update and delete of flights, airports and orders, whoever writes", async () => {
    const writes: Array<[string, () => Promise<unknown>]> = [
      ["a flight added", () => db.insert(flights).values(flight("f-1", later(5 * HOUR)))],
      ["a flight's seats changed", () => db.update(flights).set({ seatsOverride: 2 }).where(eq(flights.id, "f-1"))],
      ["an order added", () => db.insert(orders).values(order("f-1", "pending", later(HOUR)))],
      ["an order changed", () => db.update(orders).set({ status: "processing" }).where(eq(orders.id, "order-1"))],
      ["an order removed", () => db.delete(orders).where(eq(orders.id, "order-1"))],
      [
        "an airport renamed",
        () => db.update(airports).set({ servedCity: "Genf" }).where(eq(airports.icaoCode, "LSGG")),
      ],
      // Plain SQL, as a migration, the feed sync or an engineer's console would write.
      ["a flight changed by plain SQL", () => db.run(sql`update flights set feed_seats = 3 where id = 'f-1'`)],
      ["a flight removed", () => db.delete(flights).where(eq(flights.id, "f-1"))],
    ];
    for (const [what, write] of writes) {
      const before = await version();
      await write();
      expect(await version(), what).toBeGreaterThan(before);
    }
  });

  it("comes back after its row is gone (emptied tables): 0 until the next write", async () => {
    await db.run(sql`delete from catalogue_version`);
    expect(await version()).toBe(0);
    await db.insert(flights).values(flight("f-2", later(6 * HOUR)));
    expect(await version()).toBe(1);
  });

  it("stays when a write changes no row, or when another table is written", async () => {
    const before = await version();
    await db.update(flights).set({ seatsOverride: 1 }).where(eq(flights.id, "no-such-flight"));
    await db.update(users).set({ firstName: "Léna" }).where(eq(users.id, "client"));
    expect(await version()).toBe(before);
  });
});

describe("the catalogue's next instants", () => {
  it("are the next departure from now on and the next expiry of a pending hold", async () => {
    await db
      .insert(flights)
      .values([flight("left", later(-HOUR)), flight("at-now", NOW), flight("soon", later(2 * HOUR))]);
    await db
      .insert(orders)
      .values([
        order("soon", "pending", later(-60_000)),
        order("soon", "pending", later(30 * 60_000)),
        order("soon", "pending", later(20 * 60_000)),
        order("soon", "processing", later(10 * 60_000)),
      ]);
    // 'at-now' still leaves at NOW: it is listed until then (flights.queries.server.ts).
    expect(await state()).toMatchObject({ nextDeparture: NOW.getTime(), nextHoldExpiry: later(20 * 60_000).getTime() });
    const afterwards = await readCatalogueState(db, later(HOUR));
    expect(afterwards).toMatchObject({ nextDeparture: later(2 * HOUR).getTime(), nextHoldExpiry: null });
  });
});
