import { describe, expect, it } from "vitest";

import { rescheduleImpact, rescheduleMinutes } from "./reschedule";

const at = (iso: string) => Date.parse(iso);
const before = { departureMs: at("2026-12-01T09:00:00Z"), arrivalMs: at("2026-12-01T10:05:00Z") };
const shifted = (minutes: number, which: "both" | "departure" | "arrival" = "both") => ({
  departureMs: before.departureMs + (which === "arrival" ? 0 : minutes * 60_000),
  arrivalMs: before.arrivalMs + (which === "departure" ? 0 : minutes * 60_000),
});

describe("rescheduleImpact", () => {
  it("tells nobody of a move under 15 minutes, either way", () => {
    expect(rescheduleImpact(before, shifted(14))).toBe("none");
    expect(rescheduleImpact(before, shifted(-14))).toBe("none");
    expect(rescheduleImpact(before, { ...shifted(14), arrivalMs: shifted(14).arrivalMs + 59_999 })).toBe("none");
  });

  it("tells the customers of a move of 15 minutes or more, of the departure or of the arrival alone", () => {
    expect(rescheduleImpact(before, shifted(15))).toBe("notice");
    expect(rescheduleImpact(before, shifted(-15, "departure"))).toBe("notice");
    expect(rescheduleImpact(before, shifted(40, "arrival"))).toBe("notice");
    expect(rescheduleImpact(before, shifted(179))).toBe("notice");
  });

  it("lets them cancel free of charge from 3 hours", () => {
    expect(rescheduleImpact(before, shifted(180))).toBe("freeCancellation");
    expect(rescheduleImpact(before, shifted(-180, "arrival"))).toBe("freeCancellation");
  });

  it("measures the larger of the two moves", () => {
    expect(
      rescheduleMinutes(before, { departureMs: before.departureMs + 600_000, arrivalMs: before.arrivalMs - 1_800_000 }),
    ).toBe(30);
  });
});
