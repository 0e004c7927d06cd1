/**
 * The language of what an order sends, on a real D1: the account's language as it is now when the order has an
 * account (the customer may have switched the site since the booking), else the order's; es gives English. Mails,
 * credit notes and the calendar file follow it, and the mails that tell of a refund link the credit note.
 */
import { PDFDocument } from "@cantoo/pdf-lib";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { demoOperatorColumns } from "#app/db/demo-data";
import { airports, flights, orders, receipts, users } from "#app/db/schema";
import type { ProfileLanguage } from "#app/utils/constants";
import { createTestContext, LOCAL_VARS, recordingTransport } from "#tests/context";
import { createTestD1 } from "#tests/d1";
import { testDocuments } from "#tests/documents";

import { orderCalendar } from "./order-calendar.server";
import { cancelOrder } from "./order-cancel.server";
import { orderAudienceLanguage } from "./order-language";
import { isOrderLinkKey } from "./order-life.queries.server";
import { sendOrderMessages } from "./order-messages.server";
import { openReceiptPdf } from "./receipt-files.server";
import { issueReceipt } from "./receipts.server";

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
  const departure = new Date("2026-12-20T09:00:00Z");
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

/** A context whose provider refunds whatever is asked, and whose mails are recorded. */
function paying() {
  const transport = recordingTransport();
  const context = createTestContext({ d1: testDb.d1, now, transport, documents: testDocuments() });
  context.payments = { ...context.payments, refund: async () => ({ ok: true }) };
  return { context, transport };
}

let sequence = 0;
/** A completed order booked in French, of an account whose language is `account` now (none: a guest's). */
async function completedOrder({
  account,
  language = "fr",
}: {
  account: ProfileLanguage | null;
  language?: ProfileLanguage;
}) {
  sequence += 1;
  const id = `order-${sequence}`;
  const email = `lea${sequence}@example.ch`;
  if (account)
    await testDb.db.insert(users).values({
      id: `user-${sequence}`,
      email,
      passwordHash: "x",
      firstName: "Léa",
      lastName: "Muller",
      language: account,
    });
  await testDb.db.insert(orders).values({
    id,
    userId: account ? `user-${sequence}` : null,
    flightId: "flight-1",
    status: "completed",
    amountCents: 123_456,
    seats: 2,
    customerInfo: {
      firstName: "Léa",
      lastName: "Muller",
      email,
      phone: "+41 79 123 45 67",
      address: "Rue du Rhône 1",
      zipCode: "1204",
      city: "Genève",
      country: "CH",
    },
    language,
    linkKeyHash: `hash-${sequence}`,
    reference: `JM-LANG${String(sequence).padStart(2, "0")}`,
    paymentState: "captured",
    paymentIntentId: `pi_${id}`,
    passengers: ["Léa Muller", "Max Keller"],
  });
  return { id, email, reference: `JM-LANG${String(sequence).padStart(2, "0")}` };
}

/** The customer cancels (the terms keep 370.36 EUR); the messages go: her mail. */
async function cancelledByCustomer(order: { id: string; email: string }) {
  const { context, transport } = paying();
  expect(
    await cancelOrder(context, { orderId: order.id, reason: "customer", actor: "customer", feeCents: 37_036 }),
  ).toMatchObject({ ok: true, money: "refunded" });
  await sendOrderMessages(context, order.id);
  return { context, mail: transport.sent.find((sent) => sent.to === order.email)! };
}

const creditNoteKey = (text: string, orderId: string) =>
  new RegExp(`${LOCAL_VARS.APP_URL}/confirmation/${orderId}/credit-note\\.pdf\\?key=([\\w-]+)`).exec(text)?.[1];

const EXPECTED = {
  fr: { subject: "Annulation de votre réservation", creditNote: "Note de crédit", link: "Votre note de crédit (PDF)" },
  en: { subject: "Cancellation of your booking", creditNote: "Credit note", link: "Your credit note (PDF)" },
  de: { subject: "Stornierung Ihrer Buchung", creditNote: "Gutschrift", link: "Ihre Gutschrift (PDF)" },
} as const;

describe("orderAudienceLanguage", () => {
  it("takes the account's language over the order's, the order's for a guest, and English for es", () => {
    expect(orderAudienceLanguage({ order: { language: "fr" }, accountLanguage: "en" })).toBe("en");
    expect(orderAudienceLanguage({ order: { language: "de" }, accountLanguage: null })).toBe("de");
    expect(orderAudienceLanguage({ order: { language: "fr" }, accountLanguage: "es" })).toBe("en");
    expect(orderAudienceLanguage({ order: { language: "es" }, accountLanguage: null })).toBe("en");
  });
});

describe.each(["fr", "en", "de"] as const)("an order booked in French, its account now in %s", (language) => {
  const expected = EXPECTED[language];

  it("the cancellation mail and the credit note are in the account's language, the mail linking the note", async () => {
    const order = await completedOrder({ account: language });
    const { context, mail } = await cancelledByCustomer(order);
    expect(mail.subject).toMatch(new RegExp(`^${expected.subject} ${order.reference}`));
    expect(mail.text).toContain(expected.link);
    const key = creditNoteKey(mail.text, order.id);
    expect(key).toBeDefined();
    expect(await isOrderLinkKey(context.db, order.id, key!)).toBe(true);

    const [note] = await testDb.db.select().from(receipts).where(eq(receipts.orderId, order.id));
    expect(note).toMatchObject({ kind: "creditNote", language, amountCents: 123_456 - 37_036 });
    const pdf = await openReceiptPdf(context, order.id, "creditNote");
    if (!pdf.ok) throw new Error("no credit note");
    expect((await PDFDocument.load(pdf.body)).getTitle()).toMatch(new RegExp(`^${expected.creditNote} \\d{6} `));
  });

  it("the calendar file is in the account's language", async () => {
    const order = await completedOrder({ account: language });
    const calendar = await orderCalendar(createTestContext({ d1: testDb.d1, now }), order.id);
    if (!calendar.ok) throw new Error(calendar.reason);
    const summary = {
      fr: "SUMMARY:Vol Genève → Nice",
      en: "SUMMARY:Flight Geneva → Nice",
      de: "SUMMARY:Flug Genf → Nizza",
    };
    expect(calendar.body).toContain(summary[language]);
  });
});

describe("the rule's other sides", () => {
  it("a guest's order speaks the order's language; an account in Spanish gets English", async () => {
    const guest = await completedOrder({ account: null, language: "de" });
    expect((await cancelledByCustomer(guest)).mail.subject).toMatch(/^Stornierung Ihrer Buchung/);
    const spanish = await completedOrder({ account: "es" });
    expect((await cancelledByCustomer(spanish)).mail.subject).toMatch(/^Cancellation of your booking/);
  });

  it("a document keeps the language it was issued in: the receipt in French, the later credit note in English", async () => {
    const order = await completedOrder({ account: "fr" });
    expect(await issueReceipt(paying().context, order.id)).toMatchObject({ ok: true, receipt: { language: "fr" } });
    await testDb.db.update(users).set({ language: "en" }).where(eq(users.email, order.email));
    await cancelledByCustomer(order);
    const rows = await testDb.db.select().from(receipts).where(eq(receipts.orderId, order.id)).orderBy(receipts.number);
    expect(rows.map((row) => [row.kind, row.language])).toEqual([
      ["receipt", "fr"],
      ["creditNote", "en"],
    ]);
  });

  it("the flight cancelled by staff: the mail in the account's language links the credit note", async () => {
    const order = await completedOrder({ account: "en" });
    const { context, transport } = paying();
    const ways = { similar: [], customFlightUrl: `${LOCAL_VARS.APP_URL}/custom-flight` };
    expect(
      await cancelOrder(context, {
        orderId: order.id,
        reason: "flightCancelled",
        actor: "staff",
        messageOptions: ways,
      }),
    ).toMatchObject({ ok: true, money: "refunded" });
    await sendOrderMessages(context, order.id);
    const mail = transport.sent.find((sent) => sent.to === order.email)!;
    expect(mail.subject).toMatch(new RegExp(`^Flight cancelled: your booking ${order.reference}`));
    expect(mail.text).toContain("Your credit note (PDF)");
    expect(creditNoteKey(mail.text, order.id)).toBeDefined();
  });

  it("nothing went back: no credit note, and the mail links none", async () => {
    const order = await completedOrder({ account: "en" });
    const { context, transport } = paying();
    expect(
      await cancelOrder(context, {
        orderId: order.id,
        reason: "customer",
        actor: "customer",
        feeCents: 123_456,
      }),
    ).toMatchObject({ ok: true, money: "nothing" });
    await sendOrderMessages(context, order.id);
    const mail = transport.sent.find((sent) => sent.to === order.email)!;
    expect(mail.subject).toMatch(/^Cancellation of your booking/);
    expect(mail.text).not.toContain("credit note");
    expect(await testDb.db.select().from(receipts).where(eq(receipts.orderId, order.id))).toEqual([]);
  });
});
