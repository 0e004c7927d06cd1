/**
 * `npm run bench [-- URL]`: measures a running JetMalin (default http://localhost:8787,
 * start it with `npm start`) and prints the numbers: server response time of the main
 * pages (p50/p95 over sequential requests on loopback), HTML size, and the size of the
 * JavaScript and CSS the browser downloads (from build/client, gzip).
 * It prints; it does not fail. Budgets to watch: /home p95 < 150 ms locally,
 * entry JS + home route < 120 kB gzip, Worker bundle < 3 MiB (`npx wrangler deploy --dry-run`).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const base = process.argv[2] ?? "http://localhost:8787";
const ROUNDS = 40;
const PAGES = ["/home", "/home?lng=en", "/locales/fr/translation.json"];

function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function measure(path: string) {
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < ROUNDS; i++) {
    const start = performance.now();
    const response = await fetch(base + path, { headers: { "Accept-Language": "fr-CH" } });
    const body = await response.arrayBuffer();
    times.push(performance.now() - start);
    if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
    bytes = body.byteLength;
  }
  return { path, p50: percentile(times, 50), p95: percentile(times, 95), bytes };
}

function assetSizes() {
  const dir = join("build", "client", "assets");
  let files: string[] = [];
  try {
    files = readdirSync(dir);
  } catch {
    return null;
  }
  const sum = (ext: string) =>
    files
      .filter((file) => file.endsWith(ext))
      .reduce(
        (acc, file) => {
          const path = join(dir, file);
          acc.raw += statSync(path).size;
          acc.gzip += gzipSync(readFileSync(path)).byteLength;
          return acc;
        },
        { raw: 0, gzip: 0 },
      );
  return { js: sum(".js"), css: sum(".css") };
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;
console.log(`JetMalin bench against ${base} (${ROUNDS} sequential requests per page)`);
for (const path of PAGES) {
  const { p50, p95, bytes } = await measure(path);
  console.log(`${path.padEnd(32)} p50 ${p50.toFixed(1).padStart(6)} ms   p95 ${p95.toFixed(1).padStart(6)} ms   ${kb(bytes)}`);
}
const assets = assetSizes();
if (assets) {
  console.log(`all client JS  ${kb(assets.js.raw)} raw, ${kb(assets.js.gzip)} gzip`);
  console.log(`all client CSS ${kb(assets.css.raw)} raw, ${kb(assets.css.gzip)} gzip`);
}
