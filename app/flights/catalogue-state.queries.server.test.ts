/**
 * The catalogue's version and its next instants on a real D1 with the real migrations,
 * written through the app's client (db/catalogue-version.server.ts): what the page cache
 * compares (docs/decisions/040-page-cache.md).
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { Db } from "#app/db/client.server";
import { airports, flights, orders, users } from "#app/db/schema";
import { createTestD1 } from "#tests/d1";
import { insertAirportsByCity, testFlight } from "#tests/flight-rows";

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
  it("moves at every insert, update and delete of flights, airports and orders", async () => {
    const writes: Array<[string, () => Promise<unknown>]> = [
      ["a flight added", () => db.insert(flights).values(flight("f-1", later(5 * HOUR)))],
      ["a flight's seats changed", () => db.update(flights).set({ seatsOverride: 2 }).where(eq(flights.id, "f-1"))],
      ["an order added", () => db.insert(orders).values(order("f-1", "pending", later(HOUR)))],
      ["an order changed", () => db.update(orders).set({ status: "processing" }).where(eq(orders.id, "order-1"))],
      ["an order removed", () => db.delete(orders).where(eq(orders.id, "order-1"))],
      ["another order added", () => db.insert(orders).values(order("f-1", "pending", later(HOUR)))],
      [
        "an airport renamed",
        () => db.update(airports).set({ servedCity: "Genf" }).where(eq(airports.icaoCode, "LSGG")),
      ],
      // Plain SQL through the client, as the sync's and the seats' statements are written.
      ["a flight changed by plain SQL", () => db.run(sql`update flights set feed_seats = 3 where id = 'f-1'`)],
      [
        "an order changed with its row returned",
        () => db.update(orders).set({ seats: 2 }).where(eq(orders.id, "order-2")).returning({ id: orders.id }),
      ],
      ["the other order removed", () => db.delete(orders).where(eq(orders.id, "order-2"))],
      ["a flight removed", () => db.delete(flights).where(eq(flights.id, "f-1"))],
    ];
    for (const [what, write] of writes) {
      const before = await version();
      await write();
      expect(await version(), what).toBeGreaterThan(before);
    }
  });

  it("leaves the writes' own counts as they were: changes, changes() and returned rows", async () => {
    await db.insert(flights).values(flight("f-counts", later(7 * HOUR)));
    const alone = await db.run(sql`update flights set feed_seats = 4 where id = 'f-counts'`);
    expect(alone.meta.changes).toBe(1);
    const returned = await db
      .update(flights)
      .set({ feedSeats: 5 })
      .where(eq(flights.id, "f-counts"))
      .returning({ id: flights.id, seats: flights.feedSeats });
    expect(returned).toEqual([{ id: "f-counts", seats: 5 }]);
    // A batch's results are the caller's statements', in order, and changes() still reads
    // the statement before (the seat hold's insert-select relies on it).
    const results = await db.batch([
      db.update(flights).set({ feedSeats: 6 }).where(eq(flights.id, "f-counts")),
      db.run(sql`update flights set seats_held = seats_held where id = 'f-counts' and changes() = 1`),
      db.update(flights).set({ feedSeats: 7 }).where(eq(flights.id, "no-such-flight")),
    ]);
    expect(results.map((result) => result.meta.changes)).toEqual([1, 1, 0]);
  });

  it("comes back after its row is gone (emptied tables): 0 until the next write", async () => {
    await db.run(sql`delete from catalogue_version`);
    expect(await version()).toBe(0);
    await db.insert(flights).values(flight("f-2", later(6 * HOUR)));
    expect(await version()).toBe(1);
  });

  it("stays when another table is written, or when a write on its own changes no row", async () => {
    const before = await version();
    await db.update(users).set({ firstName: "Léna" }).where(eq(users.id, "client"));
    await db.update(flights).set({ seatsOverride: 1 }).where(eq(flights.id, "no-such-flight"));
    expect(await version()).toBe(before);
    // A batch moves it once, changed or not: the page is made again, never kept too long.
    await db.batch([db.update(flights).set({ seatsOverride: 1 }).where(eq(flights.id, "no-such-flight"))]);
    expect(await version()).toBe(before + 1);
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

describe("which statements move the version", () => {
  it("writes to flights, airports and orders, however spelt; nothing else", async () => {
    const { writesCatalogue } = await import("#app/db/catalogue-version.server");
    for (const write of [
      'update "flights" set "seats_held" = ?',
      "UPDATE flights SET feed_seats = 3",
      'insert into "orders" ("id") select ?',
      "insert or ignore into airports (icao_code) values ('X')",
      'delete from "orders" where id = ?',
      "with gone as (select 1) update orders set status = 'cancelled'",
    ])
      expect(writesCatalogue(write), write).toBe(true);
    for (const other of [
      'select * from "flights"',
      'insert into "flight_logs" ("flight_id") values (?)',
      'update "order_events" set x = 1',
      'insert into "favorites" ("flight_id") values (?)',
      "delete from sessions where expires_at < ?",
    ])
      expect(writesCatalogue(other), other).toBe(false);
  });
});
