// The crash test (docs/orders.md 'Messages', decision 047): the real Worker under `wrangler dev`
// is killed (SIGKILL of its process group) in the middle of a burst of bookings, payments and
// staff validations, started again on the same local D1, and its crons run; then every moved
// order must have its messages, every authorisation at the provider its order, the seats held
// equal the live holds, and no idempotency key two orders.
//
// Usage: NODE_ENV=production npm run build, then node scripts/crash-test.ts [--rounds 3] [--port 8796]
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { parseArgs } from "node:util";

import { generateTOTP } from "@epic-web/totp";

import { DEMO_PASSWORD, DEMO_TOTP_SECRET } from "../app/db/demo-data.ts";

const { values } = parseArgs({
  options: { rounds: { type: "string", default: "3" }, port: { type: "string", default: "8796" } },
});
const root = path.resolve(import.meta.dirname, "..");
const port = Number(values.port);
const base = `http://localhost:${port}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function startServer(persistTo: string): ChildProcess {
  const server = spawn("bash", ["scripts/start.sh"], {
    cwd: root,
    detached: true,
    stdio: "ignore",
    env: { ...process.env, SKIP_BUILD: "1", PORT: String(port), PERSIST_TO: persistTo },
  });
  server.unref();
  return server;
}

async function waitUntilUp() {
  for (let i = 0; i < 240; i += 1) {
    const up = await fetch(`${base}/robots.txt`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) return;
    await sleep(500);
  }
  throw new Error("the server did not start");
}

function kill(server: ChildProcess) {
  try {
    process.kill(-server.pid!, "SIGKILL");
  } catch {
    // Already gone.
  }
}

function database(persistTo: string) {
  const dir = path.join(persistTo, "v3", "d1", "miniflare-D1DatabaseObject");
  const file = readdirSync(dir).find((name) => name.endsWith(".sqlite") && name !== "metadata.sqlite");
  return new DatabaseSync(path.join(dir, file!));
}

/** A signed-in staff member's cookie, through the /login form and its code step. */
async function staffCookie(): Promise<string> {
  const form = (fields: Record<string, string>) => ({
    method: "POST",
    redirect: "manual" as const,
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base, "CF-Connecting-IP": "10.9.9.9" },
    body: new URLSearchParams(fields).toString(),
  });
  const login = await fetch(
    `${base}/login`,
    form({ intent: "login", email: "admin@jetmalin.test", password: DEMO_PASSWORD }),
  );
  let cookie = (login.headers.get("set-cookie") ?? "").split(";")[0]!;
  const { otp } = await generateTOTP({ secret: DEMO_TOTP_SECRET, period: 30, digits: 6, algorithm: "SHA-1" });
  const code = await fetch(`${base}/login/code`, {
    ...form({ code: otp }),
    headers: { ...form({}).headers, Cookie: cookie },
  });
  cookie = (code.headers.get("set-cookie") ?? cookie).split(";")[0]!;
  if (code.status !== 302) throw new Error(`staff sign-in: ${code.status}`);
  return cookie;
}

type Counters = { booked: number; paid: number; validated: number; errors: number };

/** One customer: books a seat, pays on the simulator's page; staff validate it. Loops until `stop`. */
async function customer(worker: number, flights: string[], cookie: string, counters: Counters, stop: () => boolean) {
  for (let n = 0; !stop(); n += 1) {
    const ip = `10.${worker}.${Math.floor(n / 250)}.${n % 250}`;
    const post = (url: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
      fetch(url.startsWith("http") ? url : `${base}${url}`, {
        method: "POST",
        redirect: "manual",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          Origin: base,
          "CF-Connecting-IP": ip,
          ...headers,
        },
        body: new URLSearchParams(fields).toString(),
      });
    try {
      const flightId = flights[(worker + n) % flights.length]!;
      const booking = await post(`/checkout/${flightId}`, {
        idempotencyKey: crypto.randomUUID(),
        seenAvailableSeats: "1",
        choice: "seats",
        seats: "1",
        "passengers[0]": "Léa Muller",
        firstName: "Léa",
        lastName: "Muller",
        email: `crash-${worker}-${n}@example.ch`,
        phone: "+41 79 123 45 67",
        address: "Rue du Rhône 1",
        zipCode: "1204",
        city: "Genève",
        country: "CH",
        terms: "on",
      });
      const payPage = booking.headers.get("location") ?? "";
      if (!payPage.includes("/dev/pay/")) continue;
      counters.booked += 1;
      const paid = await post(payPage, { intent: "pay" });
      const back = paid.headers.get("location") ?? "";
      const orderId = /confirmation\/([0-9a-f-]{36})/.exec(back)?.[1];
      if (!orderId) continue;
      counters.paid += 1;
      const validated = await post("/admin/orders", { intent: "validate", orderId }, { Cookie: cookie });
      if (validated.status < 400) counters.validated += 1;
    } catch {
      counters.errors += 1; // the server died under us
      await sleep(100);
    }
  }
}

function check(db: DatabaseSync, restartedAt: number) {
  const one = (query: string) => Object.values(db.prepare(query).get() as Record<string, number>)[0]!;
  const rows = (query: string) => db.prepare(query).all();
  return {
    orders: one("select count(*) from orders where customer_info like '%crash-%'"),
    moved: one("select count(*) from orders where customer_info like '%crash-%' and status <> 'pending'"),
    unsentMessages: one("select count(*) from order_messages where sent_at is null"),
    // Each move's mails, by the order's reference in the mail's data.
    missingMails: rows(`select o.reference, e.move from order_events e join orders o on o.id = e.order_id
      where o.customer_info like '%crash-%' and e.move in ('placed', 'authorised', 'captured', 'expired') and not exists (
        select 1 from mail_outbox m where json_extract(m.data, '$.reference') = o.reference and m.template = case e.move
          when 'placed' then 'orders/staff-placed' when 'authorised' then 'orders/authorised'
          when 'captured' then 'orders/completed' else 'orders/cancelled' end)
        and not (e.move = 'captured' and o.status <> 'completed')`),
    orphanAuthorisations:
      rows(`select s.id, s.status, o.status as orderStatus from dev_payment_sessions s join orders o on o.id = s.order_id
      where s.status in ('authorised', 'captured') and (o.payment_intent_id is not s.payment_intent_id or o.status not in ('processing', 'completed'))`),
    seatDrift: rows(`select f.id, f.seats_held, (select coalesce(sum(seats), 0) from orders o where o.flight_id = f.id
      and o.status in ('pending', 'processing', 'completed')) as live from flights f
      where f.seats_held <> (select coalesce(sum(seats), 0) from orders o where o.flight_id = f.id and o.status in ('pending', 'processing', 'completed'))`),
    twiceKeyed: one(
      "select count(*) from (select idempotency_key from orders group by idempotency_key having count(*) > 1)",
    ),
    // What the restart recovered: messages sent and simulator events delivered after it.
    recoveredMessages: one(`select count(*) from order_messages where sent_at >= ${restartedAt}`),
    redeliveredEvents: one(`select count(*) from dev_payment_events where delivered_at >= ${restartedAt}`),
  };
}

let failed = false;
for (let round = 1; round <= Number(values.rounds); round += 1) {
  const persistTo = mkdtempSync(path.join(tmpdir(), "jm-crash-"));
  let server = startServer(persistTo);
  try {
    await waitUntilUp();
    const db = database(persistTo);
    const flights = (
      db
        .prepare(
          "select id from flights where status = 'scheduled' and departure_date > ? and available_seats >= 4 order by available_seats desc limit 60",
        )
        .all(Date.now() + 3 * 86_400_000) as { id: string }[]
    ).map((row) => row.id);
    db.close();
    const cookie = await staffCookie();
    const counters: Counters = { booked: 0, paid: 0, validated: 0, errors: 0 };
    let stopped = false;
    const burst = Array.from({ length: 8 }, (_, worker) =>
      customer(worker + 1, flights, cookie, counters, () => stopped),
    );
    // While the burst is at its height: every flight still has seats.
    await sleep(1_500 + Math.random() * 2_000);
    kill(server);
    await sleep(300);
    stopped = true;
    await Promise.all(burst);
    const restartedAt = Date.now();
    server = startServer(persistTo);
    await waitUntilUp();
    // Past the grace of order messages (90 s) and simulator deliveries (60 s), then the 5-minute crons, twice.
    await sleep(95_000);
    for (let run = 0; run < 2; run += 1) await fetch(`${base}/__scheduled?cron=*/5+*+*+*+*`);
    await sleep(2_000);
    const result = check(database(persistTo), restartedAt);
    const ok =
      result.unsentMessages === 0 &&
      result.missingMails.length === 0 &&
      result.orphanAuthorisations.length === 0 &&
      result.seatDrift.length === 0 &&
      result.twiceKeyed === 0;
    failed ||= !ok;
    console.log(JSON.stringify({ round, ok, ...counters, ...result }));
  } finally {
    kill(server);
    rmSync(persistTo, { recursive: true, force: true });
  }
}
process.exit(failed ? 1 : 0);
