/**
 * `npm run bench:compare -- <git revision>`: the throughput of the working tree's build
 * against a revision's, measured interleaved so that both see the same machine (docs/speed.md).
 * The ratios of `npm run bench` move by several hundredths between runs on a shared
 * machine; two builds measured minutes apart cannot be compared. This serves both at once,
 * each with its own copy of the same bench D1 (scripts/bench-server.ts), and loads them in
 * turn, ROUNDS rounds (default 4) of BENCH_SECONDS (default 4) a page, the order flipped
 * each round; it prints each round and the median ratio to /robots.txt of each page.
 * The revision is built in a worktree under .wrangler/bench-compare (node_modules shared).
 */
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, rmSync, symlinkSync } from "node:fs";
import { cpus } from "node:os";
import { join, resolve } from "node:path";

import { benchEnv, type BenchServer, load, prepareState, startServer, stopServer } from "./bench-server.ts";
import { median } from "./bench-stats.ts";

const revision = process.argv[2];
if (!revision) {
  console.error("Usage: npm run bench:compare -- <git revision>   (e.g. HEAD, HEAD~1, main)");
  process.exit(2);
}
const ROUNDS = Number(process.env.ROUNDS ?? 4);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const PORT = Number(process.env.BENCH_PORT ?? 8798);
const PAGES: { path: string; label: string; headers?: Record<string, string> }[] = [
  { path: "/robots.txt", label: "/robots.txt" },
  { path: "/home", label: "/home" },
  { path: "/empty-legs", label: "/empty-legs" },
  { path: "/home", label: "/home (rendered)", headers: { "Cache-Control": "no-cache" } },
  { path: "/empty-legs", label: "/empty-legs (rendered)", headers: { "Cache-Control": "no-cache" } },
];

const sha = execFileSync("git", ["rev-parse", "--short", revision], { encoding: "utf8" }).trim();
const root = resolve(".wrangler/bench-compare");
const tree = join(root, sha);
if (!existsSync(join(tree, "build"))) {
  rmSync(tree, { recursive: true, force: true });
  execFileSync("git", ["worktree", "prune"]);
  execFileSync("git", ["worktree", "add", "--detach", tree, sha], { stdio: "ignore" });
  symlinkSync(resolve("node_modules"), join(tree, "node_modules"));
  execFileSync("npm", ["run", "build"], { cwd: tree, stdio: ["ignore", "ignore", "inherit"], env: benchEnv });
}
if (process.env.SKIP_BUILD !== "1")
  execFileSync("npm", ["run", "build"], { stdio: ["ignore", "ignore", "inherit"], env: benchEnv });

// One D1 for both, made by the working tree's migrations, then copied: the same rows.
const state = join(root, "state-here");
await prepareState(state);
const revisionState = join(root, `state-${sha}`);
rmSync(revisionState, { recursive: true, force: true });
cpSync(state, revisionState, { recursive: true });

const servers: { name: string; server: BenchServer }[] = [
  { name: "here", server: await startServer({ port: PORT, state }) },
  { name: sha, server: await startServer({ port: PORT + 1, state: revisionState, cwd: tree }) },
];
const ratios = new Map<string, number[]>();
try {
  console.log(
    `JetMalin bench:compare, working tree against ${sha}: ${ROUNDS} rounds of ${SECONDS} s a page, ${cpus().length} cores`,
  );
  for (const { server } of servers)
    for (const page of PAGES) await load(server.base, page.path, { headers: page.headers, seconds: 1 }); // warm-up
  for (let round = 0; round < ROUNDS; round++) {
    for (const { name, server } of round % 2 === 0 ? servers : [...servers].reverse()) {
      const line: string[] = [];
      let staticRps = NaN;
      for (const page of PAGES) {
        const { rps } = await load(server.base, page.path, { headers: page.headers, seconds: SECONDS });
        if (page.path === "/robots.txt") staticRps = rps;
        const key = `${name.padEnd(8)} ${page.label}`;
        ratios.set(key, [...(ratios.get(key) ?? []), rps / staticRps]);
        line.push(`${page.label} ${rps.toFixed(0)}`);
      }
      console.log(`round ${round + 1} ${name.padEnd(8)} ${line.join(" | ")}`);
    }
  }
} finally {
  for (const { server } of servers) await stopServer(server);
}
console.log("Median ratio to /robots.txt (each round's):");
for (const [key, values] of [...ratios].sort(([a], [b]) => a.slice(9).localeCompare(b.slice(9))))
  if (!key.endsWith("/robots.txt"))
    console.log(`  ${key.padEnd(34)} ${median(values).toFixed(2)}   ${values.map((v) => v.toFixed(2)).join(" ")}`);
