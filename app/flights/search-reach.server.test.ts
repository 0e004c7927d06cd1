/**
 * What the search's review found (decision 036), on a real D1: a search whose cities
 * match many airports, and the flexible days around Zurich's midnight on the days the
 * clocks change.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { Db } from "#app/db/client.server";
import { airports, flights } from "#app/db/schema";
import { createTestD1 } from "#tests/d1";
import { testFlight } from "#tests/flight-rows";

import { loadEmptyLegs } from "./empty-legs.server";

let db: Db;
let dispose: () => Promise<void>;
const now = new Date("2026-01-05T00:00:00Z");
/** More airports than D1 binds values in one statement (100), all within 200 km of the first (id 0). */
const AIRPORT_COUNT = 120;

beforeAll(async () => {
  ({ db, dispose } = await createTestD1());
  // Ten rows a statement: D1 binds at most 100 values.
  for (let first = 0; first < AIRPORT_COUNT; first += 10)
    await db.insert(airports).values(
      Array.from({ length: 10 }, (_, index) => ({
        id: first + index,
        icaoCode: `LX${String(first + index).padStart(3, "0")}`,
        servedCity: `Ville ${first + index}`,
        country: "Switzerland",
        latitude: 46 + (first + index) / 100,
        longitude: 6.5,
      })),
    );
  const flight = (id: string, from: number, to: number, iso: string) =>
    testFlight(id, { from, to, departure: new Date(iso), refreshedAt: now });
  for (const row of [
    flight("far-route", 90, 109, "2026-02-10T09:00:00Z"),
    // Spring forward, Sunday 29 March 2026: Zurich is UTC+1 until 01:00 UTC, then UTC+2.
    flight("spring-before-flex", 0, 1, "2026-03-27T22:59:00Z"), // Friday 27th, 23:59 in Zurich
    flight("spring-first-minute", 0, 1, "2026-03-27T23:00:00Z"), // Saturday 28th, 00:00 in Zurich
    flight("spring-last-minute", 0, 1, "2026-03-30T21:59:00Z"), // Monday 30th, 23:59 in Zurich
    flight("spring-after-flex", 0, 1, "2026-03-30T22:00:00Z"), // Tuesday 31st, 00:00 in Zurich
    // Fall back, Sunday 25 October 2026: UTC+2 until 01:00 UTC, then UTC+1.
    flight("fall-before-flex", 0, 1, "2026-10-23T21:59:00Z"), // Friday 23rd, 23:59 in Zurich
    flight("fall-first-minute", 0, 1, "2026-10-23T22:00:00Z"), // Saturday 24th, 00:00 in Zurich
    flight("fall-last-minute", 0, 1, "2026-10-26T22:59:00Z"), // Monday 26th, 23:59 in Zurich
    flight("fall-after-flex", 0, 1, "2026-10-26T23:00:00Z"), // Tuesday 27th, 00:00 in Zurich
  ])
    await db.insert(flights).values(row);
});
afterAll(() => dispose());

const ids = async (query: string) =>
  (await loadEmptyLegs(db, { now, searchParams: new URLSearchParams(`${query}&show=48`) })).flights
    .map((flight) => flight.id)
    .sort();

describe("a search whose cities match more airports than D1 binds values", () => {
  it("answers, with a radius or without", async () => {
    expect(await ids("from=Ville&to=Ville")).toContain("far-route");
    expect(await ids("from=Ville%200&radius=200&to=Ville%20109&date=2026-02-10&flex=3")).toEqual(["far-route"]);
  });
});

describe("flexible days around Zurich's midnight when the clocks change", () => {
  it("keeps the Zurich days ±1 around Sunday 29 March 2026 (spring forward)", async () => {
    expect(await ids("from=Ville%200&to=Ville%201&date=2026-03-29&flex=1")).toEqual([
      "spring-first-minute",
      "spring-last-minute",
    ]);
    expect(await ids("from=Ville%200&to=Ville%201&date=2026-03-29")).toEqual([]);
  });

  it("keeps the Zurich days ±1 around Sunday 25 October 2026 (fall back)", async () => {
    expect(await ids("from=Ville%200&to=Ville%201&date=2026-10-25&flex=1")).toEqual([
      "fall-first-minute",
      "fall-last-minute",
    ]);
    expect(await ids("from=Ville%200&to=Ville%201&date=2026-10-25")).toEqual([]);
  });
});
