/**
 * What a receipt and a credit note say, gathered from a real D1 (docs/decisions/056-what-a-receipt-says.md):
 * the seller with its UID, the billing address typed at checkout, the carrier and the aircraft by name,
 * the VAT treatment of the route, and on a credit note what was paid, kept and refunded, which add up.
 * The amounts expected here are worked out by hand from the terms (30 % kept a week or more ahead).
 */
import { execFileSync } from "node:child_process";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { airports, flights, orders } from "#app/db/schema";
import { createTestContext } from "#tests/context";
import { createTestD1 } from "#tests/d1";
import { testDocuments } from "#tests/documents";

import { cancelOrderAsCustomer } from "./customer-cancel.server";
import { cancelOrder } from "./order-cancel.server";
import { receiptDocumentFor } from "./receipt-contents.server";
import { openReceiptPdf } from "./receipt-files.server";
import { issueReceipt } from "./receipts.server";

let testDb: Awaited<ReturnType<typeof createTestD1>>;
const now = new Date("2026-11-23T10:00:00Z");
const AMOUNT = 123_456;

beforeAll(async () => {
  testDb = await createTestD1();
  const [geneva, nice, zurich] = await testDb.db
    .insert(airports)
    .values([
      { icaoCode: "LSGG", servedCity: "Genève" },
      { icaoCode: "LFMN", servedCity: "Nice" },
      { icaoCode: "LSZH", servedCity: "Zurich" },
    ])
    .returning();
  const departure = new Date("2026-12-03T09:00:00Z");
  const flight = {
    departureDate: departure,
    arrivalDate: new Date(departure.getTime() + 65 * 60_000),
    flightTime: 65,
    pricePerMinute: 50,
    feedSeats: 6,
    refreshedAt: now,
  };
  await testDb.db.insert(flights).values([
    {
      ...flight,
      id: "to-nice",
      departureAirportId: geneva!.id,
      arrivalAirportId: nice!.id,
      aircraftType: "PC12",
      operatorName: "Alpina Executive Jets SA",
      operatorAoc: "CH.AOC.1042",
      operatorState: "CH",
      aircraftRegistration: "HB-FAB",
    },
    { ...flight, id: "to-zurich", departureAirportId: geneva!.id, arrivalAirportId: zurich!.id, aircraftType: "PC24" },
  ]);
});
afterAll(() => testDb.dispose());

/** The provider refunds whatever it is asked. */
function context() {
  // Documents drawn at issue and stored, as in production: what a download serves.
  const paying = createTestContext({ d1: testDb.d1, now, documents: testDocuments() });
  paying.payments = { ...paying.payments, refund: async () => ({ ok: true }) };
  return paying;
}

let sequence = 0;
async function paidOrder(flightId: string, language: "fr" | "en" | "de") {
  sequence += 1;
  const id = `order-${sequence}`;
  await testDb.db.insert(orders).values({
    id,
    flightId,
    status: "completed",
    amountCents: AMOUNT,
    seats: 2,
    customerInfo: {
      firstName: "Léa",
      lastName: "Muller",
      email: `lea${sequence}@example.ch`,
      phone: "+41 79 123 45 67",
      address: "Avenue de la Gare 10",
      zipCode: "1003",
      city: "Lausanne",
      country: "CH",
    },
    language,
    linkKeyHash: `hash-${sequence}`,
    reference: `JM-TXT${String(sequence).padStart(3, "0")}`,
    paymentState: "captured",
    paymentIntentId: `pi_${id}`,
    passengers: ["Léa Muller", "Max Keller"],
  });
  expect(await issueReceipt(context(), id)).toMatchObject({ ok: true });
  return id;
}

const pdftotext = (() => {
  try {
    execFileSync("pdftotext", ["-v"], { stdio: "ignore" });
    return (bytes: Uint8Array) =>
      execFileSync("pdftotext", ["-layout", "-", "-"], { input: bytes }).toString("utf8").replace(/\s+/g, " ");
  } catch {
    return null;
  }
})();

async function drawnText(orderId: string, kind: "receipt" | "creditNote") {
  const pdf = await openReceiptPdf(context(), orderId, kind);
  if (!pdf.ok) throw new Error(`no ${kind} for ${orderId}`);
  return pdftotext!(pdf.body);
}

describe("receiptDocumentFor", () => {
  it("is plain JSON, fixed in the document's language: stored as it is, it reads back the same", async () => {
    const orderId = await paidOrder("to-nice", "de");
    const document = await receiptDocumentFor(testDb.db, orderId, "receipt");
    expect(JSON.parse(JSON.stringify(document))).toEqual(document);
    expect(document).toMatchObject({
      language: "de",
      seller: {
        legalName: "JetMalin SA",
        uid: "CHE-123.456.788",
        addressLines: [expect.any(String), expect.any(String), "Schweiz"],
      },
      customer: { name: "Léa Muller", addressLines: ["Avenue de la Gare 10", "1003 Lausanne", "Schweiz"] },
      flight: { from: "Genf", to: "Nizza", aircraft: "Pilatus PC-12", aircraftType: "PC12", registration: "HB-FAB" },
      carrier: { name: "Alpina Executive Jets SA", aoc: "CH.AOC.1042", state: "Schweiz" },
      amountCents: AMOUNT,
      settlement: null,
      vat: { treatment: "exemptInternational", ratePercent: 0, includedCents: 0 },
      payment: "card",
    });
  });

  it("has nothing for a document the order lacks", async () => {
    const orderId = await paidOrder("to-nice", "fr");
    expect(await receiptDocumentFor(testDb.db, orderId, "creditNote")).toBeNull();
  });
});

describe.skipIf(!pdftotext)("the drawn documents", () => {
  it.each([
    [
      "fr",
      "Adresse de facturation",
      "Transporteur aérien : Alpina Executive Jets SA, AOC CH.AOC.1042 (Suisse)",
      "exonéré de la TVA suisse (art. 23, al. 2, ch. 8 LTVA)",
    ],
    [
      "en",
      "Billing address",
      "Operating carrier: Alpina Executive Jets SA, AOC CH.AOC.1042 (Switzerland)",
      "exempt from Swiss VAT (Swiss VAT Act, art. 23 para. 2 no. 8)",
    ],
    [
      "de",
      "Rechnungsadresse",
      "Ausführendes Luftfahrtunternehmen: Alpina Executive Jets SA, AOC CH.AOC.1042 (Schweiz)",
      "von der Schweizer Mehrwertsteuer befreit (Art. 23 Abs. 2 Ziff. 8 MWSTG)",
    ],
  ] as const)("a %s receipt of Geneva-Nice", async (language, billTo, carrier, vat) => {
    const text = await drawnText(await paidOrder("to-nice", language), "receipt");
    for (const expected of [
      billTo,
      "Avenue de la Gare 10",
      "1003 Lausanne",
      carrier,
      "Pilatus PC-12 (PC12)",
      "HB-FAB",
      vat,
      "CHE-123.456.788",
    ])
      expect(text).toContain(expected);
  });

  it("a customer's cancellation a week ahead: paid 1,234.56, the terms keep 30 % (370.36, rounded down), 864.20 back", async () => {
    const orderId = await paidOrder("to-nice", "fr");
    const outcome = await cancelOrderAsCustomer(context(), {
      orderId,
      userId: null,
      shown: { feeCents: 37_036, refundCents: 86_420 },
    });
    expect(outcome).toMatchObject({ ok: true, money: "refunded", feeCents: 37_036, refundCents: 86_420 });
    const text = await drawnText(orderId, "creditNote");
    expect(text).toContain("Montant payé 1 234,56 €");
    expect(text).toContain("Frais d'annulation retenus − 370,36 €");
    expect(text).toContain("Montant remboursé 864,20 €");
    expect(await receiptDocumentFor(testDb.db, orderId, "creditNote")).toMatchObject({
      amountCents: 86_420,
      settlement: { paidCents: AMOUNT, keptCents: 37_036 },
    });
  });

  it("a flight cancelled by its operator: all of it back, no fee kept (English)", async () => {
    const orderId = await paidOrder("to-nice", "en");
    expect(await cancelOrder(context(), { orderId, reason: "flightCancelled", actor: "staff" })).toMatchObject({
      ok: true,
      money: "refunded",
    });
    const text = await drawnText(orderId, "creditNote");
    expect(text).toContain("Amount paid €1,234.56");
    expect(text).toContain("Cancellation fee kept − €0.00");
    expect(text).toContain("Amount refunded €1,234.56");
  });

  it("a domestic flight's receipt states the VAT it includes, and names a carrier not yet known as such", async () => {
    const text = await drawnText(await paidOrder("to-zurich", "de"), "receipt");
    // 1,234.56 x 8.1 / 108.1 = 92.506: 92.51.
    expect(text).toContain("Der obige Betrag enthält 92,51 € MWST (8,1 %)");
    expect(text).toContain("Flugzeug: Pilatus PC-24 (PC24)");
    expect(text).toContain("Ausführendes Luftfahrtunternehmen: wird vor dem Flug bekanntgegeben");
  });
});
