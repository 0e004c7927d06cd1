/**
 * The feed client: its backoff and retries, its timeout, and the simulator served over
 * real HTTP, synced into a real D1.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

import { createTestContext } from "#tests/context";
import { createTestD1, migrationStatements } from "#tests/d1";

import { backoffDelayMs, createFeedClient } from "./feed-client.server";
import { handleFeedRequest } from "./feed-simulator";
import { emptySyncTables, NOW } from "./feed-sync.fixtures";
import { syncFlightsFromFeed } from "./feed-sync.server";

let d1: D1Database;
let dispose: () => Promise<void>;

beforeAll(async () => {
  ({ d1, dispose } = await createTestD1());
});
afterAll(() => dispose());
beforeEach(() => emptySyncTables(d1));

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
