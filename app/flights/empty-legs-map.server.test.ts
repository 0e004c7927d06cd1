/**
 * The list of /empty-legs and its map in the list's own D1 round trips (issue 28): one for
 * the unfiltered page, the map's airports in the list's batch; a city search reads the
 * airports first and draws the map from that read, with no third trip.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createDb, type Db } from "#app/db/client.server";
import { airports, flights } from "#app/db/schema";
import { countingD1 } from "#tests/counting-d1";
import { createTestD1 } from "#tests/d1";
import { testFlight } from "#tests/flight-rows";

import { loadEmptyLegs, loadEmptyLegsWithMap } from "./empty-legs.server";
import { projectToMap } from "./map-projection";

let d1: D1Database;
let db: Db;
let dispose: () => Promise<void>;
const now = new Date("2026-06-01T00:00:00Z");
const GENEVA = { servedCity: "Genève", icaoCode: "LSGG", latitude: 46.2381, longitude: 6.109 };
const NICE = { servedCity: "Nice", icaoCode: "LFMN", latitude: 43.6584, longitude: 7.2159 };
const PARIS = { servedCity: "Paris", icaoCode: "LFPB", latitude: 48.9694, longitude: 2.4414 };

beforeAll(async () => {
  ({ d1, db, dispose } = await createTestD1());
  const [geneva, nice, paris] = await db.insert(airports).values([GENEVA, NICE, PARIS]).returning();
  const flight = (id: string, from: number, to: number, iso: string) =>
    testFlight(id, { from, to, departure: new Date(iso), refreshedAt: now });
  await db
    .insert(flights)
    .values([
      flight("gva-nce", geneva!.id, nice!.id, "2026-09-10T08:00:00Z"),
      flight("nce-lfpb", nice!.id, paris!.id, "2026-09-11T08:00:00Z"),
    ]);
});
afterAll(() => dispose());

/** The loader's call on a counting binding: its result and the D1 round trips it took. */
async function counted<T>(load: (db: Db) => Promise<T>) {
  const { binding, counter } = countingD1(d1);
  const result = await load(createDb(binding));
  return { result, roundTrips: counter.roundTrips };
}

describe("/empty-legs's list and map", () => {
  it("takes one D1 round trip unfiltered, as /home's list does, the map's airports in the list's batch", async () => {
    const searchParams = new URLSearchParams();
    const home = await counted((db) => loadEmptyLegs(db, { now, searchParams }));
    const page = await counted((db) => loadEmptyLegsWithMap(db, { now, searchParams }));
    expect(home.roundTrips).toBe(1);
    expect(page.roundTrips).toBe(1);
    expect(page.result.emptyLegs).toEqual(home.result);
    expect(page.result.mapRoutes.map((route) => [route.id, route.start, route.end])).toEqual([
      ["gva-nce", projectToMap(GENEVA.longitude, GENEVA.latitude), projectToMap(NICE.longitude, NICE.latitude)],
      ["nce-lfpb", projectToMap(NICE.longitude, NICE.latitude), projectToMap(PARIS.longitude, PARIS.latitude)],
    ]);
  });

  it("draws a city search's map from the airports the search read: no round trip more than the list's", async () => {
    const searchParams = new URLSearchParams("from=Gen%C3%A8ve&radius=200");
    const list = await counted((db) => loadEmptyLegs(db, { now, searchParams }));
    const page = await counted((db) => loadEmptyLegsWithMap(db, { now, searchParams }));
    expect(list.roundTrips).toBe(2);
    expect(page.roundTrips).toBe(2);
    expect(page.result.emptyLegs.flights.map((flight) => flight.id)).toEqual(["gva-nce"]);
    expect(page.result.mapRoutes.map((route) => route.id)).toEqual(["gva-nce"]);
  });
});
