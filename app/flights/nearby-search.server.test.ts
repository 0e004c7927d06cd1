/**
 * Nearby airports and flexible dates in the empty-leg search, on a real D1 (decision 036).
 * The expected distances are not the code's: they come from the spherical law of cosines
 * written below (another formula than the code's haversine) on the airports' published
 * coordinates, checked against published airport-to-airport figures.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { Db } from "#app/db/client.server";
import { airports, flights } from "#app/db/schema";
import { createTestD1 } from "#tests/d1";
import { insertAirportsByCity, testFlight } from "#tests/flight-rows";

import { loadEmptyLegs } from "./empty-legs.server";
import { parseFlex } from "./flexible-dates";
import { parseRadius } from "./nearby";

let db: Db;
let dispose: () => Promise<void>;
const now = new Date("2026-06-01T00:00:00Z");

/** The airports' reference points (AIP), as the demo data and the feed give them. */
const AIRPORTS = {
  Genève: { icaoCode: "LSGG", latitude: 46.2381, longitude: 6.109 },
  Lausanne: { icaoCode: "LSGL", latitude: 46.5453, longitude: 6.6167 },
  Sion: { icaoCode: "LSGS", latitude: 46.2196, longitude: 7.3268 },
  Zurich: { icaoCode: "LSZH", latitude: 47.4582, longitude: 8.5555 },
  Nice: { icaoCode: "LFMN", latitude: 43.6584, longitude: 7.2159 },
  Cannes: { icaoCode: "LFMD", latitude: 43.5421, longitude: 6.9535 },
  Paris: { icaoCode: "LFPB", latitude: 48.9694, longitude: 2.4414 },
  // The feed did not place this one (0, 0): never near anything.
  Olbia: { icaoCode: "LIEO", latitude: 0, longitude: 0 },
};
type City = keyof typeof AIRPORTS;

/** The spherical law of cosines on a 6371 km sphere, rounded to the km. */
function expectedKm(a: City, b: City) {
  const rad = (degrees: number) => (degrees * Math.PI) / 180;
  const [p, q] = [AIRPORTS[a], AIRPORTS[b]];
  const cosine =
    Math.sin(rad(p.latitude)) * Math.sin(rad(q.latitude)) +
    Math.cos(rad(p.latitude)) * Math.cos(rad(q.latitude)) * Math.cos(rad(q.longitude - p.longitude));
  return Math.round(6371 * Math.acos(cosine));
}

beforeAll(async () => {
  ({ db, dispose } = await createTestD1());
  const id = await insertAirportsByCity(db, AIRPORTS);
  const flight = (flightId: string, from: City, to: City, iso: string, feedSeats = 6) =>
    testFlight(flightId, { from: id(from), to: id(to), departure: new Date(iso), refreshedAt: now, feedSeats });
  const rowsToInsert = [
    flight("from-lausanne", "Lausanne", "Nice", "2026-09-10T08:00:00Z"),
    flight("from-geneva", "Genève", "Nice", "2026-09-10T07:00:00Z"),
    flight("from-sion", "Sion", "Nice", "2026-09-10T09:00:00Z"),
    flight("from-zurich", "Zurich", "Nice", "2026-09-10T06:00:00Z"),
    flight("from-olbia", "Olbia", "Paris", "2026-09-10T06:00:00Z"),
    flight("from-cannes", "Cannes", "Paris", "2026-09-20T10:00:00Z"),
    flight("from-nice", "Nice", "Paris", "2026-09-20T11:00:00Z"),
    // Flexible dates, Paris to Genève around Thursday 15 October 2026 (summer time, UTC+2).
    flight("asked-day-evening", "Paris", "Genève", "2026-10-15T17:00:00Z"),
    flight("asked-day-sold-out", "Paris", "Genève", "2026-10-15T06:00:00Z", 0),
    flight("day-after", "Paris", "Genève", "2026-10-16T06:00:00Z"),
    flight("day-before", "Paris", "Genève", "2026-10-14T18:00:00Z"),
    flight("two-days-later", "Paris", "Genève", "2026-10-17T07:00:00Z"),
    // 23:30 in Zurich on the 18th: three days later, still in.
    flight("three-days-later-late", "Paris", "Genève", "2026-10-18T21:30:00Z"),
    // 00:30 in Zurich on the 19th: four days later, out.
    flight("four-days-later", "Paris", "Genève", "2026-10-18T22:30:00Z"),
    flight("three-days-before", "Paris", "Genève", "2026-10-12T09:00:00Z"),
  ];
  // One statement a flight: D1 binds at most 100 values.
  for (const row of rowsToInsert) await db.insert(flights).values(row);
});
afterAll(() => dispose());

const search = (query: string) => loadEmptyLegs(db, { now, searchParams: new URLSearchParams(query) });
const ids = async (query: string) => (await search(query)).flights.map((flight) => flight.id);
const distances = async (query: string) =>
  Object.fromEntries(
    (await search(query)).distances.map((airport) => [airport.airportId, [airport.km, airport.fromCity]]),
  );

describe("the coordinates' distances", () => {
  it("agree with the published airport-to-airport figures", () => {
    // Geneva-Lausanne about 50 km, Geneva-Sion about 94 km as the crow flies (105-110 by road), Nice-Cannes about 25 km.
    expect(expectedKm("Genève", "Lausanne")).toBeGreaterThanOrEqual(48);
    expect(expectedKm("Genève", "Lausanne")).toBeLessThanOrEqual(55);
    expect(expectedKm("Genève", "Sion")).toBeGreaterThanOrEqual(90);
    expect(expectedKm("Genève", "Sion")).toBeLessThanOrEqual(100);
    expect(expectedKm("Nice", "Cannes")).toBeGreaterThanOrEqual(22);
    expect(expectedKm("Nice", "Cannes")).toBeLessThanOrEqual(28);
  });
});

describe("nearby airports", () => {
  it("keeps the city's own airports at radius 0, the default", async () => {
    expect(await ids("from=Lausanne")).toEqual(["from-lausanne"]);
    expect(await ids("from=Lausanne&radius=0")).toEqual(["from-lausanne"]);
    expect((await search("from=Lausanne")).distances).toEqual([]);
  });

  it("adds the airports within the radius, by the great-circle distance", async () => {
    // Geneva is 52 km from Lausanne: out at 50, in at 100 with Sion (65 km); Zurich (179 km) at 200.
    expect(expectedKm("Lausanne", "Genève")).toBeGreaterThan(50);
    expect(await ids("from=Lausanne&radius=50")).toEqual(["from-lausanne"]);
    expect(await ids("from=Lausanne&radius=100")).toEqual(["from-geneva", "from-lausanne", "from-sion"]);
    expect(await ids("from=Lausanne&radius=200")).toEqual(["from-zurich", "from-geneva", "from-lausanne", "from-sion"]);
    expect(await ids("from=Gen%C3%A8ve&radius=100")).toEqual(["from-geneva", "from-lausanne", "from-sion"]);
    expect(await ids("from=Nice&radius=50")).toEqual(["from-cannes", "from-nice"]);
  });

  it("says how far each other airport is from the city asked, to the km", async () => {
    const rows = await db.select().from(airports);
    const ids = Object.fromEntries(rows.map((row) => [row.servedCity, row.id])) as Record<City, number>;
    expect(await distances("from=Lausanne&radius=100")).toEqual({
      [ids.Genève]: [expectedKm("Lausanne", "Genève"), "Lausanne"],
      [ids.Sion]: [expectedKm("Lausanne", "Sion"), "Lausanne"],
    });
    expect(await distances("from=Gen%C3%A8ve&radius=100")).toEqual({
      [ids.Lausanne]: [expectedKm("Genève", "Lausanne"), "Genève"],
      [ids.Sion]: [expectedKm("Genève", "Sion"), "Genève"],
    });
    expect(await distances("from=Nice&radius=50")).toEqual({ [ids.Cannes]: [expectedKm("Nice", "Cannes"), "Nice"] });
  });

  it("never counts an airport without coordinates as near, and an unknown city finds nothing", async () => {
    expect(await ids("from=Olbia&radius=200")).toEqual(["from-olbia"]);
    expect(await ids("from=Berne&radius=200")).toEqual([]);
  });

  it("widens the arrivals offered to those of the nearby departures", async () => {
    expect((await search("from=Lausanne")).options.arrivals).toEqual(["Nice"]);
    expect((await search("from=Nice&radius=50")).options.arrivals).toEqual(["Paris"]);
  });
});

describe("flexible dates", () => {
  const route = "from=Paris&to=Gen%C3%A8ve&date=2026-10-15";

  it("keeps the Zurich day asked when exact, the default", async () => {
    expect(await ids(route)).toEqual(["asked-day-evening", "asked-day-sold-out"]);
    expect(await ids(`${route}&flex=0`)).toEqual(["asked-day-evening", "asked-day-sold-out"]);
  });

  it("adds the days around it, the closest day first, then by time, sold-out flights last", async () => {
    expect(await ids(`${route}&flex=1`)).toEqual([
      "asked-day-evening",
      "day-before",
      "day-after",
      "asked-day-sold-out",
    ]);
    expect(await ids(`${route}&flex=3&show=12`)).toEqual([
      "asked-day-evening",
      "day-before",
      "day-after",
      "two-days-later",
      "three-days-before",
      "three-days-later-late",
      "asked-day-sold-out",
    ]);
  });

  it("combines with a radius", async () => {
    expect(await ids("from=Lausanne&radius=100&date=2026-09-11&flex=1")).toEqual([
      "from-geneva",
      "from-lausanne",
      "from-sion",
    ]);
  });
});

describe("reading radius and flexibility from the query", () => {
  it("keeps an offered value and clamps anything else to the default", () => {
    expect([parseRadius("50"), parseRadius("100"), parseRadius("200"), parseRadius(null)]).toEqual([50, 100, 200, 0]);
    expect([parseRadius("73"), parseRadius("-50"), parseRadius("1e9"), parseRadius("x".repeat(5_000_000))]).toEqual([
      0, 0, 0, 0,
    ]);
    expect([parseFlex("1"), parseFlex("3"), parseFlex("9"), parseFlex("2"), parseFlex("")]).toEqual([1, 3, 0, 0, 0]);
  });
});
