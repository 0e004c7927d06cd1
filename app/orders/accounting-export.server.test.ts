/**
 * The bookkeeper's month (docs/decisions/054-documents-issued-once.md) on a real D1 and the local R2 bucket: the
 * CSV lists the month's receipts and credit notes in number order, in Zurich time, a credit note negative, with the
 * VAT treatment and each stored file's SHA-256; the ZIP holds exactly those stored files, read back by `unzip`.
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { demoOperatorColumns } from "#app/db/demo-data";
import { airports, flights, orders, receipts } from "#app/db/schema";
import { createTestContext } from "#tests/context";
import { parseCsv } from "#tests/csv";
import { createTestD1, testDocumentsBucket } from "#tests/d1";
import { emptyTestBucket, testDocuments } from "#tests/documents";

import { accountingCsv, accountingZip, VAT_TREATMENT_LABELS } from "./accounting-export.server";
import { receiptFileKey } from "./receipt-files.server";
import { issueCreditNote, issueReceipt } from "./receipts.server";

let testDb: Awaited<ReturnType<typeof createTestD1>>;
const dir = mkdtempSync(join(tmpdir(), "accounting-"));
// 30 November 23:30 in Zurich is still November there (22:30 UTC); 1 December 00:30 is December.
const LATE_NOVEMBER = new Date("2026-11-30T22:30:00Z");
const EARLY_DECEMBER = new Date("2026-11-30T23:30:00Z");

beforeAll(async () => {
  testDb = await createTestD1();
  await emptyTestBucket(testDocumentsBucket()!);
  const [from, to] = await testDb.db
    .insert(airports)
    .values([
      { icaoCode: "LSGG", servedCity: "Genève" },
      { icaoCode: "LFMN", servedCity: "Nice" },
    ])
    .returning();
  await testDb.db.insert(flights).values({
    id: "flight-1",
    departureAirportId: from!.id,
    arrivalAirportId: to!.id,
    departureDate: new Date("2026-12-10T09:00:00Z"),
    arrivalDate: new Date("2026-12-10T10:05:00Z"),
    flightTime: 65,
    aircraftType: "PC12",
    ...demoOperatorColumns(0, "PC12"),
    pricePerMinute: 50,
    feedSeats: 6,
    refreshedAt: LATE_NOVEMBER,
  });
});
afterAll(async () => {
  await testDb.dispose();
  rmSync(dir, { recursive: true, force: true });
});

async function paidOrder(id: string, lastName: string, amountCents: number) {
  await testDb.db.insert(orders).values({
    id,
    flightId: "flight-1",
    status: "completed",
    amountCents,
    seats: 1,
    customerInfo: {
      firstName: "Anne",
      lastName,
      email: `${id}@example.ch`,
      phone: "+41 79 000 00 00",
      address: "Rue 1",
      zipCode: "1200",
      city: "Genève",
      country: "CH",
    },
    language: "fr",
    linkKeyHash: `hash-${id}`,
    reference: `JM-${id.toUpperCase()}`,
    paymentState: "captured",
    paymentIntentId: `pi_${id}`,
    passengers: [`Anne ${lastName}`],
  });
}

const at = (now: Date) => createTestContext({ d1: testDb.d1, now, documents: testDocuments() });
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

describe("a month's documents for the bookkeeper", () => {
  it("the CSV and the ZIP hold the month's receipts and credit notes, and nothing of the next month", async () => {
    await paidOrder("acc1", "Dupont; « Jet »", 150_050);
    await paidOrder("acc2", "Keller", 98_000);
    await paidOrder("acc3", "Late", 50_000);
    await issueReceipt(at(LATE_NOVEMBER), "acc1");
    await issueReceipt(at(LATE_NOVEMBER), "acc2");
    await testDb.db
      .update(orders)
      .set({ status: "cancelled", paymentState: "refunded", refundedCents: 75_800 })
      .where(eq(orders.id, "acc2"));
    await issueCreditNote(at(LATE_NOVEMBER), "acc2");
    await issueReceipt(at(EARLY_DECEMBER), "acc3");
    const rows = await testDb.db.select().from(receipts).orderBy(receipts.number);
    expect(rows.map((row) => row.pdfSha256)).not.toContain(null);

    const csv = await accountingCsv(at(EARLY_DECEMBER), "2026-11");
    expect(csv.startsWith("\uFEFFNuméro;Date;Type;Commande;Client;Montant;Traitement TVA;SHA-256\r\n")).toBe(true);
    const [, ...lines] = parseCsv(csv.slice(1), ";");
    expect(lines).toEqual([
      [
        "000001",
        "30/11/2026 23:30",
        "Reçu",
        "JM-ACC1",
        "Anne Dupont; « Jet »",
        "1500,50",
        VAT_TREATMENT_LABELS.exemptInternational(0),
        rows[0]!.pdfSha256,
      ],
      [
        "000002",
        "30/11/2026 23:30",
        "Reçu",
        "JM-ACC2",
        "Anne Keller",
        "980,00",
        VAT_TREATMENT_LABELS.exemptInternational(0),
        rows[1]!.pdfSha256,
      ],
      [
        "000003",
        "30/11/2026 23:30",
        "Note de crédit",
        "JM-ACC2",
        "Anne Keller",
        "758,00",
        VAT_TREATMENT_LABELS.exemptInternational(0),
        rows[2]!.pdfSha256,
      ],
    ]);
    const december = parseCsv((await accountingCsv(at(EARLY_DECEMBER), "2026-12")).slice(1), ";");
    expect(december.slice(1).map((line) => line[0])).toEqual(["000004"]);

    const archive = join(dir, "2026-11.zip");
    writeFileSync(
      archive,
      new Uint8Array(await new Response(accountingZip(at(EARLY_DECEMBER), "2026-11")).arrayBuffer()),
    );
    expect(execFileSync("unzip", ["-tq", archive]).toString()).toContain("No errors detected");
    const names = execFileSync("unzip", ["-Z1", archive]).toString().trim().split("\n");
    expect(names).toEqual(["000001-recu.pdf", "000002-recu.pdf", "000003-note-de-credit.pdf"]);
    for (const [index, name] of names.entries()) {
      const inside = new Uint8Array(execFileSync("unzip", ["-p", archive, name]));
      const row = rows[index]!;
      expect(sha256(inside)).toBe(row.pdfSha256);
      const stored = await testDocumentsBucket()!.get(receiptFileKey(row.number, row.pdfSha256!));
      expect(inside).toEqual(new Uint8Array(await stored!.arrayBuffer()));
    }
  });
});
