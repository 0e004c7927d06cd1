/**
 * `npm run bench`: Web Push's fan-out (docs/decisions/057-web-push.md) to 10,000 subscribers, in a throw-away local
 * D1 with the real migrations, the real alert run and queue consumer, and the real RFC 8291 encryption and VAPID
 * signature of every push; only the push service is a stand-in that answers 201 (its time is not ours). One new leg
 * on a route all 10,000 watch, each with a device. Prints, and fails over these budgets (docs/capacity.md):
 * - the producer (the sync's or staff's alert run): time (< 2 s) and D1 round trips (< 50);
 * - the consumer, per push: CPU (< 30 ms, as a mail: encryption and signature included) and D1 round trips (< 8).
 */
import { cpus } from "node:os";

import { afterAll, beforeAll, expect, it } from "vitest";

import { sendFlightAlerts } from "#app/alerts/flight-alerts.server";
import type { PushTransport } from "#app/alerts/push-transport.server";
import { createDb } from "#app/db/client.server";
import { flights } from "#app/db/schema";
import { handleQueueBatch } from "#app/operations/queue.server";
import { base64Url } from "#app/utils/crypto.server";
import { createTestContext, jobBatch, recordingQueue } from "#tests/context";
import { countingD1 } from "#tests/counting-d1";
import { createTestD1 } from "#tests/d1";
import { testFlight } from "#tests/flight-rows";

const BUDGET = { producerMs: 2_000, producerRoundTrips: 50, cpuPerPushMs: 30, roundTripsPerPush: 8 };
const SUBSCRIBERS = 10_000;
/** The consumer measured on the first messages (25 customers each), in batches of 10 as wrangler.toml delivers them. */
const MEASURED_JOBS = 8;
const NOW = new Date();

let dispose: () => Promise<void>;
let d1: D1Database;
beforeAll(async () => {
  const log = console.log.bind(console);
  console.log = (...args: unknown[]) =>
    typeof args[0] === "string" && /^\{"type":"queue"/.test(args[0]) ? undefined : log(...args);
  ({ d1, dispose } = await createTestD1());
  console.log(`JetMalin push bench: ${cpus().length} cores, node ${process.version}`);
});
afterAll(() => dispose());

it("pushes a new leg to 10,000 subscribers: the producer in one invocation, the consumer per push", async () => {
  await d1.batch([
    d1.prepare(
      "insert into airports (id, icao_code, served_city, country) values (1, 'LSGG', 'Genève', 'Switzerland')",
    ),
    d1.prepare("insert into airports (id, icao_code, served_city, country) values (2, 'LFMN', 'Nice', 'France')"),
  ]);
  // One browser key pair for every device: each push still makes its own ephemeral key, salt and signature.
  const pair = await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, ["deriveBits"]);
  const p256dh = base64Url(new Uint8Array(await crypto.subtle.exportKey("raw", pair.publicKey)));
  const auth = base64Url(crypto.getRandomValues(new Uint8Array(16)));
  for (let start = 0; start < SUBSCRIBERS; start += 2_000) {
    const rows = JSON.stringify(
      Array.from({ length: 2_000 }, (_, i) => ({ id: `bench-${start + i}`, language: ["fr", "en", "de"][i % 3] })),
    );
    await d1.batch([
      d1
        .prepare(
          "insert into users (id, email, password_hash, first_name, last_name, language) select value ->> 'id', value ->> 'id' || '@example.test', 'x', 'Bench', 'User', value ->> 'language' from json_each(?)",
        )
        .bind(rows),
      d1
        .prepare(
          "insert into alert_watches (user_id, from_kind, from_value) select value ->> 'id', 'city', 'Genève' from json_each(?)",
        )
        .bind(rows),
      d1
        .prepare(
          "insert into push_subscriptions (id, user_id, endpoint, p256dh, auth, device) select value ->> 'id', value ->> 'id', 'https://fcm.googleapis.com/fcm/send/' || (value ->> 'id'), ?, ?, 'Chrome · Android' from json_each(?)",
        )
        .bind(p256dh, auth, rows),
    ]);
  }
  await createDb(d1)
    .insert(flights)
    .values(
      testFlight("bench-leg", {
        from: 1,
        to: 2,
        departure: new Date(NOW.getTime() + 30 * 3_600_000),
        refreshedAt: NOW,
      }),
    );

  const vars = { PUSH_QUIET_HOURS: "off" };
  const { binding, counter } = countingD1(d1);
  const queue = recordingQueue();
  const producer = createTestContext({ d1: binding, now: () => NOW, jobs: queue, vars });
  let start = performance.now();
  const result = await sendFlightAlerts(producer, { flightIds: ["bench-leg"] });
  const producerMs = performance.now() - start;
  const producerRoundTrips = counter.roundTrips;
  console.log(
    `push run:    ${result.ok && result.kind === "sent" ? `${result.sent} pairs recorded, ${queue.sent.length} messages queued` : result.kind} for ${SUBSCRIBERS.toLocaleString("en")} subscribers in ${producerMs.toFixed(0)} ms, ${producerRoundTrips} D1 round trips (budget ${BUDGET.producerMs} ms, ${BUDGET.producerRoundTrips} round trips)`,
  );

  let pushes = 0;
  const accepting: PushTransport = { send: async () => (pushes++, 201) };
  counter.roundTrips = 0;
  const consumer = createTestContext({ d1: binding, now: () => NOW, jobs: queue, vars, push: accepting });
  const jobs = queue.sent.slice(0, MEASURED_JOBS);
  let cpuMs = 0;
  start = performance.now();
  for (let first = 0; first < jobs.length; first += 10) {
    const cpu = process.threadCpuUsage();
    await handleQueueBatch(jobBatch("jetmalin-jobs", jobs.slice(first, first + 10)), consumer);
    const used = process.threadCpuUsage(cpu);
    cpuMs += (used.user + used.system) / 1000;
  }
  const consumerMs = performance.now() - start;
  const cpuPerPush = cpuMs / pushes;
  const roundTripsPerPush = counter.roundTrips / pushes;
  console.log(
    `push jobs:   ${jobs.length} messages, ${pushes} pushes encrypted and signed in ${consumerMs.toFixed(0)} ms: CPU ${cpuPerPush.toFixed(1)} ms per push (budget ${BUDGET.cpuPerPushMs} ms), ${roundTripsPerPush.toFixed(1)} D1 round trips per push (budget ${BUDGET.roundTripsPerPush})`,
  );
  console.log(
    `             all ${SUBSCRIBERS.toLocaleString("en")} on this machine: about ${(((consumerMs / pushes) * SUBSCRIBERS) / 1000).toFixed(0)} s of consumer time, spread over ${Math.ceil(queue.sent.length / 10)} invocations`,
  );
  expect(pushes).toBe(jobs.reduce((sum, job) => sum + (job.type === "alertBatch" ? job.userIds.length : 1), 0));
  expect(producerMs).toBeLessThan(BUDGET.producerMs);
  expect(producerRoundTrips).toBeLessThan(BUDGET.producerRoundTrips);
  expect(cpuPerPush).toBeLessThan(BUDGET.cpuPerPushMs);
  expect(roundTripsPerPush).toBeLessThan(BUDGET.roundTripsPerPush);
});
