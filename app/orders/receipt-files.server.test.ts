/**
 * Receipts and credit notes issued once and stored (docs/decisions/054-documents-issued-once.md), on a real D1 and
 * the real local R2 bucket, drawn by the documents Worker's code in process and counted: the PDF is drawn when the
 * document is numbered, a download reads the stored file and draws nothing, a change of the company's data or of
 * the order never reaches an issued document, a corrupted file is refused, a missing one is drawn again from the
 * snapshot and recorded, and the numbering keeps no hole when several issues run at once.
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { company } from "#app/content/company";
import { demoOperatorColumns } from "#app/db/demo-data";
import { airports, flights, orders, receipts } from "#app/db/schema";
import type { PaymentState } from "#app/utils/constants";
import { createTestContext } from "#tests/context";
import { createTestD1, testDocumentsBucket } from "#tests/d1";
import { countingRenderer, emptyTestBucket } from "#tests/documents";

import type { DocumentRenderer } from "./document-renderer.server";
import { openReceiptPdf, receiptFileKey } from "./receipt-files.server";
import { issueCreditNote, issueReceipt } from "./receipts.server";

let testDb: Awaited<ReturnType<typeof createTestD1>>;
let bucket: R2Bucket;
const now = new Date("2026-11-23T10:00:00Z");

beforeAll(async () => {
  testDb = await createTestD1();
  bucket = testDocumentsBucket()!;
  await emptyTestBucket(bucket);
  const [from, to] = await testDb.db
    .insert(airports)
    .values([
      { icaoCode: "LSGG", servedCity: "Genève" },
      { icaoCode: "LSZH", servedCity: "Zurich" },
    ])
    .returning();
  const departure = new Date("2026-12-01T09:00:00Z");
  await testDb.db.insert(flights).values({
    id: "flight-1",
    departureAirportId: from!.id,
    arrivalAirportId: to!.id,
    departureDate: departure,
    arrivalDate: new Date(departure.getTime() + 55 * 60_000),
    flightTime: 55,
    aircraftType: "PC12",
    ...demoOperatorColumns(0, "PC12"),
    pricePerMinute: 50,
    feedSeats: 6,
    refreshedAt: now,
  });
});
afterAll(() => testDb.dispose());

function documentsContext(renderer: DocumentRenderer = countingRenderer()) {
  return createTestContext({ d1: testDb.d1, now, documents: { renderer, bucket } });
}

let sequence = 0;
async function insertOrder({ paymentState = "captured" }: { paymentState?: PaymentState } = {}) {
  sequence += 1;
  const id = `order-${sequence}`;
  await testDb.db.insert(orders).values({
    id,
    flightId: "flight-1",
    status: "completed",
    amountCents: 98_000,
    seats: 1,
    customerInfo: {
      firstName: "Noémie",
      lastName: "Favre",
      email: `noemie${sequence}@example.ch`,
      phone: "+41 79 123 45 67",
      address: "Rue du Rhône 1",
      zipCode: "1204",
      city: "Genève",
      country: "CH",
    },
    language: "fr",
    linkKeyHash: `hash-${sequence}`,
    reference: `JM-FILE${String(sequence).padStart(2, "0")}`,
    paymentState,
    paymentIntentId: `pi_${id}`,
    passengers: ["Noémie Favre"],
  });
  return id;
}

const rowOf = async (orderId: string, kind: "receipt" | "creditNote" = "receipt") =>
  (await testDb.db.select().from(receipts).where(eq(receipts.orderId, orderId))).find((row) => row.kind === kind)!;
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const storedKeys = async (number: number) =>
  (await bucket.list({ prefix: `receipts/${String(number).padStart(6, "0")}-` })).objects.map((object) => object.key);

/** poppler's pdftotext when the machine has it (Debian: poppler-utils): the drawn text itself. */
const pdftotext = (() => {
  try {
    execFileSync("pdftotext", ["-v"], { stdio: "ignore" });
    return (bytes: Uint8Array) => execFileSync("pdftotext", ["-layout", "-", "-"], { input: bytes }).toString("utf8");
  } catch {
    return null;
  }
})();

async function download(context: ReturnType<typeof documentsContext>, orderId: string, kind = "receipt" as const) {
  const outcome = await openReceiptPdf(context, orderId, kind);
  if (!outcome.ok) throw new Error(`no document: ${outcome.reason}`);
  return outcome;
}

describe("issued once, stored", () => {
  it("draws the PDF when the receipt is numbered and stores it with its checksum; downloads draw nothing", async () => {
    const renderer = countingRenderer();
    const context = documentsContext(renderer);
    const orderId = await insertOrder();
    const issued = await issueReceipt(context, orderId);
    expect(renderer.counted.receipts).toBe(1);
    const row = await rowOf(orderId);
    expect(issued).toMatchObject({ ok: true, receipt: { number: row.number, pdfSha256: row.pdfSha256 } });
    expect(row.pdfSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(await storedKeys(row.number)).toEqual([receiptFileKey(row.number, row.pdfSha256!)]);

    const first = await download(context, orderId);
    const second = await download(documentsContext(renderer), orderId);
    expect(renderer.counted.receipts).toBe(1);
    expect(sha256(first.body)).toBe(row.pdfSha256);
    expect(second.body).toEqual(first.body);
    expect(first.filename).toBe(`JetMalin-reçu-JM-FILE${String(sequence).padStart(2, "0")}.pdf`);
    // A replay of the issue neither draws again nor changes what is stored.
    expect(await issueReceipt(context, orderId)).toEqual(issued);
    expect(renderer.counted.receipts).toBe(1);
  });

  it("a drawing that fails at issue leaves the number; the first download draws it once, from the snapshot", async () => {
    const failing: DocumentRenderer = {
      renderReceipt: () => Promise.reject(new Error("documents Worker unavailable")),
      renderFlightManifest: () => Promise.reject(new Error("documents Worker unavailable")),
    };
    const orderId = await insertOrder();
    const issued = await issueReceipt(documentsContext(failing), orderId);
    expect(issued).toMatchObject({ ok: true, receipt: { pdfSha256: null } });
    const renderer = countingRenderer();
    const context = documentsContext(renderer);
    const { body } = await download(context, orderId);
    await download(context, orderId);
    expect(renderer.counted.receipts).toBe(1);
    const row = await rowOf(orderId);
    expect(sha256(body)).toBe(row.pdfSha256);
    // A first file, not a re-drawing.
    expect(row).toMatchObject({ pdfRedraws: 0, pdfRedrawnAt: null });
  });
});

describe("an issued document does not change", () => {
  it("survives a change of the company's data, stored and even drawn again from its snapshot", async () => {
    const renderer = countingRenderer();
    const context = documentsContext(renderer);
    const orderId = await insertOrder();
    await issueReceipt(context, orderId);
    const issuedFile = (await download(context, orderId)).body;
    const address = { ...company.address };
    const moved = company.address as { street: string; city: string };
    try {
      moved.street = "Quai du Mont-Blanc 7";
      moved.city = "Genève 1";
      expect((await download(context, orderId)).body).toEqual(issuedFile);
      expect(renderer.counted.receipts).toBe(1);

      // The stored file lost: drawn again from what was stored with the number, and recorded.
      const before = await rowOf(orderId);
      await bucket.delete(receiptFileKey(before.number, before.pdfSha256!));
      const redrawn = (await download(context, orderId)).body;
      expect(renderer.counted.receipts).toBe(2);
      const after = await rowOf(orderId);
      expect(after).toMatchObject({ number: before.number, pdfRedraws: 1, pdfRedrawnAt: now });
      expect(after.pdfSha256).toBe(sha256(redrawn));
      expect(await storedKeys(after.number)).toEqual([receiptFileKey(after.number, after.pdfSha256!)]);
      if (pdftotext) {
        const text = pdftotext(redrawn);
        expect(text).toContain(address.street);
        expect(text).not.toContain("Quai du Mont-Blanc 7");
        expect(text.replace(/\s+/g, " ")).toBe(pdftotext(issuedFile).replace(/\s+/g, " "));
      }
    } finally {
      Object.assign(moved, address);
    }
  });

  it("keeps what the order said when it was numbered; the database refuses to rewrite it", async () => {
    const orderId = await insertOrder();
    const reference = `JM-FILE${String(sequence).padStart(2, "0")}`;
    await issueReceipt(documentsContext(), orderId);
    const issued = await rowOf(orderId);
    await testDb.db
      .update(orders)
      .set({ passengers: ["Someone Else"], reference: "JM-CHANGED" })
      .where(eq(orders.id, orderId));
    // A later issue (a replay) keeps the first snapshot and file.
    await issueReceipt(documentsContext(), orderId);
    expect(await rowOf(orderId)).toEqual(issued);
    expect(JSON.parse(issued.snapshot!)).toMatchObject({ orderReference: reference });
    await bucket.delete(receiptFileKey(issued.number, issued.pdfSha256!));
    const { body, filename } = await download(documentsContext(), orderId);
    expect(filename).toBe(`JetMalin-reçu-${reference}.pdf`);
    if (pdftotext) expect(pdftotext(body)).toContain("Noémie Favre");

    for (const change of [
      sql("update receipts set snapshot = json_set(snapshot, '$.customerName', 'X') where number = ?"),
      sql("update receipts set amount_cents = 1 where number = ?"),
      sql("update receipts set number = number + 1000 where number = ?"),
    ]) {
      await expect(change(issued.number)).rejects.toThrow(/receipts_written_once/);
    }
  });
});

const sql = (statement: string) => (number: number) => testDb.d1.prepare(statement).bind(number).run();

describe("a corrupted stored file", () => {
  it("is detected and never served, and nothing is drawn over it", async () => {
    const renderer = countingRenderer();
    const context = documentsContext(renderer);
    const orderId = await insertOrder();
    await issueReceipt(context, orderId);
    const row = await rowOf(orderId);
    const key = receiptFileKey(row.number, row.pdfSha256!);
    const stored = new Uint8Array(await (await bucket.get(key))!.arrayBuffer());
    const tampered = stored.slice();
    const flipped = tampered.length - 200;
    tampered[flipped] = tampered[flipped]! ^ 0x01;
    await bucket.put(key, tampered);

    expect(await openReceiptPdf(context, orderId, "receipt")).toEqual({ ok: false, reason: "corrupted" });
    expect(renderer.counted.receipts).toBe(1);
    expect(await rowOf(orderId)).toEqual(row);
  });
});

describe("numbering under concurrent issues", () => {
  it("one receipt and one stored file per order, the numbers a run without holes", async () => {
    const renderer = countingRenderer();
    const ids = await Promise.all([1, 2, 3, 4].map(() => insertOrder({ paymentState: "refunded" })));
    await testDb.db.update(orders).set({ refundedCents: 60_000 }).where(eq(orders.paymentState, "refunded"));
    const outcomes = await Promise.all(
      ids.flatMap((id) =>
        [1, 2].flatMap(() => [
          issueReceipt(documentsContext(renderer), id),
          issueCreditNote(documentsContext(renderer), id),
        ]),
      ),
    );
    expect(outcomes.every((outcome) => outcome.ok)).toBe(true);
    const rows = await testDb.db.select().from(receipts);
    const ours = rows.filter((row) => ids.includes(row.orderId)).sort((a, b) => a.number - b.number);
    expect(ours).toHaveLength(8);
    const numbers = ours.map((row) => row.number);
    expect(numbers).toEqual(numbers.map((_, index) => numbers[0]! + index));
    expect(Math.max(...rows.map((row) => row.number))).toBe(numbers.at(-1));
    // However many drawings ran at once, each number keeps exactly the file its checksum names, the one every
    // call for it answered with.
    for (const outcome of outcomes) {
      const row = ours.find((candidate) => outcome.ok && candidate.number === outcome.receipt.number);
      expect(outcome.ok && outcome.receipt.pdfSha256).toBe(row?.pdfSha256);
    }
    for (const row of ours) {
      expect(await storedKeys(row.number)).toEqual([receiptFileKey(row.number, row.pdfSha256!)]);
      expect(sha256(new Uint8Array(await (await bucket.get(storedKeyOf(row)))!.arrayBuffer()))).toBe(row.pdfSha256);
    }
  });
});

const storedKeyOf = (row: { number: number; pdfSha256: string | null }) => receiptFileKey(row.number, row.pdfSha256!);

describe("a receipt issued before documents were stored", () => {
  it("takes its snapshot and file at its first download, once", async () => {
    const orderId = await insertOrder();
    await testDb.d1
      .prepare(
        "insert into receipts (order_id, kind, amount_cents, language, issued_at) values (?, 'receipt', 98000, 'fr', ?)",
      )
      .bind(orderId, now.getTime())
      .run();
    const renderer = countingRenderer();
    const first = await download(documentsContext(renderer), orderId);
    const second = await download(documentsContext(renderer), orderId);
    expect(renderer.counted.receipts).toBe(1);
    expect(second.body).toEqual(first.body);
    const row = await rowOf(orderId);
    expect(JSON.parse(row.snapshot!)).toMatchObject({ orderReference: `JM-FILE${String(sequence).padStart(2, "0")}` });
    expect(row.pdfSha256).toBe(sha256(first.body));
  });
});
