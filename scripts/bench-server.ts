/**
 * What scripts/bench.ts and scripts/bench-compare.ts share: the bench's own local D1 (the
 * demo airports and 1,000 upcoming flights, never the demo's database), a `wrangler dev`
 * serving a build on it, and the load (10 connections, one request after the other each).
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { DEMO_AIRPORTS } from "../app/db/demo-data.ts";
import { demoClientSql } from "./bench-phases.ts";
import { cpuSnapshot, cpuUsed } from "./bench-processes.ts";

export const FLIGHTS = 1000;
export const CONNECTIONS = 10;
// NODE_ENV: wrangler dev would otherwise bundle React's development build (scripts/start.sh).
export const benchEnv = {
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

/** A fresh local D1 in `state`, migrated by the code of `cwd` and seeded. */
export async function prepareState(state: string, cwd = process.cwd()) {
  rmSync(state, { recursive: true, force: true });
  execFileSync("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", "--persist-to", state], {
    stdio: "ignore",
    env: benchEnv,
    cwd,
  });
  const dir = mkdtempSync(join(tmpdir(), "jetmalin-bench-"));
  try {
    const file = join(dir, "seed.sql");
    const now = new Date();
    writeFileSync(file, seedSql(now) + (await demoClientSql(now)));
    execFileSync("npx", ["wrangler", "d1", "execute", "DB", "--local", "--persist-to", state, "--file", file], {
      stdio: "ignore",
      env: benchEnv,
      cwd,
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export type BenchServer = { process: ChildProcess; base: string };

/**
 * `wrangler dev` of the build in `cwd` on `port`, its inspector on `port + 1000` (two
 * servers at once must not share one); `vars` are added to wrangler.toml's.
 */
export async function startServer({
  port,
  state,
  cwd = process.cwd(),
  vars = {},
}: {
  port: number;
  state: string;
  cwd?: string;
  vars?: Record<string, string>;
}): Promise<BenchServer> {
  const base = `http://localhost:${port}`;
  const server = spawn(
    "npx",
    [
      "wrangler",
      "dev",
      "--port",
      String(port),
      "--inspector-port",
      String(port + 1000),
      "--persist-to",
      state,
      "--show-interactive-dev-session=false",
      "--var",
      `APP_URL:${base}`,
      ...Object.entries(vars).flatMap(([name, value]) => ["--var", `${name}:${value}`]),
    ],
    { env: benchEnv, stdio: "ignore", detached: true, cwd },
  );
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/robots.txt`)).ok) return { process: server, base };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  process.kill(-server.pid!);
  throw new Error(`wrangler dev did not answer on ${base} within 2 minutes`);
}

/** Stops `wrangler dev` and waits until its port is free for the next one. */
export async function stopServer(server: BenchServer) {
  process.kill(-server.process.pid!);
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    try {
      await fetch(`${server.base}/robots.txt`);
    } catch {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * CONNECTIONS loops, each one request after the other, for `seconds`; `group`: the server's
 * processes, whose CPU over the load is given in `cpu` (bench-processes.ts).
 */
export async function load(
  base: string,
  path: string,
  { headers = {}, group, seconds }: { headers?: Record<string, string>; group?: number; seconds: number },
) {
  const latencies: number[] = [];
  let errors = 0;
  const before = group === undefined ? null : cpuSnapshot(group);
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < end) {
        const start = performance.now();
        const response = await fetch(base + path, { headers: { "Accept-Language": "fr-CH", ...headers } });
        await response.arrayBuffer();
        if (response.ok) latencies.push(performance.now() - start);
        else errors++;
      }
    }),
  );
  const cpu = cpuUsed(before, group === undefined ? null : cpuSnapshot(group));
  return { cpu, rps: latencies.length / seconds, latencies, requests: latencies.length + errors, errors };
}
