import { describe, expect, it } from "vitest";

import { dashboardSummary } from "./dashboard";

const now = new Date("2026-11-23T10:00:00Z");
const past = new Date("2026-11-01T10:00:00Z");
const future = new Date("2026-12-01T10:00:00Z");
const later = new Date("2026-12-10T10:00:00Z");

describe("dashboardSummary", () => {
  it("counts upcoming (pending or completed, still to fly), completed flights flown, and a point per 100 EUR completed", () => {
    const summary = dashboardSummary(
      [
        { id: "a", status: "pending" as const, amountCents: 125_000, departureDate: later },
        { id: "b", status: "completed" as const, amountCents: 250_050, departureDate: future },
        { id: "c", status: "completed" as const, amountCents: 99_900, departureDate: past },
        { id: "d", status: "cancelled" as const, amountCents: 500_000, departureDate: future },
        { id: "e", status: "pending" as const, amountCents: 10_000, departureDate: past },
      ],
      now,
    );
    expect(summary.upcoming.map((order) => order.id)).toEqual(["b", "a"]);
    expect(summary.completedFlights).toBe(1);
    // 2,500.50 + 999 = 3,499.50 EUR completed: 34 points.
    expect(summary.loyaltyPoints).toBe(34);
  });

  it("gives zeros to a new customer", () => {
    expect(dashboardSummary([], now)).toEqual({ upcoming: [], completedFlights: 0, loyaltyPoints: 0 });
  });
});
