import { count, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { orderReference } from "#app/orders/order-reference";
import { createTestD1 } from "#tests/d1";

import { buildSeedSql } from "../../scripts/seed-local";
import type { Db } from "./client.server";
import { buildDemoFlights, DEMO_AIRPORTS, demoFlightId } from "./demo-data";
import { airports, flights, users } from "./schema";

let d1: D1Database;
let db: Db;
let dispose: () => Promise<void>;
beforeAll(async () => {
  ({ d1, db, dispose } = await createTestD1());
});
afterAll(() => dispose());

async function seed(now: Date) {
  const statements = (await buildSeedSql(now)).split("\n").filter(Boolean);
  await d1.batch(statements.map((statement) => d1.prepare(statement)));
}

describe("demo data", () => {
  const now = new Date("2026-11-22T09:00:00Z");
  const demo = buildDemoFlights(now);

  it("has about 40 upcoming flights over the next 30 days, PC12 and PC24, some sold out", () => {
    expect(demo).toHaveLength(40);
    for (const flight of demo) {
      expect(flight.departureDate.getTime()).toBeGreaterThan(now.getTime());
      expect(flight.departureDate.getTime()).toBeLessThan(now.getTime() + 31 * 24 * 3600_000);
      expect(flight.feedProbability).toBeGreaterThanOrEqual(40);
      expect(flight.feedProbability).toBeLessThanOrEqual(100);
    }
    expect(new Set(demo.map((flight) => flight.aircraftType))).toEqual(new Set(["PC12", "PC24"]));
    expect(demo.filter((flight) => flight.soldOutOverride || flight.feedSeats === 0).length).toBeGreaterThanOrEqual(3);
    expect(Math.min(...demo.map((f) => f.feedProbability))).toBe(40);
    expect(Math.max(...demo.map((f) => f.feedProbability))).toBe(100);
  });

  it("gives every flight a UUID v4 id, the same on every seed, and its own order reference", () => {
    const ids = demo.map((flight) => flight.id);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(buildDemoFlights(new Date(now.getTime() + 40 * 24 * 3600_000)).map((flight) => flight.id)).toEqual(ids);
    expect(ids).toEqual(demo.map((_, index) => demoFlightId(index)));
    // The reference printed on an order is the first 8 characters of its flight's id.
    expect(new Set(ids.map(orderReference)).size).toBe(ids.length);
    // Fixed values: a change of the generator would give every local demo new flights.
    expect(ids.slice(0, 2)).toEqual(["64625032-d9c0-499c-af36-2e107fa88912", "5e2d1772-14e4-48f0-920e-a1fdb382f339"]);
  });

  it("loads idempotently: a second run adds nothing", async () => {
    await seed(now);
    await seed(now);
    const [[userCount], [airportCount], [flightCount]] = await Promise.all([
      db.select({ n: count() }).from(users),
      db.select({ n: count() }).from(airports),
      db.select({ n: count() }).from(flights),
    ]);
    expect([userCount!.n, airportCount!.n, flightCount!.n]).toEqual([3, DEMO_AIRPORTS.length, 40]);
  });

  it("moves flights whose date has passed forward on a later day, and keeps the others", async () => {
    const later = new Date(now.getTime() + 10 * 24 * 3600_000);
    await seed(later);
    const [{ past, total }] = (await db
      .select({ past: sql<number>`sum(departure_date < ${later.getTime()})`, total: count() })
      .from(flights)) as [{ past: number; total: number }];
    expect(total).toBe(40);
    expect(past).toBe(0);
    const kept = await d1
      .prepare("select count(*) as n from flights where departure_date = ?")
      .bind(demo.at(-1)!.departureDate.getTime())
      .first<{ n: number }>();
    expect(kept?.n).toBe(demo.at(-1)!.departureDate.getTime() > later.getTime() ? 1 : 0);
  });
});
