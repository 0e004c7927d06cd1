import { describe, expect, it } from "vitest";

import { EXCLUSIVE_FLIGHTS, findExclusiveFlight } from "#app/content/exclusive-flights";

import { OFFERED_DATES, offeredDepartureDates, returnDateFor } from "./exclusive-dates";

const toStTropez = findExclusiveFlight("geneva-sttropez")!;
const toGeneva = findExclusiveFlight("sttropez-geneva")!;
const roundTrip = findExclusiveFlight("geneva-sttropez-geneva")!;
const weekday = (day: string) => new Date(`${day}T12:00:00Z`).getUTCDay();

describe("the days an exclusive flight can be asked for", () => {
  it("offers the next 8 Fridays, or Mondays, as the flight runs, a week apart, across the new year", () => {
    const thursday = new Date("2026-11-26T10:00:00Z");
    expect(offeredDepartureDates(toStTropez, thursday)).toEqual([
      "2026-11-27",
      "2026-12-04",
      "2026-12-11",
      "2026-12-18",
      "2026-12-25",
      "2027-01-01",
      "2027-01-08",
      "2027-01-15",
    ]);
    expect(offeredDepartureDates(toGeneva, thursday).slice(0, 2)).toEqual(["2026-11-30", "2026-12-07"]);
    for (const flight of EXCLUSIVE_FLIGHTS) {
      const dates = offeredDepartureDates(flight, thursday);
      expect(dates).toHaveLength(OFFERED_DATES);
      expect(new Set(dates.map(weekday))).toEqual(new Set([flight.departureDay === "friday" ? 5 : 1]));
    }
  });

  it("starts tomorrow: on a Friday, the first Friday offered is next week's", () => {
    expect(offeredDepartureDates(toStTropez, new Date("2026-11-27T08:00:00Z"))[0]).toBe("2026-12-04");
    expect(offeredDepartureDates(toGeneva, new Date("2026-11-30T06:00:00Z"))[0]).toBe("2026-12-07");
  });

  it("counts the day in Zurich, not on the machine's clock (tests run in New York)", () => {
    // Thursday 23:30 UTC is already Friday 00:30 in Zurich, still Thursday in New York.
    expect(offeredDepartureDates(toStTropez, new Date("2026-11-26T23:30:00Z"))[0]).toBe("2026-12-04");
    // Thursday 22:30 UTC is still Thursday 23:30 in Zurich.
    expect(offeredDepartureDates(toStTropez, new Date("2026-11-26T22:30:00Z"))[0]).toBe("2026-11-27");
  });

  it("keeps Fridays across the change to summer time", () => {
    expect(offeredDepartureDates(toStTropez, new Date("2027-03-20T12:00:00Z")).slice(0, 3)).toEqual([
      "2027-03-26",
      "2027-04-02",
      "2027-04-09",
    ]);
  });

  it("gives a round trip's return: the Monday after the Friday; none for a one-way flight", () => {
    expect(returnDateFor(roundTrip, "2026-12-04")).toBe("2026-12-07");
    expect(returnDateFor(roundTrip, "2026-12-25")).toBe("2026-12-28");
    expect(returnDateFor(toStTropez, "2026-12-04")).toBeNull();
  });
});
