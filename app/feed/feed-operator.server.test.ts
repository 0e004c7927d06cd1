/**
 * The feed carries each flight's operating carrier (docs/sync.md 'The operating carrier'), on a real D1 behind the
 * real client: the simulator names one for every flight; a carrier the feed names is written on insert and update,
 * one it leaves out (or gives in part) leaves the flight's own.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import type { Db } from "#app/db/client.server";
import { flightLogs, flights } from "#app/db/schema";
import { createTestContext } from "#tests/context";
import { createTestD1 } from "#tests/d1";

import { createFeedClient } from "./feed-client.server";
import { type FeedFlight, handleFeedRequest, simulatedFlights } from "./feed-simulator";
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

const COUNT = 6;
const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { "Content-Type": "application/json" } });

/** The real client over the simulator, or over the simulator's list as `edit` changes it. */
function sync(edit?: (flights: FeedFlight[]) => unknown[]) {
  const feed = createFeedClient({
    url: `http://feed.test/flights?count=${COUNT}`,
    token: "t",
    fetch: (request) =>
      edit ? Promise.resolve(json(edit(simulatedFlights(NOW, COUNT)))) : handleFeedRequest(request, { now: () => NOW }),
    sleep: async () => {},
  });
  return syncFlightsFromFeed(createTestContext({ d1, now: () => NOW, feed }), { trigger: "manual", userId: null });
}

const carrierOf = async (legId: string) =>
  db
    .select({
      name: flights.operatorName,
      aoc: flights.operatorAoc,
      state: flights.operatorState,
      registration: flights.aircraftRegistration,
    })
    .from(flights)
    .where(eq(flights.feedLegId, legId))
    .get();
const legOf = (index: number) => simulatedFlights(NOW, COUNT)[index]!.leg_id!;

describe("the operating carrier in the feed", () => {
  it("the simulator names a fictional carrier and aircraft for every flight, and the sync writes them", async () => {
    expect(await sync()).toMatchObject({ ok: true, created: COUNT });
    const rows = await db.select().from(flights);
    expect(
      rows.every((row) => row.operatorName && row.operatorAoc && row.operatorState && row.aircraftRegistration),
    ).toBe(true);
    // Flight 0 is a PC-24 of the first demo carrier, flight 2 a PC-12 of the third (app/db/demo-data.ts).
    expect(await carrierOf(legOf(0))).toEqual({
      name: "Alpina Executive Jets SA",
      aoc: "CH.AOC.1042",
      state: "CH",
      registration: "HB-VAA",
    });
    expect(await carrierOf(legOf(2))).toEqual({
      name: "Azur Jet Services SAS",
      aoc: "FR.AOC.0419",
      state: "FR",
      registration: "F-HAZA",
    });
  });

  it("a new carrier in the feed replaces the flight's and is logged; one left out or given in part keeps it", async () => {
    await sync();
    const renamed = (list: FeedFlight[]) =>
      list.map((flight, i) =>
        i === 1
          ? {
              ...flight,
              operator: { name: " Jura Jet Charter SA ", aoc_number: "CH.AOC.1099", aoc_state: "ch" },
              aircraft_registration: "hb-vjx",
            }
          : flight,
      );
    expect(await sync(renamed)).toMatchObject({ ok: true, created: 0, updated: 1 });
    const changed = { name: "Jura Jet Charter SA", aoc: "CH.AOC.1099", state: "CH", registration: "HB-VJX" };
    expect(await carrierOf(legOf(1))).toEqual(changed);
    const id = (await db
      .select({ id: flights.id })
      .from(flights)
      .where(eq(flights.feedLegId, legOf(1)))
      .get())!.id;
    const [log] = await db.select().from(flightLogs).where(eq(flightLogs.action, "UPDATE"));
    expect(log).toMatchObject({ flightId: id, actor: "sync" });
    // The state was already CH: only what changed is logged.
    expect(log!.changedFields).toEqual(["operator_name", "operator_aoc", "aircraft_registration"]);

    const withoutCarrier = (list: FeedFlight[]) =>
      list.map(({ operator: _operator, aircraft_registration: _registration, ...flight }, i) =>
        i === 1 ? flight : i === 2 ? { ...flight, operator: { name: "Half Named SA", aoc_number: "X.1" } } : flight,
      );
    expect(await sync(withoutCarrier)).toMatchObject({ ok: true, created: 0 });
    expect(await carrierOf(legOf(1))).toEqual(changed);
    expect((await carrierOf(legOf(2)))!.name).toBe("Azur Jet Services SAS");
  });
});
