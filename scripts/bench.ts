/**
 * `npm run bench`: measures JetMalin against its budgets and fails when one is over.
 * It builds the app (SKIP_BUILD=1 reuses build/), makes its OWN local D1 in
 * .wrangler/bench-state (never the demo's) with the demo airports and 1,000 upcoming
 * flights, serves it with `wrangler dev` on BENCH_PORT (default 8798), then prints:
 * - throughput and latency of /home and /empty-legs against /robots.txt (a static file
 *   from the same server), 10 connections, measured in one run; budgets (bench-phases.ts):
 *   at least 0.40 times the static file's requests per second as an anonymous visitor gets
 *   them (the page cache answers: docs/decisions/040-page-cache.md), 0.30 rendered at
 *   every request (Cache-Control: no-cache); under each, its CPU per request in each
 *   process of `wrangler dev` and in the client (bench-processes.ts, Linux);
 * - each page's phases beside their budgets (docs/speed.md, bench-phases.ts), from a
 *   second `wrangler dev` with PHASE_TIMING=1, so that the throughput pays no timing;
 * - the JavaScript of the main pages (bench-bytes.ts): each route's own chunk, and what
 *   /home makes a phone download signed out, gzip, as Lighthouse counts it; budget: 85 KiB
 *   (issue 28; decision 041); the hydrated /home of a signed-in visitor: 100 KiB.
 */
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir, cpus } from "node:os";
import { join } from "node:path";
import { DEMO_AIRPORTS } from "../app/db/demo-data.ts";
import { javaScriptBudget } from "./bench-bytes.ts";
import { demoClientSql, measurePhases, throughputFailures } from "./bench-phases.ts";
import { cpuPerRequest, cpuSnapshot } from "./bench-processes.ts";

const PORT = Number(process.env.BENCH_PORT ?? 8798);
const BASE = `http://localhost:${PORT}`;
const STATE = ".wrangler/bench-state";
const FLIGHTS = 1000;
const CONNECTIONS = 10;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
// NODE_ENV: wrangler dev would otherwise bundle React's development build (scripts/start.sh).
const env = {
  ...process.env,
  NODE_ENV: "production",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  WRANGLER_SEND_METRICS: "false",
  // As npm start (scripts/start.sh): no local trace collector, which production does not have.
  X_LOCAL_OBSERVABILITY: "false",
};

const quote = (value: string) => `'${value.replaceAll("'", "''")}'`;

/** The demo airports and 1,000 flights over the next 60 days, every route, PC-12 and PC-24. */
function seedSql(now: Date): string {
  const statements = DEMO_AIRPORTS.map(
    (airport) =>
      `INSERT INTO airports (icao_code, served_city, country, latitude, longitude) VALUES (${quote(airport.icaoCode)}, ${quote(airport.servedCity)}, ${quote(airport.country)}, ${airport.latitude}, ${airport.longitude});`,
  );
  for (let i = 0; i < FLIGHTS; i++) {
    const from = (i * 7) % DEMO_AIRPORTS.length;
    const to = (from + 1 + (i % (DEMO_AIRPORTS.length - 1))) % DEMO_AIRPORTS.length;
    const departure = now.getTime() + 3_600_000 + i * 83 * 60_000;
    const pc24 = i % 3 === 0;
    const airport = (index: number) =>
      `(SELECT id FROM airports WHERE icao_code = ${quote(DEMO_AIRPORTS[index]!.icaoCode)})`;
    statements.push(
      `INSERT INTO flights (id, departure_airport_id, arrival_airport_id, departure_date, arrival_date, flight_time, aircraft_type, price_per_minute, feed_probability, feed_seats, source, refreshed_at) VALUES (${quote(`bench-${i}`)}, ${airport(from)}, ${airport(to)}, ${departure}, ${departure + 75 * 60_000}, 75, ${quote(pc24 ? "PC24" : "PC12")}, ${pc24 ? 75 : 50}, ${40 + (i % 61)}, ${i % 11 === 0 ? 0 : pc24 ? 8 : 6}, 'feed', ${now.getTime()});`,
    );
  }
  return statements.join("\n") + "\n";
}

async function prepareState() {
  rmSync(STATE, { recursive: true, force: true });
  if (process.env.SKIP_BUILD !== "1")
    execFileSync("npm", ["run", "build"], { stdio: ["ignore", "ignore", "inherit"], env });
  execFileSync("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", "--persist-to", STATE], {
    stdio: "ignore",
    env,
  });
  const dir = mkdtempSync(join(tmpdir(), "jetmalin-bench-"));
  try {
    const file = join(dir, "seed.sql");
    const now = new Date();
    writeFileSync(file, seedSql(now) + (await demoClientSql(now)));
    execFileSync("npx", ["wrangler", "d1", "execute", "DB", "--local", "--persist-to", STATE, "--file", file], {
      stdio: "ignore",
      env,
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `wrangler dev` on PORT; `vars` are added to wrangler.toml's (the phases' PHASE_TIMING). */
async function startServer(vars: Record<string, string> = {}) {
  const server = spawn(
    "npx",
    [
      "wrangler",
      "dev",
      "--port",
      String(PORT),
      "--persist-to",
      STATE,
      "--show-interactive-dev-session=false",
      "--var",
      `APP_URL:${BASE}`,
      ...Object.entries(vars).flatMap(([name, value]) => ["--var", `${name}:${value}`]),
    ],
    { env, stdio: "ignore", detached: true },
  );
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${BASE}/robots.txt`)).ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  process.kill(-server.pid!);
  throw new Error(`wrangler dev did not answer on ${BASE} within 2 minutes`);
}

/** Stops `wrangler dev` and waits until PORT is free for the next one. */
async function stopServer(server: ReturnType<typeof spawn>) {
  process.kill(-server.pid!);
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    try {
      await fetch(`${BASE}/robots.txt`);
    } catch {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

/** CONNECTIONS loops, each one request after the other, for SECONDS; `group`: the server's processes. */
async function load(
  path: string,
  { label = path, headers = {}, group }: { label?: string; headers?: Record<string, string>; group?: number } = {},
) {
  const latencies: number[] = [];
  let errors = 0;
  const before = group === undefined ? null : cpuSnapshot(group);
  const end = performance.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < end) {
        const start = performance.now();
        const response = await fetch(BASE + path, { headers: { "Accept-Language": "fr-CH", ...headers } });
        await response.arrayBuffer();
        if (response.ok) latencies.push(performance.now() - start);
        else errors++;
      }
    }),
  );
  const cpu = cpuPerRequest(before, group === undefined ? null : cpuSnapshot(group), latencies.length + errors);
  latencies.sort((a, b) => a - b);
  return {
    cpu,
    path: label,
    rps: latencies.length / SECONDS,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    errors,
  };
}

const failures: string[] = [];
await prepareState();
const server = await startServer();
try {
  console.log(
    `JetMalin bench: ${FLIGHTS} upcoming flights in ${STATE}, ${CONNECTIONS} connections, ${SECONDS} s a page, ${cpus().length} cores`,
  );
  for (const path of ["/robots.txt", "/home", "/empty-legs"]) await load(path); // warm-up
  const results = [];
  const group = server.pid!;
  for (const path of ["/robots.txt", "/home", "/empty-legs", "/home?from=Gen%C3%A8ve&to=Nice"])
    results.push(await load(path, { group }));
  // The render's own cost: every request rendered (Cache-Control: no-cache passes the page
  // cache by, as it would for a signed-in visitor).
  for (const path of ["/home", "/empty-legs"])
    results.push(
      await load(path, { label: `${path} (rendered each time)`, headers: { "Cache-Control": "no-cache" }, group }),
    );
  const staticRps = results[0]!.rps;
  for (const result of results) {
    const ratio = result.rps / staticRps;
    console.log(
      `${result.path.padEnd(32)} ${result.rps.toFixed(0).padStart(5)} req/s  p50 ${result.p50.toFixed(1).padStart(6)} ms  p99 ${result.p99.toFixed(1).padStart(6)} ms  ratio ${ratio.toFixed(2)}${result.errors ? `  ${result.errors} errors` : ""}`,
    );
    if (result.cpu) console.log(`${"".padEnd(33)}${result.cpu}`);
    if (result.errors) failures.push(`${result.path}: ${result.errors} failed requests`);
  }
  failures.push(...throughputFailures(results, staticRps));

  failures.push(...(await javaScriptBudget(BASE)));
} finally {
  await stopServer(server);
}
const timedServer = await startServer({ PHASE_TIMING: "1" });
try {
  failures.push(...(await measurePhases(BASE)));
} finally {
  await stopServer(timedServer);
}
if (failures.length > 0) {
  console.error(`Over budget:\n- ${failures.join("\n- ")}`);
  process.exit(1);
}
console.log("All budgets held.");
