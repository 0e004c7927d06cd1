import { describe, expect, it } from "vitest";

import { pushDay, pushTimeFor } from "./push-hours";

describe("pushTimeFor", () => {
  it("is now between 07:00 and 22:00 in Zurich, and 07:00 the morning after quiet hours began", () => {
    // Winter (UTC+1).
    expect(pushTimeFor(new Date("2026-11-23T06:00:00Z"))).toEqual(new Date("2026-11-23T06:00:00Z"));
    expect(pushTimeFor(new Date("2026-11-23T20:59:59Z"))).toEqual(new Date("2026-11-23T20:59:59Z"));
    expect(pushTimeFor(new Date("2026-11-23T21:00:00Z"))).toEqual(new Date("2026-11-24T06:00:00Z"));
    expect(pushTimeFor(new Date("2026-11-23T23:30:00Z"))).toEqual(new Date("2026-11-24T06:00:00Z"));
    expect(pushTimeFor(new Date("2026-11-24T05:59:00Z"))).toEqual(new Date("2026-11-24T06:00:00Z"));
    // Summer (UTC+2).
    expect(pushTimeFor(new Date("2026-07-01T04:30:00Z"))).toEqual(new Date("2026-07-01T05:00:00Z"));
    expect(pushTimeFor(new Date("2026-07-01T20:00:00Z"))).toEqual(new Date("2026-07-02T05:00:00Z"));
  });

  it("crosses the change to summer time: a night from 22:00 CET ends at 07:00 CEST", () => {
    expect(pushTimeFor(new Date("2026-03-28T21:30:00Z"))).toEqual(new Date("2026-03-29T05:00:00Z"));
  });
});

describe("pushDay", () => {
  it("is the Zurich day, midnight to midnight", () => {
    expect(pushDay(new Date("2026-11-23T23:30:00Z"))).toEqual({
      start: new Date("2026-11-23T23:00:00Z"),
      end: new Date("2026-11-24T23:00:00Z"),
    });
  });
});
