import { describe, expect, it } from "vitest";

import {
  formatAgo,
  formatDateTime,
  formatDay,
  formatDayKey,
  formatDuration,
  formatEuros,
  formatOrderAmount,
  formatSwissEuros,
  formatTime,
  formatWeekdayKey,
  zurichDay,
} from "./format";

describe("formats", () => {
  // 22:30 UTC on 5 Dec 2026 is 23:30 in Zurich (CET, UTC+1).
  const lateEvening = new Date("2026-12-05T22:30:00Z");
  // 23:30 UTC on 5 Dec is already 6 Dec 00:30 in Zurich.
  const afterMidnight = new Date("2026-12-05T23:30:00Z");

  it("shows days and times in Europe/Zurich, whatever the machine's zone", () => {
    expect(formatDay(lateEvening, "fr")).toBe("05 décembre 2026");
    expect(formatTime(lateEvening)).toBe("23:30");
    expect(formatDay(afterMidnight, "fr")).toBe("06 décembre 2026");
    expect(formatDay(afterMidnight, "en")).toBe("6 December 2026");
    expect(formatDay(afterMidnight, "de")).toBe("6. Dezember 2026");
    expect(formatDay(new Date("2026-11-23T10:00:00Z"), "de")).toBe("23. November 2026");
    expect(formatDateTime(new Date("2026-07-01T06:05:00Z"))).toBe("01/07/2026 08:05");
  });

  it("formats euros without decimals per language", () => {
    expect(formatEuros(1234, "fr")).toMatch(/^1\s234\s€$/u);
    expect(formatEuros(1234, "en")).toBe("€1,234");
    expect(formatEuros(1234.4, "de")).toMatch(/^1.234\s€$/u);
  });

  it("writes durations the way each language does, a non-breaking space between number and unit", () => {
    const spaced = (text: string) => text.replaceAll("\u00A0", " ");
    expect(spaced(formatDuration(65, "fr"))).toBe("1 h 05");
    expect(spaced(formatDuration(65, "en"))).toBe("1 h 5 min");
    expect(spaced(formatDuration(65, "de"))).toBe("1 Std. 5 Min.");
    expect(spaced(formatDuration(240, "fr"))).toBe("4 h");
    expect(spaced(formatDuration(240, "de"))).toBe("4 Std.");
    expect(spaced(formatDuration(45, "fr"))).toBe("45 min");
    expect(spaced(formatDuration(45, "de"))).toBe("45 Min.");
    expect(formatDuration(95, "en")).not.toMatch(/ /);
  });

  it("writes Swiss amounts for a Swiss reader: an apostrophe in German, French's spaces in French", () => {
    expect(formatEuros(3750, "de-CH")).toBe("3’750\u00A0€");
    expect(formatOrderAmount(375_050, "de-CH")).toBe("3’750.50\u00A0€");
    expect(formatEuros(1_234_567, "de-CH")).toBe("1’234’567\u00A0€");
    expect(formatEuros(3750, "fr-CH")).toBe("3\u202F750\u00A0€");
    expect(formatEuros(3750, "fr-CH")).toBe(formatEuros(3750, "fr"));
    expect(formatOrderAmount(375_050, "de")).toBe("3.750,50\u00A0€");
  });
});

describe("Zurich days and freshness", () => {
  it("puts a flight at 23:30 Zurich time on that Zurich day", () => {
    expect(zurichDay(new Date("2026-12-05T22:30:00Z"))).toBe("2026-12-05");
    expect(zurichDay(new Date("2026-12-05T23:30:00Z"))).toBe("2026-12-06");
    // Summer time: UTC+2.
    expect(zurichDay(new Date("2026-07-01T21:59:00Z"))).toBe("2026-07-01");
    expect(zurichDay(new Date("2026-07-01T22:00:00Z"))).toBe("2026-07-02");
    expect(formatDayKey("2026-12-06", "fr")).toBe("06 décembre 2026");
  });

  it("writes a day with its weekday in each language (the exclusive flights' dates)", () => {
    expect(formatWeekdayKey("2026-12-04", "fr")).toBe("vendredi 04 décembre 2026");
    expect(formatWeekdayKey("2026-12-04", "en")).toBe("Friday 4 December 2026");
    expect(formatWeekdayKey("2026-12-07", "de")).toBe("Montag, 7. Dezember 2026");
  });

  it("prints exclusive prices in Swiss-French format", () => {
    // Swiss-French groups thousands with an apostrophe in recent ICU data.
    expect(formatSwissEuros(10500)).toMatch(/^10['’\s]500\s€$/u);
    expect(formatSwissEuros(5500)).toMatch(/^5['’\s]500\s€$/u);
  });

  it("says how long ago a flight was refreshed, per language", () => {
    const now = new Date("2026-12-05T12:00:00Z");
    const before = new Date("2026-12-05T11:48:00Z");
    expect(formatAgo(before, now, "fr")).toMatch(/^il y a 12\smin$/u);
    expect(formatAgo(before, now, "en")).toMatch(/^12\smin ago$/u);
    expect(formatAgo(before, now, "de")).toMatch(/^vor 12\sMin\.?$/u);
    expect(formatAgo(new Date("2026-12-05T09:00:00Z"), now, "fr")).toMatch(/^il y a 3\sh$/u);
  });

  it("says 'just now' under a minute rather than '0 min ago'", () => {
    const now = new Date("2026-12-05T12:00:00Z");
    const justBefore = new Date("2026-12-05T11:59:35Z");
    expect(formatAgo(justBefore, now, "fr")).toBe("à l'instant");
    expect(formatAgo(justBefore, now, "en")).toBe("just now");
    expect(formatAgo(justBefore, now, "de")).toBe("gerade eben");
    // A clock a little ahead of the server's is not "in 0 min" either.
    expect(formatAgo(new Date("2026-12-05T12:00:10Z"), now, "en")).toBe("just now");
    expect(formatAgo(new Date("2026-12-05T11:59:00Z"), now, "en")).toMatch(/^1\smin ago$/u);
  });
});
