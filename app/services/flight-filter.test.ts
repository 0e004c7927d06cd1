import { describe, expect, it } from "vitest";
import { filterFlights, filterOptions, isFilterEmpty, matchesFilter, parseFlightFilter } from "./flight-filter";

const flight = (id: string, from: string, to: string, iso: string) => ({
  id,
  departureDate: new Date(iso),
  departureAirport: { servedCity: from },
  arrivalAirport: { servedCity: to },
});

const flights = [
  // 22:30 UTC in December is 23:30 in Zurich: still 5 December there.
  flight("late", "Genève", "St-Tropez", "2026-12-05T22:30:00Z"),
  // 23:30 UTC is 00:30 on 6 December in Zurich.
  flight("after-midnight", "Genève", "Nice", "2026-12-05T23:30:00Z"),
  flight("morning", "Zurich", "Londres", "2026-12-05T08:00:00Z"),
  flight("summer", "Lausanne", "Cannes", "2026-07-01T21:30:00Z"),
];
const ids = (list: { id: string }[]) => list.map((item) => item.id);
const empty = { from: "", to: "", date: "" };

describe("empty-leg filter", () => {
  it("matches everything when empty", () => {
    expect(ids(filterFlights(flights, empty))).toEqual(["late", "after-midnight", "morning", "summer"]);
  });

  it("matches the served city as a case-insensitive substring", () => {
    expect(ids(filterFlights(flights, { ...empty, from: "genè" }))).toEqual(["late", "after-midnight"]);
    expect(ids(filterFlights(flights, { ...empty, from: "GENÈVE", to: "st-trop" }))).toEqual(["late"]);
    expect(ids(filterFlights(flights, { ...empty, to: "paris" }))).toEqual([]);
  });

  it("keeps the flights of the chosen Europe/Zurich day, a 23:30 flight included", () => {
    expect(ids(filterFlights(flights, { ...empty, date: "2026-12-05" }))).toEqual(["late", "morning"]);
    expect(ids(filterFlights(flights, { ...empty, date: "2026-12-06" }))).toEqual(["after-midnight"]);
    // 21:30 UTC in July is 23:30 summer time in Zurich.
    expect(matchesFilter(flights[3]!, { ...empty, date: "2026-07-01" })).toBe(true);
    expect(matchesFilter(flights[3]!, { ...empty, date: "2026-07-02" })).toBe(false);
  });

  it("offers dependent choices: arrivals after a departure, days after both", () => {
    expect(filterOptions(flights, empty)).toEqual({
      departures: ["Genève", "Lausanne", "Zurich"],
      arrivals: [],
      dates: [],
    });
    expect(filterOptions(flights, { ...empty, from: "Genève" })).toMatchObject({ arrivals: ["Nice", "St-Tropez"], dates: [] });
    expect(filterOptions(flights, { ...empty, from: "Genève", to: "Nice" }).dates).toEqual(["2026-12-06"]);
  });

  it("reads the filter from the query and ignores a malformed date", () => {
    expect(parseFlightFilter(new URLSearchParams("from=%20Gen%C3%A8ve%20&date=5.12.2026"))).toEqual({
      from: "Genève",
      to: "",
      date: "",
    });
    expect(parseFlightFilter(new URLSearchParams("date=2026-12-05")).date).toBe("2026-12-05");
    expect(parseFlightFilter(new URLSearchParams(`to=${"x".repeat(10_000)}`)).to).toHaveLength(100);
    expect(isFilterEmpty(empty)).toBe(true);
  });
});
