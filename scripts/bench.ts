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
import { execFileSync } from "node:child_process";
import { cpus } from "node:os";
import { javaScriptBudget } from "./bench-bytes.ts";
import { measurePhases, throughputFailures } from "./bench-phases.ts";
import {
  benchEnv,
  CONNECTIONS,
  FLIGHTS,
  load as loadOn,
  prepareState,
  startServer,
  stopServer,
} from "./bench-server.ts";

const PORT = Number(process.env.BENCH_PORT ?? 8798);
const BASE = `http://localhost:${PORT}`;
const STATE = ".wrangler/bench-state";
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);

const load = (path: string, options: Omit<Parameters<typeof loadOn>[2], "seconds"> = {}) =>
  loadOn(BASE, path, { ...options, seconds: SECONDS });

const failures: string[] = [];
if (process.env.SKIP_BUILD !== "1")
  execFileSync("npm", ["run", "build"], { stdio: ["ignore", "ignore", "inherit"], env: benchEnv });
await prepareState(STATE);
const server = await startServer({ port: PORT, state: STATE });
try {
  console.log(
    `JetMalin bench: ${FLIGHTS} upcoming flights in ${STATE}, ${CONNECTIONS} connections, ${SECONDS} s a page, ${cpus().length} cores`,
  );
  for (const path of ["/robots.txt", "/home", "/empty-legs"]) await load(path); // warm-up
  const results = [];
  const group = server.process.pid!;
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
const timedServer = await startServer({ port: PORT, state: STATE, vars: { PHASE_TIMING: "1" } });
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
