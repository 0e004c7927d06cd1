/**
 * `npm run bench`: measures JetMalin against its budgets and fails when one is over.
 * It builds the app (SKIP_BUILD=1 reuses build/), makes its OWN local D1 in
 * .wrangler/bench-state (never the demo's) with the demo airports and 1,000 upcoming
 * flights, serves it with `wrangler dev` on BENCH_PORT (default 8798), then prints:
 * - throughput and latency of /home and /empty-legs against /robots.txt (a static file
 *   from the same server), 10 connections, in BENCH_ROUNDS rounds (3) of BENCH_SECONDS (3 s)
 *   a page, each page's ratio the median of its rounds' (each to its own round's static
 *   file: a shared machine's speed moves within a minute); budgets (bench-phases.ts):
 *   at least 0.40 times the static file's requests per second as an anonymous visitor gets
 *   them (the page cache answers: docs/decisions/040-page-cache.md), 0.30 rendered at
 *   every request (Cache-Control: no-cache); for information, no budget, /home rendered
 *   and uncompressed (Accept-Encoding: identity: the harness's share, docs/speed.md);
 *   under each, its CPU per request in each process of `wrangler dev` and in the client
 *   (bench-processes.ts, Linux), the Worker's against its budget (bench-phases.ts);
 * - each page's phases beside their budgets (docs/speed.md, bench-phases.ts), from a
 *   second `wrangler dev` with PHASE_TIMING=1, so that the throughput pays no timing;
 * - the JavaScript of the main pages (bench-bytes.ts): each route's own chunk, and what
 *   /home makes a phone download signed out, gzip, as Lighthouse counts it; budget: 85 KiB
 *   (issue 28; decision 041); the hydrated /home of a signed-in visitor: 100 KiB.
 */
import { execFileSync } from "node:child_process";
import { cpus } from "node:os";

import { javaScriptBudget } from "./bench-bytes.ts";
import { measurePhases, throughputFailures, WORKER_CPU_BUDGETS, workerCpuFailures } from "./bench-phases.ts";
import { addCpu, cpuPerRequest, type CpuSnapshot, workerMsPerRequest } from "./bench-processes.ts";
import { benchEnv, CONNECTIONS, FLIGHTS, load, prepareState, startServer, stopServer } from "./bench-server.ts";
import { median, percentile } from "./bench-stats.ts";

const PORT = Number(process.env.BENCH_PORT ?? 8798);
const BASE = `http://localhost:${PORT}`;
const STATE = ".wrangler/bench-state";
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const NO_CACHE = { "Cache-Control": "no-cache" };
// The static file first in each round: each page's ratio is to the static file of its own round.
const PAGES: { path: string; label?: string; headers?: Record<string, string> }[] = [
  { path: "/robots.txt" },
  { path: "/home" },
  { path: "/empty-legs" },
  { path: "/home?from=Gen%C3%A8ve&to=Nice" },
  // The render's own cost: every request rendered (Cache-Control: no-cache passes the page
  // cache by, as it would for a signed-in visitor).
  { path: "/home", label: "/home (rendered each time)", headers: NO_CACHE },
  { path: "/empty-legs", label: "/empty-legs (rendered each time)", headers: NO_CACHE },
  // Information, no budget: the same render with nothing compressed on the way. Under
  // `wrangler dev` miniflare's entry Worker gzips the page on the Worker's own thread, as
  // Cloudflare's edge does in production outside the Worker's CPU, and the dev proxy
  // inflates and gzips it again around its HTMLRewriter (docs/speed.md, "Compression").
  { path: "/home", label: "/home (rendered, uncompressed)", headers: { ...NO_CACHE, "Accept-Encoding": "identity" } },
];

const failures: string[] = [];
if (process.env.SKIP_BUILD !== "1")
  execFileSync("npm", ["run", "build"], { stdio: ["ignore", "ignore", "inherit"], env: benchEnv });
await prepareState(STATE);
const server = await startServer({ port: PORT, state: STATE });
try {
  console.log(
    `JetMalin bench: ${FLIGHTS} upcoming flights in ${STATE}, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s a page, ${cpus().length} cores`,
  );
  for (const page of PAGES) await load(BASE, page.path, { headers: page.headers, seconds: 2 }); // warm-up
  const group = server.process.pid!;
  type Tally = {
    rps: number[];
    ratios: number[];
    latencies: number[];
    requests: number;
    errors: number;
    cpu: CpuSnapshot | null;
  };
  const tallies = PAGES.map((): Tally => ({ rps: [], ratios: [], latencies: [], requests: 0, errors: 0, cpu: null }));
  for (let round = 0; round < ROUNDS; round++) {
    let staticRps = NaN;
    for (const [index, page] of PAGES.entries()) {
      const result = await load(BASE, page.path, { headers: page.headers, group, seconds: SECONDS });
      if (index === 0) staticRps = result.rps;
      const tally = tallies[index]!;
      tally.rps.push(result.rps);
      tally.ratios.push(result.rps / staticRps);
      tally.latencies.push(...result.latencies);
      tally.requests += result.requests;
      tally.errors += result.errors;
      tally.cpu = addCpu(tally.cpu, result.cpu);
    }
  }
  const results = PAGES.map((page, index) => {
    const tally = tallies[index]!;
    const latencies = tally.latencies.sort((a, b) => a - b);
    const path = page.label ?? page.path;
    console.log(
      `${path.padEnd(32)} ${median(tally.rps).toFixed(0).padStart(5)} req/s  p50 ${percentile(latencies, 50).toFixed(1).padStart(6)} ms  p99 ${percentile(latencies, 99).toFixed(1).padStart(6)} ms  ratio ${median(tally.ratios).toFixed(2)}  (${tally.ratios.map((ratio) => ratio.toFixed(2)).join(" ")})${tally.errors ? `  ${tally.errors} errors` : ""}`,
    );
    const cpu = cpuPerRequest(tally.cpu, tally.requests);
    const budget = WORKER_CPU_BUDGETS[path];
    if (cpu) console.log(`${"".padEnd(33)}${cpu}${budget === undefined ? "" : `  (worker budget ${budget} ms)`}`);
    if (tally.errors) failures.push(`${path}: ${tally.errors} failed requests`);
    return { path, ratio: median(tally.ratios), workerMs: workerMsPerRequest(tally.cpu, tally.requests) };
  });
  failures.push(...throughputFailures(results), ...workerCpuFailures(results));

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
