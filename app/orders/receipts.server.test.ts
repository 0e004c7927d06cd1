/**
 * Receipts and credit notes on a real D1 (docs/decisions/035-receipts.md): one of each per
 * order, written once whoever asks at the same moment, numbered from one sequence without
 * gaps, for the captured amount or what went back; staff's validation issues the receipt
 * and the confirmation mail links it with its own key.
 */
import { PDFDocument } from "@cantoo/pdf-lib";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { demoOperatorColumns } from "#app/db/demo-data";
import { airports, flights, orders, receipts } from "#app/db/schema";
import type { PaymentState } from "#app/utils/constants";
import { createTestContext, LOCAL_VARS, recordingTransport } from "#tests/context";
import { createTestD1 } from "#tests/d1";
import { testDocuments } from "#tests/documents";

import { cancelOrder, retryRefund } from "./order-cancel.server";
import { isOrderLinkKey } from "./order-life.queries.server";
import { validateOrder } from "./order-life.server";
import { openReceiptPdf } from "./receipt-files.server";
import { issueCreditNote, issueReceipt, orderReceiptKinds } from "./receipts.server";

let testDb: Awaited<ReturnType<typeof createTestD1>>;
const now = new Date("2026-11-23T10:00:00Z");

beforeAll(async () => {
  testDb = await createTestD1();
  const [from, to] = await testDb.db
    .insert(airports)
    .values([
      { icaoCode: "LSGG", servedCity: "Genève" },
      { icaoCode: "LFMN", servedCity: "Nice" },
    ])
    .returning();
  await testDb.d1
    .prepare(
      "insert into users (id, email, password_hash, first_name, last_name, role) values ('staff-1', 'staff@example.ch', 'x', 'Sam', 'Staff', 'admin')",
    )
    .run();
  const departure = new Date("2026-12-01T09:00:00Z");
  await testDb.db.insert(flights).values({
    id: "flight-1",
    departureAirportId: from!.id,
    arrivalAirportId: to!.id,
    departureDate: departure,
    arrivalDate: new Date(departure.getTime() + 65 * 60_000),
    flightTime: 65,
    aircraftType: "PC12",
    ...demoOperatorColumns(0, "PC12"),
    pricePerMinute: 50,
    feedSeats: 6,
    refreshedAt: now,
  });
});
afterAll(() => testDb.dispose());

const context = () => createTestContext({ d1: testDb.d1, now, documents: testDocuments() });

let sequence = 0;
async function insertOrder({
  status = "completed",
  paymentState = "captured",
  refundedCents = 0,
  language = "fr",
}: {
  status?: "pending" | "processing" | "completed" | "cancelled";
  paymentState?: PaymentState;
  refundedCents?: number;
  language?: "fr" | "en" | "de" | "es";
} = {}) {
  sequence += 1;
  const id = `order-${sequence}`;
  await testDb.db.insert(orders).values({
    id,
    flightId: "flight-1",
    status,
    amountCents: 123_456,
    refundedCents,
    seats: 2,
    customerInfo: {
      firstName: "Léa",
      lastName: "Muller",
      email: `lea${sequence}@example.ch`,
      phone: "+41 79 123 45 67",
      address: "Rue du Rhône 1",
      zipCode: "1204",
      city: "Genève",
      country: "CH",
    },
    language,
    linkKeyHash: `hash-${sequence}`,
    reference: `JM-RCPT${String(sequence).padStart(2, "0")}`,
    paymentState,
    paymentIntentId: paymentState === "offline" ? null : `pi_${id}`,
    passengers: ["Léa Muller", "Max Keller"],
  });
  return id;
}

const rowsOf = (orderId: string) => testDb.db.select().from(receipts).where(eq(receipts.orderId, orderId));
const issuedNumber = async (outcome: ReturnType<typeof issueReceipt>) => {
  const result = await outcome;
  if (!result.ok) throw new Error(`not issued: ${result.reason}`);
  return result.receipt.number;
};

describe("issueReceipt", () => {
  it("writes one receipt for the captured amount in the order's language; a replay returns it", async () => {
    const orderId = await insertOrder({ language: "de" });
    const first = await issueReceipt(context(), orderId);
    expect(first).toMatchObject({ ok: true, receipt: { kind: "receipt", amountCents: 123_456, language: "de" } });
    expect(await issueReceipt(context(), orderId)).toEqual(first);
    expect(await rowsOf(orderId)).toHaveLength(1);
  });

  it("numbers receipts one after the other, without a gap after replays or refusals", async () => {
    const a = await insertOrder();
    const b = await insertOrder();
    const pending = await insertOrder({ status: "pending", paymentState: "none" });
    const authorised = await insertOrder({ status: "processing", paymentState: "authorised" });
    const first = await issuedNumber(issueReceipt(context(), a));
    // Replays, and orders whose money was not taken: nothing written, no number used.
    await issueReceipt(context(), a);
    await issueReceipt(context(), a);
    expect(await issueReceipt(context(), pending)).toEqual({ ok: false, reason: "notEligible" });
    expect(await issueReceipt(context(), authorised)).toEqual({ ok: false, reason: "notEligible" });
    expect(await issueReceipt(context(), "no-such-order")).toEqual({ ok: false, reason: "notEligible" });
    expect(await issuedNumber(issueReceipt(context(), b))).toBe(first + 1);
    expect(await rowsOf(pending)).toEqual([]);
  });

  it("under concurrency: one receipt per order, the numbers a run without holes", async () => {
    const ids = await Promise.all([1, 2, 3, 4, 5].map(() => insertOrder()));
    // Each order asked three times at once, all orders together.
    const outcomes = await Promise.all(ids.flatMap((id) => [1, 2, 3].map(() => issueReceipt(context(), id))));
    const numbers = new Map<string, Set<number>>();
    outcomes.forEach((outcome, index) => {
      if (!outcome.ok) throw new Error(outcome.reason);
      const id = ids[Math.floor(index / 3)]!;
      numbers.set(id, (numbers.get(id) ?? new Set()).add(outcome.receipt.number));
    });
    expect([...numbers.values()].map((set) => set.size)).toEqual([1, 1, 1, 1, 1]);
    const sorted = [...numbers.values()].map((set) => [...set][0]!).sort((x, y) => x - y);
    expect(sorted).toEqual(sorted.map((_, index) => sorted[0]! + index));
    for (const id of ids) expect(await rowsOf(id)).toHaveLength(1);
  });

  it("an order paid offline has a receipt that says so", async () => {
    const orderId = await insertOrder({ paymentState: "offline" });
    expect(await issueReceipt(context(), orderId)).toMatchObject({ ok: true });
    const pdf = await openReceiptPdf(context(), orderId, "receipt");
    if (!pdf.ok) throw new Error("no pdf");
    expect(pdf.filename).toBe(`JetMalin-reçu-JM-RCPT${String(sequence).padStart(2, "0")}.pdf`);
  });
});

describe("issueCreditNote", () => {
  it("writes one credit note for what went back, after the receipt, numbered from the same sequence", async () => {
    const orderId = await insertOrder();
    const receipt = await issuedNumber(issueReceipt(context(), orderId));
    expect(await issueCreditNote(context(), orderId)).toEqual({ ok: false, reason: "notEligible" });
    await testDb.db
      .update(orders)
      .set({ status: "cancelled", paymentState: "refunded", refundedCents: 86_419 })
      .where(eq(orders.id, orderId));
    const note = await issueCreditNote(context(), orderId);
    expect(note).toMatchObject({ ok: true, receipt: { kind: "creditNote", amountCents: 86_419 } });
    expect(note.ok && note.receipt.number).toBe(receipt + 1);
    expect(await issueCreditNote(context(), orderId)).toEqual(note);
    // The refund keeps the receipt: a replay of it returns the same one.
    expect(await issuedNumber(issueReceipt(context(), orderId))).toBe(receipt);
    expect(await orderReceiptKinds(context(), orderId)).toEqual(["receipt", "creditNote"]);

    const pdf = await openReceiptPdf(context(), orderId, "creditNote");
    if (!pdf.ok) throw new Error("no pdf");
    const loaded = await PDFDocument.load(pdf.body);
    expect(loaded.getTitle()).toMatch(/^Note de crédit \d{6} – commande JM-RCPT/);
    expect(loaded.getSubject()).toContain("864,19");
  });
});

describe("openReceiptPdf", () => {
  it("finds nothing for an order without that document", async () => {
    const orderId = await insertOrder({ status: "processing", paymentState: "authorised" });
    expect(await openReceiptPdf(context(), orderId, "receipt")).toEqual({ ok: false, reason: "notFound" });
    expect(await openReceiptPdf(context(), "no-such-order", "creditNote")).toEqual({ ok: false, reason: "notFound" });
  });
});

describe("staff's validation", () => {
  it("issues the receipt, and the confirmation mail links it with the mail's own key", async () => {
    const orderId = await insertOrder({ status: "pending", paymentState: "none", language: "en" });
    const transport = recordingTransport();
    const staffContext = createTestContext({ d1: testDb.d1, now, transport });
    expect(await validateOrder(staffContext, { orderId, by: "staff-1" })).toEqual({ ok: true, payment: "offline" });
    expect(await orderReceiptKinds(staffContext, orderId)).toEqual(["receipt"]);
    const mail = transport.sent.find((sent) => sent.to.startsWith("lea"));
    expect(mail?.text).toContain("Your receipt (PDF)");
    const key = mail?.text.match(
      new RegExp(`${LOCAL_VARS.APP_URL}/confirmation/${orderId}/receipt\\.pdf\\?key=([\\w-]+)`),
    );
    expect(key).not.toBeNull();
    expect(await isOrderLinkKey(staffContext.db, orderId, key![1]!)).toBe(true);
  });
});

describe("the refunds' seam (order-cancel.server.ts)", () => {
  it("a customer's cancellation refunded by the provider issues the credit note for what went back, once", async () => {
    const orderId = await insertOrder({ language: "de" });
    const receipt = await issuedNumber(issueReceipt(context(), orderId));
    const refunds: number[] = [];
    const paying = context();
    paying.payments = {
      ...paying.payments,
      refund: async (_intent, { amountCents }) => {
        refunds.push(amountCents);
        return { ok: true };
      },
    };
    const outcome = await cancelOrder(paying, { orderId, reason: "customer", actor: "customer", feeCents: 37_036 });
    expect(outcome).toEqual({ ok: true, money: "refunded", refundedCents: 86_420 });
    expect(refunds).toEqual([86_420]);
    const notes = (await rowsOf(orderId)).filter((row) => row.kind === "creditNote");
    expect(notes).toMatchObject([{ amountCents: 86_420, language: "de" }]);
    expect(notes[0]!.number).toBeGreaterThan(receipt);
    // A replay of the cancellation moves nothing and writes nothing.
    expect(await cancelOrder(paying, { orderId, reason: "customer", actor: "customer" })).toEqual({
      ok: false,
      reason: "alreadyCancelled",
    });
    expect(await rowsOf(orderId)).toHaveLength(2);
  });

  it("a refund the provider refused has no credit note until staff's retry goes through", async () => {
    const orderId = await insertOrder();
    await issueReceipt(context(), orderId);
    let accept = false;
    const provider = context();
    provider.payments = {
      ...provider.payments,
      refund: async () => (accept ? { ok: true } : { ok: false, message: "insufficient balance" }),
    };
    expect(await cancelOrder(provider, { orderId, reason: "flightCancelled", actor: "staff" })).toMatchObject({
      ok: true,
      money: "refundFailed",
    });
    expect(await orderReceiptKinds(provider, orderId)).toEqual(["receipt"]);
    accept = true;
    expect(await retryRefund(provider, { orderId, by: "staff-1" })).toEqual({ ok: true, refundedCents: 123_456 });
    expect((await rowsOf(orderId)).find((row) => row.kind === "creditNote")).toMatchObject({ amountCents: 123_456 });
  });
});
