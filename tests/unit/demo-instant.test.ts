/**
 * One instant for the demo (docs/testing.md): a run that starts at 23:59:50 in Zurich
 * seeds the server before midnight and checks its flights after it. The seed and the
 * tests both build the flights from the run's instant, so they agree; rebuilt from the
 * clock after midnight, every flight would move a day.
 */
import { TZDate } from "@date-fns/tz";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";

import { buildDemoFlights, DEMO_INSTANT_VARIABLE, fixDemoInstant, parseDemoInstant } from "#app/db/demo-data";
import { createTestD1 } from "#tests/d1";
import { runDemoInstant, upcomingDemoFlights } from "#tests/demo-flights";

import { buildSeedSql, seedInstant } from "../../scripts/seed-local";

let testDb: Awaited<ReturnType<typeof createTestD1>>;
beforeAll(async () => {
  testDb = await createTestD1();
});
afterAll(() => testDb.dispose());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
});

const zurich = (day: number, hour: number, minute: number, second: number) =>
  new Date(new TZDate(2026, 10, day, hour, minute, second, "Europe/Zurich").getTime());

async function seededFlights() {
  const { results } = await testDb.d1
    .prepare("SELECT id, departure_date AS departure FROM flights ORDER BY departure_date, id")
    .all<{ id: string; departure: number }>();
  return results;
}

describe("the demo instant", () => {
  it("keeps the seed's flights and the tests' expectations together across midnight in Zurich", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(zurich(22, 23, 59, 50));
    // playwright.config.ts decides the run's instant; the webServer's seed reads it from its env.
    const runEnv: Record<string, string | undefined> = {};
    const instant = fixDemoInstant(runEnv);
    expect(runEnv[DEMO_INSTANT_VARIABLE]).toBe(zurich(22, 23, 59, 50).toISOString());
    const statements = (await buildSeedSql(seedInstant(runEnv))).split("\n").filter(Boolean);
    await testDb.d1.batch(statements.map((statement) => testDb.d1.prepare(statement)));

    // The tests run after midnight, in workers that inherited the run's environment.
    vi.setSystemTime(zurich(23, 0, 0, 10));
    vi.stubEnv(DEMO_INSTANT_VARIABLE, runEnv[DEMO_INSTANT_VARIABLE]);
    expect(runDemoInstant()).toEqual(instant);
    // A second decision in a worker keeps the run's instant, whatever its clock says.
    expect(fixDemoInstant({ ...runEnv })).toEqual(instant);

    const expected = upcomingDemoFlights()
      .map((flight) => ({ id: flight.id, departure: flight.departureDate.getTime() }))
      .sort((a, b) => a.departure - b.departure || a.id.localeCompare(b.id));
    expect(expected).toHaveLength(40);
    expect(await seededFlights()).toEqual(expected);

    // What the tests did before: flights rebuilt from the clock, a day later than the server's.
    const fromTheClock = new Map(buildDemoFlights(new Date()).map((flight) => [flight.id, flight.departureDate]));
    for (const { id, departure } of expected) {
      expect(fromTheClock.get(id)!.getTime() - departure).toBe(24 * 3600_000);
    }
  });

  it("is an ISO date or nothing: a malformed DEMO_INSTANT stops the run", () => {
    expect(parseDemoInstant("2026-11-22T22:59:50.000Z")).toEqual(zurich(22, 23, 59, 50));
    for (const value of ["", "tomorrow", "2026-11-22", "2026-13-45T99:00:00Z"]) {
      expect(() => parseDemoInstant(value)).toThrow(DEMO_INSTANT_VARIABLE);
    }
    vi.stubEnv(DEMO_INSTANT_VARIABLE, "");
    expect(() => runDemoInstant()).toThrow(/playwright.config.ts sets it/);
  });
});
