/**
 * The JavaScript part of `npm run bench`: what the main pages make a phone download,
 * gzip-compressed as a CDN would send it.
 * - /home in Chromium as a first visit gets it (signed out), every script response of the
 *   page until it is ready and the network is idle, as Lighthouse counts it; budget: 85 KiB
 *   (issue 28). Signed out, /home is served without React (decision 041): one small script;
 * - the same /home hydrated, as a signed-in visitor gets it, from the build's manifest (the
 *   entry, the root and the route with their imports); budget: 100 KiB, the budget before
 *   issue 28, so that a slip in the hydrated page fails too;
 * - for each main page, read from the build's manifest: the route module's own chunk and
 *   the page's whole static graph (the entry, the root and the route with their imports),
 *   so that a dependency landing in a page names its route.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

import { chromium } from "@playwright/test";

export const HOME_JS_BUDGET_KIB = 85;
const HYDRATED_HOME_JS_BUDGET_KIB = 100;

const ASSETS = "build/client";
const MAIN_ROUTES = [
  "routes/home",
  "routes/empty-legs",
  "routes/checkout.$flightId",
  "routes/confirmation.$orderId",
  "routes/dashboard",
  "routes/login",
  "routes/register",
  "routes/custom-flight",
  "routes/exclusive-booking.$flightId",
];

type ManifestEntry = { module: string; imports?: string[] };
type Manifest = { entry: ManifestEntry; routes: Record<string, ManifestEntry> };

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1).padStart(5)} KiB`;
const gzipOf = (url: string) => gzipSync(readFileSync(join(ASSETS, url))).byteLength;

function readManifest(): Manifest {
  const assets = join(ASSETS, "assets");
  // Remix names it manifest-<8 hex digits>.js; chunks of app files named manifest-… sit beside it.
  const file = readdirSync(assets).find((name) => /^manifest-[0-9a-f]{8}\.js$/.test(name));
  if (!file) throw new Error(`no Remix manifest in ${assets}: build first`);
  const source = readFileSync(join(assets, file), "utf8");
  return JSON.parse(source.slice(source.indexOf("{"), source.lastIndexOf("}") + 1)) as Manifest;
}

/** Each main route's own chunk and its page's whole static graph, gzip, from the build; returns /home's graph. */
export function printRouteChunks(): number {
  const manifest = readManifest();
  const graph = (entries: ManifestEntry[]) =>
    [...new Set(entries.flatMap((entry) => [entry.module, ...(entry.imports ?? [])]))].reduce(
      (sum, url) => sum + gzipOf(url),
      0,
    );
  const root = manifest.routes["root"]!;
  console.log(`JavaScript per route (gzip): own chunk, and the page's entry + root + route with their imports`);
  console.log(`  ${"entry.client + root".padEnd(36)} ${kib(graph([manifest.entry, root]))}`);
  let home = 0;
  for (const id of MAIN_ROUTES) {
    const route = manifest.routes[id];
    if (!route) throw new Error(`no route ${id} in the build's manifest`);
    const page = graph([manifest.entry, root, route]);
    if (id === "routes/home") home = page;
    console.log(`  ${id.padEnd(36)} ${kib(gzipOf(route.module))}  page ${kib(page)}`);
  }
  return home;
}

/** Every script the page downloads on a phone, gzip-compressed as a CDN would send it. */
export async function pageJavaScript(base: string, path: string) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu"],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 412, height: 823 }, isMobile: true, locale: "fr-CH" });
    const scripts = new Map<string, number>();
    page.on("response", async (response) => {
      if (response.request().resourceType() !== "script") return;
      scripts.set(response.url(), gzipSync(await response.body()).byteLength);
    });
    await page.goto(base + path, { waitUntil: "networkidle" });
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await page.waitForLoadState("networkidle");
    return { count: scripts.size, gzip: [...scripts.values()].reduce((sum, size) => sum + size, 0) };
  } finally {
    await browser.close();
  }
}

/** Prints the JavaScript of the main pages; returns the failures (over the /home budget). */
export async function javaScriptBudget(base: string): Promise<string[]> {
  const hydrated = printRouteChunks() / 1024;
  const home = await pageJavaScript(base, "/home");
  const total = home.gzip / 1024;
  console.log(
    `/home JavaScript, signed out: ${home.count} script(s), ${total.toFixed(1)} KiB gzip (budget ${HOME_JS_BUDGET_KIB} KiB)`,
  );
  console.log(
    `/home JavaScript, hydrated (signed in): ${hydrated.toFixed(1)} KiB gzip (budget ${HYDRATED_HOME_JS_BUDGET_KIB} KiB)`,
  );
  return [
    ...(total > HOME_JS_BUDGET_KIB ? [`/home JavaScript ${total.toFixed(1)} KiB > ${HOME_JS_BUDGET_KIB} KiB`] : []),
    ...(hydrated > HYDRATED_HOME_JS_BUDGET_KIB
      ? [`hydrated /home JavaScript ${hydrated.toFixed(1)} KiB > ${HYDRATED_HOME_JS_BUDGET_KIB} KiB`]
      : []),
  ];
}

// `node scripts/bench-bytes.ts [BASE_URL]`: the JavaScript alone, against a server already running.
if (import.meta.url === `file://${process.argv[1]}`) {
  const failures = await javaScriptBudget(process.argv[2] ?? "http://localhost:8787");
  if (failures.length > 0) {
    console.error(`Over budget:\n- ${failures.join("\n- ")}`);
    process.exit(1);
  }
}
