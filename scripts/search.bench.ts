/**
 * `npm run bench`: the empty-leg search widened by a radius and flexible dates
 * (docs/decisions/036-nearby-and-flexible-search.md) over 10,000 upcoming flights, in a
 * throw-away local D1 with the real migrations, through the real loader code. Prints the
 * D1 round trips and the time of the exact search and of the widest one (radius 200 km,
 * ±3 days); fails if the widest takes more round trips than the listing's current count:
 * the airports read and the one batch of a city search.
 */
import { cpus } from "node:os";

import { afterAll, beforeAll, expect, it } from "vitest";

import { createDb } from "#app/db/client.server";
import { DEMO_AIRPORTS } from "#app/db/demo-data";
import { loadEmptyLegs } from "#app/flights/empty-legs.server";
import { zurichDay } from "#app/utils/format";
import { countingD1 } from "#tests/counting-d1";
import { createTestD1 } from "#tests/d1";

const FLIGHTS = 10_000;
/** The listing's round trips for a city search before this change: the airports, then one batch. */
const LISTING_ROUND_TRIPS = 2;
const RUNS = 20;
const NOW = new Date();
const DAY_MS = 86_400_000;
let d1: D1Database;
let dispose: () => Promise<void>;

beforeAll(async () => {
  ({ d1, dispose } = await createTestD1());
  await d1
    .prepare(
      `insert into airports (id, icao_code, served_city, country, latitude, longitude)
       select key + 1, value ->> '$.icaoCode', value ->> '$.servedCity', value ->> '$.country', value ->> '$.latitude', value ->> '$.longitude' from json_each(?)`,
    )
    .bind(JSON.stringify(DEMO_AIRPORTS))
    .run();
  // 10,000 flights over the next 60 days between the demo airports, spread evenly.
  const airportCount = DEMO_AIRPORTS.length;
  for (let start = 0; start < FLIGHTS; start += 2_000) {
    const rows = Array.from({ length: 2_000 }, (_, k) => {
      const i = start + k;
      const from = (i % airportCount) + 1;
      const to =
        ((i * 7 + 3) % airportCount) + 1 === from ? (from % airportCount) + 1 : ((i * 7 + 3) % airportCount) + 1;
      const departure = NOW.getTime() + DAY_MS + Math.floor((i / FLIGHTS) * 60 * DAY_MS);
      return [`bench-${i}`, from, to, departure, departure + 3_600_000, i % 5 === 0 ? 0 : 6];
    });
    await d1
      .prepare(
        `insert into flights (id, departure_airport_id, arrival_airport_id, departure_date, arrival_date, flight_time, aircraft_type, price_per_minute, feed_seats, refreshed_at)
         select value ->> '$[0]', value ->> '$[1]', value ->> '$[2]', value ->> '$[3]', value ->> '$[4]', 60, 'PC12', 50, value ->> '$[5]', ?
         from json_each(?)`,
      )
      .bind(NOW.getTime(), JSON.stringify(rows))
      .run();
  }
});
afterAll(() => dispose());

/** The median time and the round trips of one search, run `RUNS` times. */
async function measure(query: string) {
  const { binding, counter } = countingD1(d1);
  const db = createDb(binding);
  const times: number[] = [];
  let result: Awaited<ReturnType<typeof loadEmptyLegs>> | null = null;
  for (let run = 0; run < RUNS; run++) {
    counter.roundTrips = 0;
    const start = performance.now();
    result = await loadEmptyLegs(db, { now: NOW, searchParams: new URLSearchParams(query) });
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { roundTrips: counter.roundTrips, ms: times[Math.floor(RUNS / 2)]!, result: result! };
}

it(`searches ${FLIGHTS.toLocaleString("en")} flights with a 200 km radius and ±3 days within the listing's round trips`, async () => {
  const day = zurichDay(new Date(NOW.getTime() + 20 * DAY_MS));
  const exact = await measure(`from=Lausanne&date=${day}`);
  const widest = await measure(`from=Lausanne&radius=200&date=${day}&flex=3`);
  const long = await measure(`from=Lausanne&radius=200&date=${day}&flex=3&show=240`);
  const line = (name: string, m: typeof exact) =>
    `${name} ${m.roundTrips} D1 round trips, median ${m.ms.toFixed(1)} ms over ${RUNS} runs, ${m.result.flights.length} flights shown${m.result.hasMore ? " (more)" : ""}`;
  console.log(`search bench: ${FLIGHTS.toLocaleString("en")} flights, ${cpus().length} cores, node ${process.version}`);
  console.log(line("exact (Lausanne, one day):        ", exact));
  console.log(line("widest (200 km, ±3 days):          ", widest));
  console.log(line("widest, 240 shown:                 ", long));
  console.log(`budget: at most ${LISTING_ROUND_TRIPS} D1 round trips, the listing's current count for a city search`);
  // The radius found more than the city's own airport, and the flexible days more than one day.
  expect(widest.result.distances.length).toBeGreaterThan(0);
  expect(new Set(long.result.flights.map((flight) => zurichDay(flight.departureDate))).size).toBeGreaterThan(1);
  expect(exact.roundTrips).toBeLessThanOrEqual(LISTING_ROUND_TRIPS);
  expect(widest.roundTrips).toBeLessThanOrEqual(LISTING_ROUND_TRIPS);
  expect(long.roundTrips).toBeLessThanOrEqual(LISTING_ROUND_TRIPS);
});
