/** The empty-leg search on a real D1 with the real migrations (docs/catalogue.md). */
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { Db } from "#app/db/client.server";
import { airports, flights } from "#app/db/schema";
import { createTestD1 } from "#tests/d1";
import { insertAirportsByCity, testFlight } from "#tests/flight-rows";

import { loadEmptyLegs } from "./empty-legs.server";
import { isFilterEmpty, PAGE_SIZE, parseFlightFilter, parseShown } from "./flight-filter";

let db: Db;
let dispose: () => Promise<void>;
const now = new Date("2026-06-01T00:00:00Z");
const CITIES = {
  Genève: { icaoCode: "LSGG" },
  "St-Tropez": { icaoCode: "LFTZ" },
  Nice: { icaoCode: "LFMN" },
  Zurich: { icaoCode: "LSZH" },
  Londres: { icaoCode: "EGLC" },
  Lausanne: { icaoCode: "LSGL" },
  Cannes: { icaoCode: "LFMD" },
};

beforeAll(async () => {
  ({ db, dispose } = await createTestD1());
  const id = await insertAirportsByCity(db, CITIES);
  const flight = (flightId: string, from: keyof typeof CITIES, to: keyof typeof CITIES, iso: string) =>
    testFlight(flightId, { from: id(from), to: id(to), departure: new Date(iso), refreshedAt: now });
  await db.insert(flights).values([
    // 22:30 UTC in December is 23:30 in Zurich: still 5 December there.
    flight("late", "Genève", "St-Tropez", "2026-12-05T22:30:00Z"),
    // 23:30 UTC is 00:30 on 6 December in Zurich.
    flight("after-midnight", "Genève", "Nice", "2026-12-05T23:30:00Z"),
    flight("morning", "Zurich", "Londres", "2026-12-05T08:00:00Z"),
    // 21:30 UTC in July is 23:30 summer time in Zurich.
    flight("summer", "Lausanne", "Cannes", "2026-07-01T21:30:00Z"),
    // Already gone: never listed, never offered.
    flight("past", "Cannes", "Zurich", "2026-05-01T10:00:00Z"),
  ]);
});
afterAll(() => dispose());

const search = (query: string) => loadEmptyLegs(db, { now, searchParams: new URLSearchParams(query) });
const ids = async (query: string) => (await search(query)).flights.map((flight) => flight.id);

describe("empty-leg search", () => {
  it("lists every upcoming flight, soonest first, when the filter is empty", async () => {
    expect(await ids("")).toEqual(["summer", "morning", "late", "after-midnight"]);
  });

  it("matches the served city as a case-insensitive substring, accents included", async () => {
    expect(await ids("from=genè")).toEqual(["late", "after-midnight"]);
    expect(await ids("from=GEN%C3%88VE&to=st-trop")).toEqual(["late"]);
    expect(await ids("to=paris")).toEqual([]);
  });

  it("finds a city by its name in any language (app/content/city-names.ts)", async () => {
    expect(await ids("from=Genf")).toEqual(["late", "after-midnight"]);
    expect(await ids("from=geneva&to=nizza")).toEqual(["after-midnight"]);
  });

  it("keeps the flights of the chosen Europe/Zurich day, a 23:30 departure included", async () => {
    expect(await ids("date=2026-12-05")).toEqual(["morning", "late"]);
    expect(await ids("date=2026-12-06")).toEqual(["after-midnight"]);
    expect(await ids("date=2026-07-01")).toEqual(["summer"]);
    expect(await ids("date=2026-07-02")).toEqual([]);
  });

  it("offers dependent choices: arrivals and days after a departure", async () => {
    expect((await search("")).options).toEqual({
      departures: ["Genève", "Lausanne", "Zurich"],
      arrivals: [],
      dates: [],
    });
    expect((await search("from=Gen%C3%A8ve")).options).toMatchObject({
      arrivals: ["Nice", "St-Tropez"],
      dates: ["2026-12-05", "2026-12-06"],
    });
    expect((await search("from=Gen%C3%A8ve&to=Nice")).options.dates).toEqual(["2026-12-06"]);
  });

  it("finds a flight around a day without an arrival, and offers the days around a departure", async () => {
    // Geneva's flights leave on 5 and 6 December (Zurich days); the 3rd is two and three days before.
    expect(await ids("from=Gen%C3%A8ve&date=2026-12-03")).toEqual([]);
    expect(await ids("from=Gen%C3%A8ve&date=2026-12-03&flex=3")).toEqual(["late", "after-midnight"]);
    expect(await ids("from=Gen%C3%A8ve&date=2026-12-03&flex=1")).toEqual([]);
    expect((await search("from=Gen%C3%A8ve&flex=1")).options.dates).toEqual([
      "2026-12-04",
      "2026-12-05",
      "2026-12-06",
      "2026-12-07",
    ]);
  });

  it("shows one page and says whether there are more", async () => {
    const page = await search("show=1");
    expect(page.shown).toBe(6);
    expect(page.hasMore).toBe(false);
    expect(page.flights[0]).toMatchObject({
      id: "summer",
      departureAirport: { servedCity: "Lausanne", icaoCode: "LSGL" },
    });
  });
});

describe("the order of the list", () => {
  it("lists the bookable flights first, then the sold-out ones, each soonest first", async () => {
    const test = await createTestD1();
    try {
      const [from, to] = await test.db
        .insert(airports)
        .values([
          { servedCity: "Genève", icaoCode: "LSGG" },
          { servedCity: "Nice", icaoCode: "LFMN" },
        ])
        .returning();
      const flight = (id: string, day: number, seats: { feedSeats: number; soldOutOverride?: boolean }) => ({
        id,
        departureAirportId: from!.id,
        arrivalAirportId: to!.id,
        departureDate: new Date(Date.UTC(2026, 11, day, 9)),
        arrivalDate: new Date(Date.UTC(2026, 11, day, 10)),
        flightTime: 60,
        aircraftType: "PC12",
        pricePerMinute: 50,
        refreshedAt: now,
        ...seats,
      });
      await test.db
        .insert(flights)
        .values([
          flight("full-first", 1, { feedSeats: 0 }),
          flight("closed-second", 2, { feedSeats: 6, soldOutOverride: true }),
          flight("open-third", 3, { feedSeats: 6 }),
          flight("open-fourth", 4, { feedSeats: 2 }),
        ]);
      const list = await loadEmptyLegs(test.db, { now, searchParams: new URLSearchParams("") });
      expect(list.flights.map((row) => [row.id, row.isSoldOut])).toEqual([
        ["open-third", false],
        ["open-fourth", false],
        ["full-first", true],
        ["closed-second", true],
      ]);
      // The filter keeps the order.
      const day = await loadEmptyLegs(test.db, { now, searchParams: new URLSearchParams("from=Gen%C3%A8ve&to=Nice") });
      expect(day.flights.map((row) => row.id)).toEqual(["open-third", "open-fourth", "full-first", "closed-second"]);

      // A full page of bookable flights leaves the sold-out ones to the next; the next has
      // the bookable ones left, then the sold-out ones (the query stops at the page's end).
      await test.db
        .insert(flights)
        .values(
          Array.from({ length: PAGE_SIZE }, (_, index) => flight(`open-later-${index}`, 10 + index, { feedSeats: 4 })),
        );
      const page = await loadEmptyLegs(test.db, { now, searchParams: new URLSearchParams("") });
      const bookable = [
        "open-third",
        "open-fourth",
        ...Array.from({ length: PAGE_SIZE }, (_, index) => `open-later-${index}`),
      ];
      expect(page.flights.map((row) => row.id)).toEqual(bookable.slice(0, PAGE_SIZE));
      expect(page.hasMore).toBe(true);
      const more = await loadEmptyLegs(test.db, { now, searchParams: new URLSearchParams(`show=${2 * PAGE_SIZE}`) });
      expect(more.flights.map((row) => row.id)).toEqual(
        [...bookable, "full-first", "closed-second"].slice(0, 2 * PAGE_SIZE),
      );
      expect(more.hasMore).toBe(false); // 10 flights on a page of 12
    } finally {
      await test.dispose();
    }
  });
});

describe("reading the filter from the query", () => {
  it("trims, caps and ignores a malformed date", () => {
    expect(parseFlightFilter(new URLSearchParams("from=%20Gen%C3%A8ve%20&date=5.12.2026"))).toEqual({
      from: "Genève",
      to: "",
      date: "",
    });
    expect(parseFlightFilter(new URLSearchParams("date=2026-12-05")).date).toBe("2026-12-05");
    // The pattern's shape, but no day of the calendar: ignored, not a page that fails.
    for (const day of ["2026-13-45", "2026-02-30", "2026-00-10"])
      expect(parseFlightFilter(new URLSearchParams(`date=${day}`)).date).toBe("");
    expect(parseFlightFilter(new URLSearchParams(`to=${"x".repeat(10_000)}`)).to).toHaveLength(100);
    expect(isFilterEmpty({ from: "", to: "", date: "" })).toBe(true);
  });

  it("rounds ?show= up to whole pages of 6, at most 240", () => {
    expect([parseShown(null), parseShown("7"), parseShown("12"), parseShown("1000000")]).toEqual([6, 12, 12, 240]);
  });
});
