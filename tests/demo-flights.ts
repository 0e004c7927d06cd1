/**
 * The demo flights a test expects, built from the run's demo instant (docs/testing.md):
 * the instant the server's seed built them from, never the test's own clock, so a run
 * that crosses midnight in Zurich still expects what the server shows.
 */
import { buildDemoFlights, DEMO_AIRPORTS, DEMO_INSTANT_VARIABLE, parseDemoInstant } from "#app/db/demo-data";
import { zurichDay } from "#app/utils/format";

/** The run's demo instant: playwright.config.ts fixes it before any test file is read or the server seeded. */
export function runDemoInstant(): Date {
  const value = process.env[DEMO_INSTANT_VARIABLE];
  if (!value) throw new Error(`${DEMO_INSTANT_VARIABLE} is not set: playwright.config.ts sets it for the run`);
  return parseDemoInstant(value);
}

const cityOf = (code: string) => DEMO_AIRPORTS.find((airport) => airport.icaoCode === code)!.servedCity;

/** The seeded demo flights still to come as the home page lists them: the bookable ones first, each group soonest first. */
export function upcomingDemoFlights(instant = runDemoInstant()) {
  return buildDemoFlights(instant)
    .filter((flight) => flight.departureDate >= instant)
    .map((flight) => ({
      ...flight,
      fromCity: cityOf(flight.from),
      toCity: cityOf(flight.to),
      day: zurichDay(flight.departureDate),
      soldOut: flight.soldOutOverride === true || flight.feedSeats === 0,
    }))
    .sort(
      (a, b) =>
        Number(a.soldOut) - Number(b.soldOut) ||
        a.departureDate.getTime() - b.departureDate.getTime() ||
        a.id.localeCompare(b.id),
    );
}
