/**
 * `npm run bench`: the main Worker without the PDFs (docs/decisions/054-documents-issued-once.md), on the build
 * that scripts/bench.ts made (or `NODE_ENV=production npm run build`). Prints, each against its budget:
 * - the upload of `wrangler deploy --dry-run`, gzip, of the main Worker (and, for information, the documents Worker's);
 * - a fresh isolate's first response: workerd started on the dry run's bundle (miniflare, an empty D1), then the
 *   first GET of /legal-notice, less an empty Worker's start in the same round, median of seven rounds;
 * - a receipt download's CPU, in process on a real D1 and the local R2 bucket: the stored file read and checked,
 *   and the drawings counted (none), beside one drawing's CPU for comparison. An upper bound: the platform proxy's
 *   serialisation of each D1 and R2 call is counted with the Worker code's.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

import { afterAll, beforeAll, expect, it } from "vitest";

import { airports, flights, orders } from "#app/db/schema";
import { openReceiptPdf } from "#app/orders/receipt-files.server";
import { issueReceipt } from "#app/orders/receipts.server";
import { createTestContext, LOCAL_VARS } from "#tests/context";
import { createTestD1, testDocumentsBucket } from "#tests/d1";
import { countingRenderer } from "#tests/documents";

import { median } from "./bench-stats.ts";

const UPLOAD_BUDGET_KIB = 1_000;
const FIRST_RESPONSE_BUDGET_MS = 1_000;
/** In process, through wrangler's platform proxy to workerd's D1 and R2: the proxy's own work is counted too. */
const DOWNLOAD_CPU_BUDGET_MS = 20;
const STARTS = 7;
const DOWNLOADS = 50;

const outDir = mkdtempSync(join(tmpdir(), "jetmalin-dry-run-"));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

/** `wrangler deploy --dry-run`'s "Total Upload: … KiB / gzip: … KiB". */
function dryRun(config: string, outdir: string) {
  const output = execFileSync("npx", ["wrangler", "deploy", "--dry-run", "-c", config, "--outdir", outdir], {
    encoding: "utf8",
    // NODE_ENV as `wrangler deploy` run by hand has it (vitest sets "test", which would bundle React's development build).
    env: {
      ...process.env,
      NODE_ENV: "production",
      CLOUDFLARE_CF_FETCH_ENABLED: "false",
      WRANGLER_SEND_METRICS: "false",
    },
    stdio: ["ignore", "pipe", "ignore"],
  });
  const match = output.match(/Total Upload: ([\d.]+) KiB \/ gzip: ([\d.]+) KiB/);
  if (!match) throw new Error(`no upload size in wrangler's output:\n${output}`);
  return { raw: Number(match[1]), gzip: Number(match[2]) };
}

it(`the main Worker's upload, gzip: at most ${UPLOAD_BUDGET_KIB} KiB`, () => {
  if (!existsSync("build/server/index.js") || !existsSync("build/documents/index.js")) {
    throw new Error("no build: run `NODE_ENV=production npm run build` (or `npm run bench`) first");
  }
  const main = dryRun("wrangler.toml", join(outDir, "main"));
  const documents = dryRun("workers/documents/wrangler.toml", join(outDir, "documents"));
  console.log(
    `Upload (wrangler deploy --dry-run): main Worker ${main.raw.toFixed(0)} KiB, gzip ${main.gzip.toFixed(0)} KiB (budget ${UPLOAD_BUDGET_KIB} KiB)` +
      `; documents Worker ${documents.raw.toFixed(0)} KiB, gzip ${documents.gzip.toFixed(0)} KiB (no budget)`,
  );
  expect(main.gzip).toBeLessThanOrEqual(UPLOAD_BUDGET_KIB);
});

/** wrangler's own miniflare (not a dependency of ours): workerd on a bundle as it is, without wrangler dev around it. */
async function loadMiniflare() {
  const wrangler = join(process.cwd(), "node_modules", "wrangler", "package.json");
  const path = require.resolve("miniflare", { paths: [dirname(wrangler)] });
  return (await import(path)) as {
    Miniflare: new (options: unknown) => {
      ready: Promise<URL>;
      dispatchFetch: (url: string) => Promise<Response>;
      dispose: () => Promise<void>;
    };
    convertV4MiniflareOptions: (options: unknown) => unknown;
  };
}

/** One fresh start of workerd on `script`: until ready, then its first response to `path`. */
async function startOnce(script: string, path: string) {
  const { Miniflare, convertV4MiniflareOptions } = await loadMiniflare();
  const startedAt = performance.now();
  const worker = new Miniflare(
    convertV4MiniflareOptions({
      modules: true,
      scriptPath: script,
      modulesRoot: dirname(script),
      compatibilityDate: "2025-09-01",
      compatibilityFlags: ["nodejs_compat"],
      d1Databases: ["DB"],
      r2Buckets: ["DOCUMENTS"],
      bindings: LOCAL_VARS,
    }),
  );
  try {
    await worker.ready;
    const response = await worker.dispatchFetch(`http://localhost:8787${path}`);
    await response.arrayBuffer();
    expect(response.status).toBe(200);
    return performance.now() - startedAt;
  } finally {
    await worker.dispose();
  }
}

/**
 * workerd's own start is most of a fresh start and moves with the machine's load: each round starts an empty
 * Worker too, and what is printed and budgeted is the bundle's share, the median of (bundle - empty Worker).
 * BENCH_COMPARE_BUNDLE: another revision's `wrangler deploy --dry-run --outdir` bundle (its server.js), measured in
 * the same rounds, for the before and after.
 */
it(`a fresh isolate's first response, beyond workerd's own start: at most ${FIRST_RESPONSE_BUDGET_MS} ms`, async () => {
  const script = join(outDir, "main", "server.js");
  if (!existsSync(script)) throw new Error("the upload's measure runs first (it writes the bundle)");
  const empty = join(outDir, "empty", "index.js");
  mkdirSync(dirname(empty), { recursive: true });
  writeFileSync(empty, 'export default { fetch: () => new Response("ok") };\n');
  const compared = process.env.BENCH_COMPARE_BUNDLE;
  const shares: { ours: number[]; compared: number[]; empty: number[] } = { ours: [], compared: [], empty: [] };
  for (let round = 0; round < STARTS; round++) {
    const baseline = await startOnce(empty, "/");
    shares.empty.push(baseline);
    if (compared) shares.compared.push((await startOnce(compared, "/legal-notice?lng=fr")) - baseline);
    shares.ours.push((await startOnce(script, "/legal-notice?lng=fr")) - baseline);
  }
  const ours = median(shares.ours);
  const line = (share: number) => `${share.toFixed(0)} ms beyond workerd's own start`;
  console.log(
    `Fresh isolate to the first response of /legal-notice: ${line(ours)} (median of ${STARTS}; budget ${FIRST_RESPONSE_BUDGET_MS} ms; ` +
      `an empty Worker: ${median(shares.empty).toFixed(0)} ms in all)` +
      (compared ? `; ${compared}: ${line(median(shares.compared))}` : ""),
  );
  expect(ours).toBeLessThanOrEqual(FIRST_RESPONSE_BUDGET_MS);
});

let testDb: Awaited<ReturnType<typeof createTestD1>>;
beforeAll(async () => {
  testDb = await createTestD1();
});
afterAll(() => testDb.dispose());

it(`a receipt download's CPU: at most ${DOWNLOAD_CPU_BUDGET_MS} ms, and no drawing`, async () => {
  const now = new Date();
  const [from, to] = await testDb.db
    .insert(airports)
    .values([
      { icaoCode: "LSGG", servedCity: "Genève" },
      { icaoCode: "LFMN", servedCity: "Nice" },
    ])
    .returning();
  await testDb.db.insert(flights).values({
    id: "bench-flight",
    departureAirportId: from!.id,
    arrivalAirportId: to!.id,
    departureDate: new Date(now.getTime() + 86_400_000),
    arrivalDate: new Date(now.getTime() + 90_000_000),
    flightTime: 60,
    aircraftType: "PC12",
    pricePerMinute: 50,
    feedSeats: 8,
    refreshedAt: now,
  });
  await testDb.db.insert(orders).values({
    id: "bench-order",
    flightId: "bench-flight",
    status: "completed",
    amountCents: 150_000,
    seats: 1,
    customerInfo: {
      firstName: "Zoé",
      lastName: "Dupont",
      email: "zoe@example.ch",
      phone: "+41 22 000 00 00",
      address: "Rue du Lac 1",
      zipCode: "1200",
      city: "Genève",
      country: "CH",
    },
    language: "fr",
    linkKeyHash: "bench-hash",
    reference: "JM-BENCH1",
    paymentState: "captured",
    paymentIntentId: "pi_bench",
    passengers: ["Zoé Dupont"],
  });
  const renderer = countingRenderer();
  const context = createTestContext({ d1: testDb.d1, now, documents: { renderer, bucket: testDocumentsBucket() } });
  const drawing = process.cpuUsage();
  expect(await issueReceipt(context, "bench-order")).toMatchObject({ ok: true });
  const drawingCpu = process.cpuUsage(drawing);
  for (let warm = 0; warm < 5; warm++) await openReceiptPdf(context, "bench-order", "receipt");
  const downloading = process.cpuUsage();
  let bytes = 0;
  for (let download = 0; download < DOWNLOADS; download++) {
    const outcome = await openReceiptPdf(context, "bench-order", "receipt");
    if (!outcome.ok) throw new Error(`no receipt: ${outcome.reason}`);
    bytes = outcome.body.byteLength;
  }
  const cpu = process.cpuUsage(downloading);
  const perDownload = (cpu.user + cpu.system) / 1000 / DOWNLOADS;
  console.log(
    `Receipt download (${(bytes / 1024).toFixed(0)} KiB, read from R2 and its SHA-256 checked): ${perDownload.toFixed(2)} ms of CPU ` +
      `(${DOWNLOADS} downloads, in process with the platform proxy's share; budget ${DOWNLOAD_CPU_BUDGET_MS} ms), ${renderer.counted.receipts - 1} drawings; ` +
      `drawing it at issue took ${((drawingCpu.user + drawingCpu.system) / 1000).toFixed(0)} ms of CPU`,
  );
  expect(renderer.counted.receipts).toBe(1);
  expect(perDownload).toBeLessThanOrEqual(DOWNLOAD_CPU_BUDGET_MS);
});
