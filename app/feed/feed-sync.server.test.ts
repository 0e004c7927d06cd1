import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { count, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createTestD1, migrationStatements } from "#tests/d1";
import { createTestContext } from "#tests/context";
import type { Db } from "#app/db/client.server";
import { airports, flightLogs, flights, syncRuns } from "#app/db/schema";
import { backoffDelayMs, createFeedClient, FEED_MAX_ATTEMPTS, type FeedClient } from "./feed-client.server";
import { handleFeedRequest, simulatedFlights } from "./feed-simulator";
import { syncFlightsFromFeed } from "./feed-sync.server";

const NOW = new Date("2026-11-23T09:00:00Z");
let d1: D1Database;
let db: Db;
let dispose: () => Promise<void>;

beforeAll(async () => {
  ({ d1, db, dispose } = await createTestD1());
});
afterAll(() => dispose());

/** Every table the sync writes, emptied between tests (the migrations made them). */
beforeEach(async () => {
  await d1.batch(
    ["flight_logs", "notifications", "alert_deliveries", "flights", "airports", "sync_runs"].map((t) =>
      d1.prepare(`delete from ${t}`),
    ),
  );
});

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

    // Price from the aircraft (D2), the feed's departure kept as the match key.
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
        soldoutOverride: false,
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
      soldoutOverride: false,
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
    // Lease, airports and matches, writes, and the new flights' alert look-up.
    expect(roundTrips).toBeLessThanOrEqual(5);
  });
});

describe("the feed client", () => {
  it("waits 2 s then 4 s (plus up to 1 s) between attempts, and never more than 10 s", () => {
    expect(backoffDelayMs(1, () => 0)).toBe(2_000);
    expect(backoffDelayMs(1, () => 0.999)).toBe(2_999);
    expect(backoffDelayMs(2, () => 0.5)).toBe(4_500);
    expect(backoffDelayMs(4, () => 0.999)).toBe(10_000);
  });

  it("retries network errors and 5xx with that backoff, three attempts in all", async () => {
    const sleeps: number[] = [];
    const statuses = [503, 502];
    const client = createFeedClient({
      url: "http://feed.test/flights",
      token: "t",
      fetch: async (request) => {
        const status = statuses.shift();
        if (status) return new Response("{}", { status });
        return handleFeedRequest(request, { now: () => NOW });
      },
      sleep: async (ms) => void sleeps.push(ms),
      random: () => 0.25,
    });
    const result = await client.fetchFlights();
    expect(result).toMatchObject({ ok: true, attempts: 3 });
    expect(sleeps).toEqual([2_250, 4_250]);

    let calls = 0;
    const down = createFeedClient({
      url: "http://feed.test/flights",
      token: "t",
      fetch: async () => {
        calls++;
        throw new TypeError("fetch failed");
      },
      sleep: async () => {},
    });
    expect(await down.fetchFlights()).toEqual({ ok: false, failure: { kind: "network" }, attempts: 3 });
    expect(calls).toBe(3);
  });

  it("gives up an attempt after the timeout and reports it", async () => {
    const client = createFeedClient({
      url: "http://feed.test/flights?fault=slow&delay=5000",
      token: "t",
      timeoutMs: 50,
      fetch: (request) =>
        new Promise((_, reject) => {
          request.signal.addEventListener("abort", () => reject(request.signal.reason as Error));
        }),
      sleep: async () => {},
    });
    expect(await client.fetchFlights()).toEqual({ ok: false, failure: { kind: "timeout" }, attempts: 3 });
  });
});

describe("the feed over real HTTP", () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    server = createServer(async (req, res) => {
      const request = new Request(`http://127.0.0.1${req.url}`, { headers: req.headers as Record<string, string> });
      const response = await handleFeedRequest(request, {
        now: () => NOW,
        sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
      });
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(Buffer.from(await response.arrayBuffer()));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/flights`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  afterEach(() => vi.restoreAllMocks());

  const httpClient = (query: string, options: { timeoutMs?: number } = {}) =>
    createFeedClient({
      url: `${base}${query}`,
      token: "secret",
      fetch: (r) => fetch(r),
      sleep: async () => {},
      ...options,
    });

  it("syncs the simulator's flights", async () => {
    const context = createTestContext({ d1, now: () => NOW, feed: httpClient("?count=12") });
    expect(await syncFlightsFromFeed(context, { trigger: "manual", userId: null })).toMatchObject({
      ok: true,
      created: 12,
    });
  });

  it("reports a 5xx, a timeout and a refused connection with their failures", async () => {
    expect(await httpClient("?fault=5xx").fetchFlights()).toMatchObject({
      ok: false,
      failure: { kind: "http", status: 503 },
    });
    expect(await httpClient("?fault=slow&delay=2000", { timeoutMs: 100 }).fetchFlights()).toMatchObject({
      ok: false,
      failure: { kind: "timeout" },
    });
    const refused = createFeedClient({
      url: "http://127.0.0.1:9/flights",
      token: "t",
      fetch: (r) => fetch(r),
      sleep: async () => {},
    });
    expect(await refused.fetchFlights()).toMatchObject({ ok: false, failure: { kind: "network" } });
  });
});

// The migrations list is what tests/d1.ts applies; guard the new columns' presence.
it("migration 0002 adds the sync's key and lease columns", () => {
  const sqlText = migrationStatements().join("\n");
  expect(sqlText).toContain("feed_departure_date");
  expect(sqlText).toContain("lease_expires_at");
});
