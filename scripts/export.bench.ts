/**
 * `npm run bench`: the orders CSV export (docs/decisions/010-csv-export.md) over 50,000
 * orders in a throw-away local D1 with the real migrations, through the real streaming
 * function. Prints the time, the file's size, the largest chunk and the peak heap growth
 * while reading; fails if the heap grew by half the file or more (the whole file held in
 * memory).
 */
import { cpus } from "node:os";

import { afterAll, beforeAll, expect, it } from "vitest";

import { ordersCsvStream } from "#app/orders/orders-export.server";
import { createTestContext } from "#tests/context";
import { createTestD1 } from "#tests/d1";

const ORDERS = 50_000;
const NOW = new Date();
let d1: D1Database;
let dispose: () => Promise<void>;

beforeAll(async () => {
  ({ d1, dispose } = await createTestD1());
  await d1.batch([
    d1.prepare(
      "insert into airports (id, icao_code, served_city, country) values (1, 'LSGG', 'Genève', 'Switzerland'), (2, 'LFMN', 'Nice', 'France')",
    ),
    d1
      .prepare(
        "insert into flights (id, departure_airport_id, arrival_airport_id, departure_date, arrival_date, flight_time, aircraft_type, price_per_minute, feed_seats, refreshed_at) values ('bench-flight', 1, 2, ?, ?, 60, 'PC12', 50, 8, ?)",
      )
      .bind(NOW.getTime() + 86_400_000, NOW.getTime() + 90_000_000, NOW.getTime()),
  ]);
  // 2,000 orders a statement, as one JSON parameter (D1 binds at most 100 values).
  for (let start = 0; start < ORDERS; start += 2_000) {
    const rows = Array.from({ length: 2_000 }, (_, k) => {
      const i = start + k;
      const info = {
        firstName: `Zoé ${i}`,
        lastName: 'Dupont, "Jet"',
        email: `client${i}@example.ch`,
        phone: "+41 22 000 00 00",
        address: "Rue du Lac 1",
        zipCode: "1200",
        city: "Genève",
        country: "Suisse",
      };
      return [
        `order-${i}`,
        ["pending", "completed", "cancelled"][i % 3],
        150_000 + i,
        JSON.stringify(info),
        `hash-${i}`,
        NOW.getTime() - i * 1000,
      ];
    });
    await d1
      .prepare(
        `insert into orders (id, flight_id, status, amount_cents, seats, customer_info, access_key_hash, created_at)
         select value ->> '$[0]', 'bench-flight', value ->> '$[1]', value ->> '$[2]', 1, value ->> '$[3]', value ->> '$[4]', value ->> '$[5]' from json_each(?)`,
      )
      .bind(JSON.stringify(rows))
      .run();
  }
});
afterAll(() => dispose());

/** Node's collector, exposed by --expose-gc. */
const gc = (globalThis as { gc?: () => void }).gc;

it(`exports ${ORDERS.toLocaleString("en")} orders as a stream`, async () => {
  const context = createTestContext({ d1, now: () => NOW });
  if (!gc) throw new Error("run with --expose-gc (vitest.bench.config.ts)");
  gc();
  const baseline = process.memoryUsage().heapUsed;
  let peak = 0;
  let bytes = 0;
  let largestChunk = 0;
  let rows = 0;
  const start = performance.now();
  const reader = ordersCsvStream(context, { status: null, search: "" }).getReader();
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    bytes += chunk.value.byteLength;
    largestChunk = Math.max(largestChunk, chunk.value.byteLength);
    for (const byte of chunk.value) if (byte === 0x0a) rows++;
    // What the export still holds, not the garbage it left: collect, then measure.
    gc();
    peak = Math.max(peak, process.memoryUsage().heapUsed - baseline);
  }
  const ms = performance.now() - start;
  const mib = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MiB`;
  console.log(
    `export:      ${(rows - 1).toLocaleString("en")} orders, ${mib(bytes)} in ${ms.toFixed(0)} ms (a garbage collection per chunk included); largest chunk ${mib(largestChunk)}, peak heap growth ${mib(peak)} (budget: under half the file, ${mib(bytes / 2)}); ${cpus().length} cores`,
  );
  expect(rows - 1).toBeGreaterThanOrEqual(ORDERS);
  expect(peak).toBeLessThan(bytes / 2);
});
