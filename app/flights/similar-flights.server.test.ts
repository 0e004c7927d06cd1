/**
 * Similar flights on a real D1 (issue 29, point 5): the same area (200 km from the departure
 * airport, or the same country without coordinates), ±3 days, bookable only, at most three,
 * never the flight itself. Distances between these real airports, from their published
 * coordinates: Geneva-Annecy 34 km, Geneva-Lausanne 50 km, Geneva-Sion 94 km,
 * Geneva-Zurich 230 km.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { Db } from "#app/db/client.server";
import { flights } from "#app/db/schema";
import { createTestD1 } from "#tests/d1";
import { insertAirportsByCity, testFlight } from "#tests/flight-rows";

import { listSimilarBookableFlights } from "./similar-flights.queries.server";
import { SIMILAR_FLIGHTS_SHOWN } from "./similar-flights.server";

let db: Db;
let dispose: () => Promise<void>;
const now = new Date("2026-12-01T00:00:00Z");
const departure = new Date("2026-12-10T10:00:00Z");
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const AIRPORTS = {
  Genève: { icaoCode: "LSGG", country: "CH", latitude: 46.2381, longitude: 6.109 },
  Lausanne: { icaoCode: "LSGL", country: "CH", latitude: 46.5453, longitude: 6.6167 },
  Sion: { icaoCode: "LSGS", country: "CH", latitude: 46.2196, longitude: 7.3267 },
  Annecy: { icaoCode: "LFLP", country: "FR", latitude: 45.9308, longitude: 6.1064 },
  Zurich: { icaoCode: "LSZH", country: "CH", latitude: 47.4647, longitude: 8.5492 },
  Nice: { icaoCode: "LFMN", country: "FR", latitude: 43.6584, longitude: 7.2159 },
  // No coordinates (the columns' default 0, 0): matched by country.
  Bex: { icaoCode: "LSGB", country: "CH", latitude: 0, longitude: 0 },
  Megève: { icaoCode: "LFHM", country: "FR", latitude: 0, longitude: 0 },
};
type City = keyof typeof AIRPORTS;

beforeAll(async () => {
  ({ db, dispose } = await createTestD1());
  const id = await insertAirportsByCity(db, AIRPORTS);
  const flight = (flightId: string, from: City, at: Date, extra: Partial<typeof flights.$inferInsert> = {}) =>
    testFlight(flightId, { from: id(from), to: id("Nice"), departure: at, refreshedAt: now, ...extra });
  const after = (ms: number) => new Date(departure.getTime() + ms);
  const rowsToInsert = [
    flight("origin", "Genève", departure),
    flight("lausanne-next-day", "Lausanne", after(DAY)),
    flight("sion-3-days-later", "Sion", after(3 * DAY)),
    flight("sion-3-days-and-a-minute-later", "Sion", after(3 * DAY + 60_000)),
    flight("annecy-3-days-earlier", "Annecy", after(-3 * DAY)),
    flight("annecy-3-days-and-a-minute-earlier", "Annecy", after(-3 * DAY - 60_000)),
    flight("zurich-too-far", "Zurich", after(HOUR)),
    flight("geneva-sold-out", "Genève", after(2 * HOUR), { soldOutOverride: true }),
    flight("geneva-cancelled", "Genève", after(3 * HOUR), { status: "cancelled" }),
    flight("bex-same-country", "Bex", after(4 * HOUR)),
    flight("megeve-other-country", "Megève", after(5 * HOUR)),
    flight("nice-far-away", "Nice", after(6 * HOUR)),
  ];
  // One insert per flight: D1 binds at most 100 values per statement.
  const [first, ...rest] = rowsToInsert.map((row) => db.insert(flights).values(row));
  await db.batch([first!, ...rest]);
});
afterAll(() => dispose());

const similarTo = async (flightId: string, limit = 20, at = now) =>
  (await listSimilarBookableFlights(db, { flightId, now: at, limit })).map((flight) => flight.id);

describe("similar flights", () => {
  it("offers bookable flights from within 200 km within ±3 days, closest in time first, never the flight itself", async () => {
    expect(await similarTo("origin")).toEqual([
      "bex-same-country",
      "lausanne-next-day",
      // Both exactly 72 h away: the bounds are included, the earlier first.
      "annecy-3-days-earlier",
      "sion-3-days-later",
    ]);
  });

  it("offers at most three", async () => {
    expect(SIMILAR_FLIGHTS_SHOWN).toBe(3);
    expect(await similarTo("origin", SIMILAR_FLIGHTS_SHOWN)).toEqual([
      "bex-same-country",
      "lausanne-next-day",
      "annecy-3-days-earlier",
    ]);
  });

  it("matches an airport without coordinates by its country", async () => {
    // From Bex (no coordinates): every Swiss flight within ±3 days, Zurich included; no French one.
    expect(await similarTo("bex-same-country")).toEqual([
      "zurich-too-far",
      "origin",
      "lausanne-next-day",
      "sion-3-days-later",
      "sion-3-days-and-a-minute-later",
    ]);
  });

  it("offers no flight that has departed", async () => {
    expect(await similarTo("origin", 20, new Date(departure.getTime() - 2 * DAY))).toEqual([
      "bex-same-country",
      "lausanne-next-day",
      "sion-3-days-later",
    ]);
  });

  it("offers nothing for an unknown flight", async () => {
    expect(await similarTo("no-such-flight")).toEqual([]);
  });
});
