/**
 * `npm run bench`: the feed sync and the alerts at scale, in a throw-away local D1 with
 * the real migrations (tests/d1.ts), the real services, and the feed simulator behind
 * the real feed client. Prints, and fails over these budgets (docs/capacity.md):
 * - a first sync of 10,000 feed flights into an empty D1: time (< 2 s) and D1 round
 *   trips (< 100);
 * - a second sync of the same feed: time and rows written (must be 0);
 * - an alert run for 10,000 subscribers and 50 flights: the producer's time
 *   (< 2 s) and D1 round trips (< 50); the consumer's CPU per mail and per batch of 10;
 *   the render of one alert mail.
 */
import { cpus } from "node:os";

import { afterAll, beforeAll, expect, it } from "vitest";

import { ALERT_JOB_USERS, sendFlightAlerts } from "#app/alerts/flight-alerts.server";
import { createFeedClient } from "#app/feed/feed-client.server";
import { handleFeedRequest } from "#app/feed/feed-simulator";
import { syncFlightsFromFeed } from "#app/feed/feed-sync.server";
import { handleQueueBatch } from "#app/operations/queue.server";
import type { Job } from "#app/utils/queue-jobs.server";
import { renderMail } from "#emails/render";
import { createTestContext, jobBatch, recordingQueue, recordingTransport } from "#tests/context";
import { countingD1 } from "#tests/counting-d1";
import { createTestD1 } from "#tests/d1";

const BUDGET = {
  firstSyncMs: 2_000,
  firstSyncRoundTrips: 100,
  secondSyncRowsWritten: 0,
  // The alert run's producer in one cron invocation, and each job's share.
  alertRunMs: 2_000,
  alertRunRoundTrips: 50,
  jobCpuMs: 30,
  renderMs: 16,
};
const NOW = new Date();
const customersOf = (job: Job) => (job.type === "alertBatch" ? job.userIds.length : 1);

const simulator = (count: number) =>
  createFeedClient({
    url: `http://simulator.local/flights?count=${count}`,
    token: "bench",
    fetch: (request) => handleFeedRequest(request),
  });

let dispose: () => Promise<void>;
let d1: D1Database;
beforeAll(async () => {
  // One line per mail sent would bury the figures.
  const log = console.log.bind(console);
  console.log = (...args: unknown[]) =>
    typeof args[0] === "string" && /^(mail \d+ |\{"type":"queue")/.test(args[0]) ? undefined : log(...args);
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
  console.log(
    `first sync:  ${first.ok ? first.created : "failed"} new flights in ${firstMs.toFixed(0)} ms, ${firstRoundTrips} D1 round trips (budget ${BUDGET.firstSyncMs} ms, ${BUDGET.firstSyncRoundTrips} round trips)`,
  );

  counter.roundTrips = 0;
  start = performance.now();
  const second = await syncFlightsFromFeed(context, { trigger: "manual", userId: null });
  const secondMs = performance.now() - start;
  console.log(
    `second sync: ${second.ok ? second.created + second.updated : "failed"} changed in ${secondMs.toFixed(0)} ms, ${counter.roundTrips} D1 round trips, ${second.ok ? second.rowsWritten : "?"} rows written (budget ${BUDGET.secondSyncRowsWritten})`,
  );

  expect(first).toMatchObject({ ok: true, created: 10_000 });
  expect(firstMs).toBeLessThan(BUDGET.firstSyncMs);
  expect(firstRoundTrips).toBeLessThan(BUDGET.firstSyncRoundTrips);
  expect(second).toMatchObject({ ok: true, created: 0, updated: 0, rowsWritten: BUDGET.secondSyncRowsWritten });
});

it("alerts 10,000 subscribers: the producer in one invocation, the consumer per job", async () => {
  // A fresh catalogue: 60 flights from the feed simulator, and 10,000 customers following
  // one country each, round robin; then the 50 earliest flights of the next 7 days matched.
  await d1.batch(
    ["flight_logs", "flights", "alert_deliveries", "notifications", "mail_outbox"].map((table) =>
      d1.prepare(`delete from ${table}`),
    ),
  );
  await syncFlightsFromFeed(createTestContext({ d1, now: () => NOW, feed: simulator(400) }), {
    trigger: "manual",
    userId: null,
  });
  const countries = ["Switzerland", "France", "Italy", "Spain", "Germany", "United Kingdom"];
  const users = Array.from(
    { length: 10_000 },
    (_, i) => [`bench-${i}`, `bench-${i}@example.test`, countries[i % countries.length]!] as const,
  );
  // Two statements a chunk, the rows as JSON read by json_each: thousands of proxied
  // statements in one batch made workerd close the socket ('fetch failed').
  for (let start = 0; start < users.length; start += 2_000) {
    const rows = JSON.stringify(
      users.slice(start, start + 2_000).map(([id, email, country], i) => ({
        id,
        email,
        country,
        language: ["fr", "en", "de"][(start + i) % 3],
      })),
    );
    await d1.batch([
      d1
        .prepare(
          "insert into users (id, email, password_hash, first_name, last_name, language) select value ->> 'id', value ->> 'email', 'x', 'Bench', 'User', value ->> 'language' from json_each(?)",
        )
        .bind(rows),
      d1
        .prepare(
          "insert into alert_watches (user_id, from_kind, from_value) select value ->> 'id', 'country', value ->> 'country' from json_each(?)",
        )
        .bind(rows),
    ]);
  }
  const window = await d1
    .prepare("select id from flights where departure_date >= ? and departure_date < ? order by departure_date limit 50")
    .bind(NOW.getTime(), NOW.getTime() + 7 * 86_400_000)
    .all<{ id: string }>();
  const flightIds = window.results.map((row) => row.id);

  // The producer: what the cron invocation does.
  const { binding, counter } = countingD1(d1);
  const queue = recordingQueue();
  const transport = recordingTransport();
  const producer = createTestContext({ d1: binding, now: () => NOW, transport, jobs: queue });
  let start = performance.now();
  const result = await sendFlightAlerts(producer, { flightIds });
  const producerMs = performance.now() - start;
  const producerRoundTrips = counter.roundTrips;
  console.log(
    `alert run:   ${result.ok && result.kind === "sent" ? `${result.sent} pairs recorded, ${queue.sent.length} messages queued` : result.kind} for 10,000 subscribers and ${flightIds.length} flights in ${producerMs.toFixed(0)} ms, ${producerRoundTrips} D1 round trips (budget ${BUDGET.alertRunMs} ms, ${BUDGET.alertRunRoundTrips} round trips)`,
  );

  // The consumer: the first 20 messages (25 customers each, 500 in all) in batches of 10, as wrangler.toml delivers them.
  counter.roundTrips = 0;
  const consumer = createTestContext({ d1: binding, now: () => NOW, transport, jobs: queue });
  const jobs = queue.sent.slice(0, 20);
  const customers = jobs.reduce((sum, job) => sum + customersOf(job), 0);
  const batchCpu: number[] = [];
  start = performance.now();
  // The CPU of this thread, where the consumer runs: not the platform proxy's worker thread,
  // which carries each D1 call to workerd over HTTP (the harness's transport; in a Worker a
  // D1 call is workerd's own RPC).
  for (let first = 0; first < jobs.length; first += 10) {
    const cpu = process.threadCpuUsage();
    await handleQueueBatch(jobBatch("jetmalin-jobs", jobs.slice(first, first + 10)), consumer);
    const used = process.threadCpuUsage(cpu);
    batchCpu.push((used.user + used.system) / 1000);
  }
  const consumerMs = performance.now() - start;
  const perMail = batchCpu.reduce((sum, ms) => sum + ms, 0) / customers;
  const recipients = queue.sent.reduce((sum, job) => sum + customersOf(job), 0);
  console.log(
    `alert jobs:  ${jobs.length} messages of up to ${ALERT_JOB_USERS} customers, ${transport.sent.length} mails in ${consumerMs.toFixed(0)} ms: CPU ${perMail.toFixed(1)} ms per mail (budget ${BUDGET.jobCpuMs} ms), ${Math.max(...batchCpu).toFixed(0)} ms at most per invocation of 10 messages, ${(counter.roundTrips / customers).toFixed(1)} D1 round trips per customer`,
  );
  console.log(
    `             all ${recipients.toLocaleString("en")} customers on this machine: about ${(((consumerMs / customers) * recipients) / 1000).toFixed(0)} s of consumer time, spread over ${Math.ceil(queue.sent.length / 10)} invocations`,
  );

  // Rendering alone, per mail (the alert mail of 8 flights, in turn in each language).
  const data =
    (transport.sent[0] &&
      (await d1
        .prepare("select data from mail_outbox where template = 'alerts/flight-alert' limit 1")
        .first<{ data: string }>())!.data) ||
    "{}";
  const parsed = JSON.parse(data) as Parameters<typeof renderMail<"alerts/flight-alert">>[2];
  for (const language of ["fr", "en", "de"]) await renderMail("alerts/flight-alert", language, parsed);
  const renders = 300;
  const cpu = process.cpuUsage();
  start = performance.now();
  for (let i = 0; i < renders; i++) await renderMail("alerts/flight-alert", ["fr", "en", "de"][i % 3]!, parsed);
  const renderMs = (performance.now() - start) / renders;
  const used = process.cpuUsage(cpu);
  console.log(
    `mail render: ${renderMs.toFixed(1)} ms per alert mail of ${parsed.flights.length} flights (CPU ${((used.user + used.system) / 1000 / renders).toFixed(1)} ms; budget ${BUDGET.renderMs} ms)`,
  );

  expect(result).toMatchObject({ ok: true, kind: "sent", recipients });
  expect(recipients).toBeGreaterThan(5_000);
  expect(transport.sent.length).toBe(customers);
  expect(producerMs).toBeLessThan(BUDGET.alertRunMs);
  expect(producerRoundTrips).toBeLessThan(BUDGET.alertRunRoundTrips);
  expect(perMail).toBeLessThan(BUDGET.jobCpuMs);
  expect(renderMs).toBeLessThan(BUDGET.renderMs);
});
