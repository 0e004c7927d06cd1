/**
 * The feed sync on a real D1, behind the real client and the in-process simulator: what
 * it inserts, updates and logs, its lease, and its cost in round trips. The client and
 * the feed over real HTTP are in feed-client.server.test.ts.
 */
import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import type { Db } from "#app/db/client.server";
import { airports, flightLogs, flights, syncRuns } from "#app/db/schema";
import { createTestContext } from "#tests/context";
import { createTestD1 } from "#tests/d1";

import { createFeedClient, FEED_MAX_ATTEMPTS, type FeedClient } from "./feed-client.server";
import { handleFeedRequest, simulatedFlights } from "./feed-simulator";
import { emptySyncTables, NOW } from "./feed-sync.fixtures";
import { syncFlightsFromFeed } from "./feed-sync.server";

let d1: D1Database;
let db: Db;
let dispose: () => Promise<void>;

beforeAll(async () => {
  ({ d1, db, dispose } = await createTestD1());
});
afterAll(() => dispose());
beforeEach(() => emptySyncTables(d1));

/** The simulator, in-process, behind the real client; `sleeps` records the backoff. */
function simulatorClient(query = "", sleeps: number[] = []): FeedClient {
  return createFeedClient({
    url: `http://feed.test/flights${query}`,
    token: "t",
    fetch: (request) => handleFeedRequest(request, { now: () => NOW, sleep: async () => {} }),
    sleep: async (ms) => void sleeps.push(ms),
  });
}

const contextWith = (feed: FeedClient) => createTestContext({ d1, now: () => NOW, feed });
const countOf = async (table: typeof flights | typeof airports | typeof flightLogs) =>
  (await db.select({ n: count() }).from(table))[0]!.n;

describe("the feed sync", () => {
  it("inserts the feed's flights and airports, logs each, and a second run over the same feed changes nothing", async () => {
    const feed = simulatorClient("?count=30");
    const first = await syncFlightsFromFeed(contextWith(feed), { trigger: "manual", userId: null });
    expect(first).toMatchObject({ ok: true, created: 30, updated: 0, skipped: 0 });
    expect(await countOf(flights)).toBe(30);
    const expectedAirports = new Set(
      simulatedFlights(NOW, 30).flatMap((f) => [f.departure_airport.icao_code, f.arrival_airport.icao_code]),
    );
    expect(await countOf(airports)).toBe(expectedAirports.size);
    const logs = await db.select().from(flightLogs);
    expect(logs).toHaveLength(30);
    expect(logs.every((log) => log.action === "INSERT" && log.actor === "sync" && log.changedBy === null)).toBe(true);
    expect(logs[0]!.flightLabel).toMatch(/ → /);

    // Price from the aircraft, the feed's departure kept as the match key.
    const sample = simulatedFlights(NOW, 30)[0]!;
    const [row] = await db
      .select()
      .from(flights)
      .where(eq(flights.aircraftType, sample.aircraft_type.icao_code))
      .limit(1);
    expect(row!.pricePerMinute).toBe(sample.aircraft_type.icao_code === "PC24" ? 75 : 50);
    expect(row!.feedDepartureDate).toEqual(row!.departureDate);

    const second = await syncFlightsFromFeed(contextWith(feed), { trigger: "cron", userId: null });
    expect(second).toMatchObject({ ok: true, created: 0, updated: 0, rowsWritten: 0 });
    expect(await countOf(flights)).toBe(30);
    expect(await countOf(flightLogs)).toBe(30);
    const runs = await db.select().from(syncRuns);
    expect(runs.map((run) => [run.status, run.newCount, run.updatedCount])).toEqual([
      ["success", 30, 0],
      ["success", 0, 0],
    ]);
  });

  it("updates only the feed's fields: staff overrides and seats held by orders survive, and the change is logged", async () => {
    await syncFlightsFromFeed(contextWith(simulatorClient("?count=3")), { trigger: "manual", userId: null });
    const [target] = await db.select().from(flights).limit(1);
    await db
      .update(flights)
      .set({
        probabilityOverride: 95,
        seatsOverride: 7,
        seatsHeld: 2,
        soldOutOverride: false,
        feedSeats: 1,
        feedProbability: 41,
      })
      .where(eq(flights.id, target!.id));

    const result = await syncFlightsFromFeed(contextWith(simulatorClient("?count=3")), {
      trigger: "manual",
      userId: null,
    });
    expect(result).toMatchObject({ ok: true, created: 0, updated: 1 });
    const [after] = await db.select().from(flights).where(eq(flights.id, target!.id));
    // The feed's values are back in the feed's columns...
    expect(after!.feedSeats).toBe(target!.feedSeats);
    expect(after!.feedProbability).toBe(target!.feedProbability);
    // ...and what staff and orders own is untouched, so what travellers see is unchanged.
    expect(after).toMatchObject({
      probabilityOverride: 95,
      seatsOverride: 7,
      seatsHeld: 2,
      soldOutOverride: false,
      probability: 95,
      availableSeats: 5,
    });
    const [log] = await db
      .select()
      .from(flightLogs)
      .where(sql`${flightLogs.action} = 'UPDATE'`);
    expect(log).toMatchObject({
      flightId: target!.id,
      actor: "sync",
      changedFields: ["feed_seats", "feed_probability"],
    });
    expect(log!.oldValues).toEqual({ feed_seats: 1, feed_probability: 41 });
    expect(log!.newValues).toEqual({ feed_seats: target!.feedSeats, feed_probability: target!.feedProbability });
  });

  it("keeps a flight whose departure staff moved: the sync matches on the feed's announced departure", async () => {
    await syncFlightsFromFeed(contextWith(simulatorClient("?count=2")), { trigger: "manual", userId: null });
    const [target] = await db.select().from(flights).limit(1);
    await db
      .update(flights)
      .set({ departureDate: new Date(target!.departureDate.getTime() + 3_600_000) })
      .where(eq(flights.id, target!.id));
    const result = await syncFlightsFromFeed(contextWith(simulatorClient("?count=2")), {
      trigger: "manual",
      userId: null,
    });
    expect(result).toMatchObject({ ok: true, created: 0 });
    expect(await countOf(flights)).toBe(2);
  });

  it.each([
    ["?fault=5xx", { kind: "http", status: 503, message: "Service temporarily unavailable" }, FEED_MAX_ATTEMPTS],
    ["?fault=401", { kind: "http", status: 401, message: "Invalid token" }, 1],
    ["?fault=badjson", { kind: "noData" }, 1],
    ["?fault=empty", { kind: "noData" }, 1],
  ])(
    "a feed answering %s gives its failure, retries only what may pass, and writes no flight",
    async (query, failure, attempts) => {
      await syncFlightsFromFeed(contextWith(simulatorClient("?count=4")), { trigger: "manual", userId: null });
      const before = await db.select().from(flights);
      const fetched = await simulatorClient(query).fetchFlights();
      expect(fetched).toEqual({ ok: false, failure, attempts });
      const result = await syncFlightsFromFeed(contextWith(simulatorClient(query)), {
        trigger: "manual",
        userId: null,
      });
      expect(result).toMatchObject({ ok: false, failure });
      expect(await db.select().from(flights)).toEqual(before);
      const [lastRun] = await db
        .select()
        .from(syncRuns)
        .orderBy(sql`id desc`)
        .limit(1);
      expect(lastRun).toMatchObject({ status: "error", newCount: 0 });
    },
  );

  it("skips flights with a missing airport or aircraft code", async () => {
    const result = await syncFlightsFromFeed(contextWith(simulatorClient("?count=6&fault=missing")), {
      trigger: "manual",
      userId: null,
    });
    expect(result).toMatchObject({ ok: true, created: 0, updated: 0, skipped: 6 });
    expect(await countOf(flights)).toBe(0);
  });

  it("never runs twice at once, and a run past its lease is taken over", async () => {
    const feed = simulatorClient("?count=5");
    const results = await Promise.all([
      syncFlightsFromFeed(contextWith(feed), { trigger: "manual", userId: null }),
      syncFlightsFromFeed(contextWith(feed), { trigger: "cron", userId: null }),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.find((r) => !r.ok)).toMatchObject({ failure: { kind: "alreadyRunning" } });
    expect(await countOf(flights)).toBe(5);

    // A Worker that died mid-run leaves a 'running' row; its lease ends 5 minutes later.
    await db
      .insert(syncRuns)
      .values({ trigger: "cron", status: "running", startedAt: NOW, leaseExpiresAt: new Date(NOW.getTime() + 60_000) });
    expect(await syncFlightsFromFeed(contextWith(feed), { trigger: "manual", userId: null })).toMatchObject({
      ok: false,
    });
    const later = createTestContext({ d1, now: () => new Date(NOW.getTime() + 6 * 60_000), feed });
    expect(await syncFlightsFromFeed(later, { trigger: "manual", userId: null })).toMatchObject({ ok: true });
    const dead = await db.select().from(syncRuns).where(eq(syncRuns.error, "lease expired"));
    expect(dead).toHaveLength(1);
  });

  it("costs a handful of D1 round trips, not one per flight", async () => {
    let roundTrips = 0;
    const counted = new Proxy(d1, {
      get(target, property, receiver) {
        if (property === "batch")
          return (...args: Parameters<D1Database["batch"]>) => (roundTrips++, target.batch(...args));
        if (property === "prepare") {
          return (query: string) => {
            const statement = target.prepare(query);
            const wrap = (s: D1PreparedStatement): D1PreparedStatement =>
              new Proxy(s, {
                get(inner, name) {
                  const value = Reflect.get(inner, name, inner) as unknown;
                  if (name === "bind") return (...values: unknown[]) => wrap(inner.bind(...values));
                  if (typeof value === "function" && ["all", "run", "first", "raw"].includes(String(name))) {
                    return (...args: unknown[]) => (
                      roundTrips++,
                      (value as (...a: unknown[]) => unknown).apply(inner, args)
                    );
                  }
                  return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(inner) : value;
                },
              });
            return wrap(statement);
          };
        }
        return Reflect.get(target, property, receiver) as unknown;
      },
    });
    const context = createTestContext({ d1: counted, now: () => NOW, feed: simulatorClient("?count=500") });
    expect(await syncFlightsFromFeed(context, { trigger: "manual", userId: null })).toMatchObject({
      ok: true,
      created: 500,
    });
    // Lease, airports and matches, writes, and the new flights' alert look-up: the airports
    // for the watches' radii (decision 036), then the match.
    expect(roundTrips).toBeLessThanOrEqual(6);
  });
});
