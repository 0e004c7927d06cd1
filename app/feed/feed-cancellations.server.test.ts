/**
 * The feed ends flights (docs/sync.md 'A flight's end', decision 032) on a real D1, behind
 * the real client and the in-process simulator: `status: "cancelled"` cancels as the
 * sync; a future flight missing from two complete syncs in a row is cancelled, from one
 * it is not, and being listed again resets the count; a failing, empty, cut, garbage or
 * much shorter answer never cancels anything.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import type { Db } from "#app/db/client.server";
import { flightLogs, flights } from "#app/db/schema";
import { createTestContext } from "#tests/context";
import { createTestD1 } from "#tests/d1";

import { isCompleteFeed } from "./feed-cancellations.server";
import { createFeedClient, type FeedClient } from "./feed-client.server";
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

function simulatorClient(query: string): FeedClient {
  return createFeedClient({
    url: `http://feed.test/flights${query}`,
    token: "t",
    fetch: (request) => handleFeedRequest(request, { now: () => NOW, sleep: async () => {} }),
    sleep: async () => {},
  });
}

const sync = (query: string) =>
  syncFlightsFromFeed(createTestContext({ d1, now: () => NOW, feed: simulatorClient(query) }), {
    trigger: "cron",
    userId: null,
  });

/** Our flight that is simulated flight `index` of the list (matched on its announced departure). */
async function flightAt(index: number) {
  const feed = simulatedFlights(NOW, 8)[index]!;
  const rows = await db
    .select()
    .from(flights)
    .where(eq(flights.feedDepartureDate, new Date(feed.departure_date)));
  return rows[0]!;
}
const cancelledIds = async () =>
  (await db.select({ id: flights.id }).from(flights).where(eq(flights.status, "cancelled"))).map((row) => row.id);

/** A flight of the simulated list that is still to leave at NOW (the list starts today). */
const FUTURE = simulatedFlights(NOW, 8).findIndex(
  (flight) => Date.parse(flight.departure_date) > NOW.getTime() + 86_400_000,
);

describe("the feed cancels", () => {
  it("a flight it marks cancelled, once, as the sync", async () => {
    await sync("?count=8");
    const target = await flightAt(FUTURE);
    expect(await sync(`?count=8&cancel=${FUTURE}`)).toMatchObject({ ok: true });
    expect(await cancelledIds()).toEqual([target.id]);
    expect(await flightAt(FUTURE)).toMatchObject({
      status: "cancelled",
      cancelReason: "feedCancelled",
      cancelledBy: null,
    });
    await sync(`?count=8&cancel=${FUTURE}`);
    const deletes = await db.select().from(flightLogs).where(eq(flightLogs.action, "DELETE"));
    expect(deletes).toEqual([expect.objectContaining({ flightId: target.id, actor: "sync", changedBy: null })]);
  });

  it("never adds a flight that arrives cancelled", async () => {
    await sync(`?count=8&cancel=${FUTURE}`);
    expect(await db.select().from(flights)).toHaveLength(7);
    expect(await cancelledIds()).toEqual([]);
  });

  it("a future flight missing from two complete syncs in a row; one is not enough, and being listed resets the count", async () => {
    await sync("?count=8");
    const target = await flightAt(FUTURE);
    await sync(`?count=8&drop=${FUTURE}`);
    expect(await flightAt(FUTURE)).toMatchObject({ status: "scheduled", missingSyncs: 1 });
    await sync("?count=8");
    expect(await flightAt(FUTURE)).toMatchObject({ status: "scheduled", missingSyncs: 0 });
    await sync(`?count=8&drop=${FUTURE}`);
    expect(await cancelledIds()).toEqual([]);
    await sync(`?count=8&drop=${FUTURE}`);
    expect(await cancelledIds()).toEqual([target.id]);
    expect(await flightAt(FUTURE)).toMatchObject({ cancelReason: "feedMissing" });
  });

  it.each(["?fault=5xx", "?fault=401", "?fault=badjson", "?fault=truncated", "?fault=empty", "?count=8&fault=missing"])(
    "nothing after answers %s, however many times",
    async (query) => {
      await sync("?count=8");
      for (let i = 0; i < 3; i++) await sync(query);
      expect(await cancelledIds()).toEqual([]);
      expect((await db.select().from(flights)).every((flight) => flight.missingSyncs === 0)).toBe(true);
    },
  );

  it("nothing after a list much shorter than what we hold (a cut page), however many times", async () => {
    await sync("?count=8");
    for (let i = 0; i < 3; i++) await sync("?count=3");
    expect(await cancelledIds()).toEqual([]);
  });
});

describe("isCompleteFeed", () => {
  it("takes a list with readable flights and at most a tenth unreadable", () => {
    expect(isCompleteFeed({ listed: 20, valid: 20 })).toBe(true);
    expect(isCompleteFeed({ listed: 20, valid: 18 })).toBe(true);
    expect(isCompleteFeed({ listed: 20, valid: 17 })).toBe(false);
    expect(isCompleteFeed({ listed: 6, valid: 0 })).toBe(false);
  });
});
