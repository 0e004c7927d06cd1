/**
 * `npm run bench`: the feed sync and the alerts at scale, in a throw-away local D1 with
 * the real migrations (tests/d1.ts), the real services, and the feed simulator behind
 * the real feed client. Prints, and fails over the budgets of issue 9:
 * - a first sync of 10,000 feed flights into an empty D1: time (< 2 s) and D1 round
 *   trips (< 100);
 * - a second sync of the same feed: time and rows written (must be 0);
 * - an alert run for 1,000 subscribers: time, round trips, pairs alerted, mails.
 */
import { cpus } from "node:os";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestD1 } from "#tests/d1";
import { createTestContext, recordingTransport } from "#tests/context";
import { createFeedClient } from "#app/services/feed-client.server";
import { handleFeedRequest } from "#app/services/feed-simulator";
import { syncFlightsFromFeed } from "#app/services/feed-sync.server";
import { sendFlightAlerts } from "#app/services/flight-alerts.server";

const BUDGET = { firstSyncMs: 2_000, firstSyncRoundTrips: 100, secondSyncRowsWritten: 0 };
const NOW = new Date();

/** The D1 binding with every round trip counted: a batch, or one statement's run/all/first/raw. */
function countingD1(d1: D1Database) {
  const counter = { roundTrips: 0 };
  const wrapStatement = (statement: D1PreparedStatement): D1PreparedStatement =>
    new Proxy(statement, {
      get(target, name) {
        const value = Reflect.get(target, name, target) as unknown;
        if (name === "bind") return (...values: unknown[]) => wrapStatement(target.bind(...values));
        if (typeof value !== "function") return value;
        if (["all", "run", "first", "raw"].includes(String(name))) {
          return (...args: unknown[]) => (counter.roundTrips++, (value as (...a: unknown[]) => unknown).apply(target, args));
        }
        return (value as (...a: unknown[]) => unknown).bind(target);
      },
    });
  const binding = new Proxy(d1, {
    get(target, name) {
      if (name === "batch") return (statements: D1PreparedStatement[]) => (counter.roundTrips++, target.batch(statements));
      if (name === "prepare") return (query: string) => wrapStatement(target.prepare(query));
      const value = Reflect.get(target, name, target) as unknown;
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { binding, counter };
}

const simulator = (count: number) =>
  createFeedClient({ url: `http://simulator.local/flights?count=${count}`, token: "bench", fetch: (request) => handleFeedRequest(request) });

let dispose: () => Promise<void>;
let d1: D1Database;
beforeAll(async () => {
  // One line per mail sent would bury the figures.
  const log = console.log.bind(console);
  console.log = (...args: unknown[]) => (typeof args[0] === "string" && /^mail \d+ /.test(args[0]) ? undefined : log(...args));
  ({ d1, dispose } = await createTestD1());
  console.log(`JetMalin sync bench: ${cpus().length} cores, node ${process.version}`);
});
afterAll(() => dispose());

it("syncs 10,000 feed flights into an empty D1, then finds nothing to change", async () => {
  const { binding, counter } = countingD1(d1);
  const context = createTestContext({ d1: binding, now: () => NOW, feed: simulator(10_000) });

  let start = performance.now();
  const first = await syncFlightsFromFeed(context, { trigger: "manual", userId: null });
  const firstMs = performance.now() - start;
  const firstRoundTrips = counter.roundTrips;
  console.log(`first sync:  ${first.ok ? first.created : "failed"} new flights in ${firstMs.toFixed(0)} ms, ${firstRoundTrips} D1 round trips (budget ${BUDGET.firstSyncMs} ms, ${BUDGET.firstSyncRoundTrips} round trips)`);

  counter.roundTrips = 0;
  start = performance.now();
  const second = await syncFlightsFromFeed(context, { trigger: "manual", userId: null });
  const secondMs = performance.now() - start;
  console.log(`second sync: ${second.ok ? second.created + second.updated : "failed"} changed in ${secondMs.toFixed(0)} ms, ${counter.roundTrips} D1 round trips, ${second.ok ? second.rowsWritten : "?"} rows written (budget ${BUDGET.secondSyncRowsWritten})`);

  expect(first).toMatchObject({ ok: true, created: 10_000 });
  expect(firstMs).toBeLessThan(BUDGET.firstSyncMs);
  expect(firstRoundTrips).toBeLessThan(BUDGET.firstSyncRoundTrips);
  expect(second).toMatchObject({ ok: true, created: 0, updated: 0, rowsWritten: BUDGET.secondSyncRowsWritten });
});

it("alerts 1,000 subscribers", async () => {
  // A fresh catalogue of 300 flights (about 35 in the next 7 days), and 1,000 customers
  // following one country each, round robin.
  await d1.batch(["flight_logs", "flights"].map((table) => d1.prepare(`delete from ${table}`)));
  await syncFlightsFromFeed(createTestContext({ d1, now: () => NOW, feed: simulator(300) }), { trigger: "manual", userId: null });
  const countries = ["Switzerland", "France", "Italy", "Spain", "Germany", "United Kingdom"];
  const users = Array.from({ length: 1_000 }, (_, i) => [`bench-${i}`, `bench-${i}@example.test`, countries[i % countries.length]!] as const);
  const statements = users.flatMap(([id, email, country]) => [
    d1.prepare("insert into users (id, email, password_hash, first_name, last_name, language) values (?, ?, 'x', 'Bench', 'User', ?)").bind(id, email, ["fr", "en", "de"][Number(id.slice(6)) % 3]),
    d1.prepare("insert into notification_preferences (user_id, country) values (?, ?)").bind(id, country),
  ]);
  await d1.batch(statements);

  const { binding, counter } = countingD1(d1);
  const transport = recordingTransport();
  const start = performance.now();
  const result = await sendFlightAlerts(createTestContext({ d1: binding, now: () => NOW, transport }));
  const ms = performance.now() - start;
  console.log(
    `alerts:      ${result.ok && result.kind === "sent" ? `${result.sent} pairs alerted, ${result.mailed} mails` : result.kind} for 1,000 subscribers in ${ms.toFixed(0)} ms, ${counter.roundTrips} D1 round trips`,
  );
  expect(result).toMatchObject({ ok: true, kind: "sent", mailed: transport.sent.length });
});
