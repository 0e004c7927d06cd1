/**
 * `sendOrderMail` on a real D1: each mail reads the order row as it is now, goes to the
 * customer in the order's language with a link key of its own, or to staff in French
 * with what the order's history says of the event.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { airports, flights, orderEvents, orderLinks, orders } from "#app/db/schema";
import type { CancelReason, PaymentState } from "#app/utils/constants";
import { createTestContext, LOCAL_VARS, recordingTransport } from "#tests/context";
import { createTestD1 } from "#tests/d1";

import { isOrderLinkKey } from "./order-life.queries.server";
import { sendOrderMail } from "./order-mails.server";

let testDb: Awaited<ReturnType<typeof createTestD1>>;
const now = new Date("2026-11-23T10:00:00Z");
const departure = new Date("2026-12-01T09:00:00Z"); // 10:00 in Zurich

beforeAll(async () => {
  testDb = await createTestD1();
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
    departureDate: departure,
    arrivalDate: new Date(departure.getTime() + 65 * 60_000),
    flightTime: 65,
    aircraftType: "PC12",
    pricePerMinute: 50,
    feedSeats: 6,
    refreshedAt: now,
  });
});
afterAll(() => testDb.dispose());

let sequence = 0;
/** An order row as the order's life leaves it. */
async function insertOrder({
  language = "fr",
  status = "pending",
  paymentState = "none",
  cancelReason = null,
  passengers = ["Léa Muller", "Max Keller"],
}: {
  language?: "fr" | "en" | "de" | "es";
  status?: "pending" | "processing" | "completed" | "cancelled";
  paymentState?: PaymentState;
  cancelReason?: CancelReason | null;
  passengers?: string[] | null;
} = {}) {
  sequence += 1;
  const id = `order-${sequence}`;
  const reference = `JM-TEST${String(sequence).padStart(2, "0")}`;
  await testDb.db.insert(orders).values({
    id,
    flightId: "flight-1",
    status,
    amountCents: 123_456,
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
    reference,
    holdExpiresAt: status === "pending" ? new Date("2026-11-23T10:30:00Z") : null,
    paymentState,
    cancelReason,
    passengers,
  });
  return { id, reference, email: `lea${sequence}@example.ch` };
}

async function recordEvent(orderId: string, move: string, detail: string | null, createdAt: Date) {
  await testDb.db
    .insert(orderEvents)
    .values({ orderId, move, toStatus: "cancelled", paymentState: "released", actor: "provider", detail, createdAt });
}

let transport: ReturnType<typeof recordingTransport>;
let context: ReturnType<typeof createTestContext>;
beforeEach(() => {
  transport = recordingTransport();
  context = createTestContext({ d1: testDb.d1, now, transport });
});

const sent = () => {
  expect(transport.sent).toHaveLength(1);
  return transport.sent[0]!;
};

/** The link keys of a mail's links to `path` (the order page, the calendar file). */
function keysOf(text: string, path: string) {
  return [...text.matchAll(new RegExp(`${LOCAL_VARS.APP_URL}${path.replace(/\./g, "\\.")}\\?key=([\\w-]+)`, "g"))].map(
    (match) => match[1]!,
  );
}

describe("the customer's mails", () => {
  it("placed: to the buyer, in the order's language, with a fresh key that opens the order and 'Payer maintenant'", async () => {
    const order = await insertOrder({ language: "de" });
    await sendOrderMail(context, order.id, "placed");
    const mail = sent();
    expect(mail.to).toBe(order.email);
    expect(mail.subject).toBe(`Ihre Buchung ${order.reference}: Genf → Nizza`);
    expect(mail.text).toContain("Jetzt bezahlen");
    // The hold ends at 10:30 UTC, 11:30 in Zurich.
    expect(mail.text).toContain("bis zum 23. November 2026 um 11:30 Uhr");
    expect(mail.text).toContain("Léa Muller, Max Keller");
    expect(mail.text).toContain("1.234,56\u00a0€");
    const keys = keysOf(mail.text, `/confirmation/${order.id}`);
    expect(keys.length).toBeGreaterThan(0);
    expect(new Set(keys).size).toBe(1);
    expect(await isOrderLinkKey(context.db, order.id, keys[0]!)).toBe(true);
    // Without a payment page, 'Payer maintenant' opens the order page (which opens one).
    expect(mail.html).toMatch(
      new RegExp(
        `href="${LOCAL_VARS.APP_URL}/confirmation/${order.id}\\?key=${keys[0]}"[^>]*>[\\s\\S]*?Jetzt bezahlen`,
      ),
    );

    transport.sent.length = 0;
    await sendOrderMail(context, order.id, "placed", { payUrl: "https://checkout.stripe.test/c/pay/cs_1" });
    const again = sent();
    expect(again.html).toMatch(/href="https:\/\/checkout\.stripe\.test\/c\/pay\/cs_1"[^>]*>[\s\S]*?Jetzt bezahlen/);
    // Each mail has a key of its own.
    const [otherKey] = keysOf(again.text, `/confirmation/${order.id}`);
    expect(otherKey).toBeDefined();
    expect(otherKey).not.toBe(keys[0]);
    expect(await isOrderLinkKey(context.db, order.id, otherKey!)).toBe(true);
  });

  it("authorised: the payment is being processed and staff confirm the flight", async () => {
    const order = await insertOrder({ status: "processing", paymentState: "authorised" });
    await sendOrderMail(context, order.id, "authorised");
    const mail = sent();
    expect(mail.to).toBe(order.email);
    expect(mail.subject).toContain(order.reference);
    expect(mail.text).toContain("Votre paiement est en cours de traitement.");
    expect(mail.text).toContain("Notre équipe confirme maintenant le vol");
  });

  it("completed: the calendar file's link carries the same key as the order page's", async () => {
    const order = await insertOrder({ status: "completed", paymentState: "captured" });
    await sendOrderMail(context, order.id, "completed");
    const mail = sent();
    expect(mail.text).toContain("Votre paiement a été confirmé.");
    expect(mail.text).toContain("Genève (LSGG)");
    expect(mail.text).toContain("Nice (LFMN)");
    expect(mail.text).toContain("à 09:30");
    const [pageKey] = keysOf(mail.text, `/confirmation/${order.id}`);
    const [calendarKey] = keysOf(mail.text, `/confirmation/${order.id}/calendar.ics`);
    expect(calendarKey).toBeDefined();
    expect(calendarKey).toBe(pageKey);
    expect(await isOrderLinkKey(context.db, order.id, calendarKey!)).toBe(true);
  });

  it.each([
    ["refused", "none", "refusée", true],
    ["refused", "released", "refusée", true],
    ["expired", "none", "le délai de paiement a expiré", true],
    ["paymentFailed", "failed", "le paiement a échoué", true],
    ["departed", "none", "le vol est parti", true],
    // Not a state a cancelled order reaches today: the mail must not claim nothing was taken.
    ["refused", "captured", "refusée", false],
  ] as const)(
    "cancelled (%s, payment %s): the reason, and 'aucun montant' only when true",
    async (reason, paymentState, words, nothingCharged) => {
      const order = await insertOrder({ status: "cancelled", paymentState, cancelReason: reason });
      await sendOrderMail(context, order.id, "cancelled");
      const mail = sent();
      expect(mail.subject).toContain(order.reference);
      expect(mail.text).toContain(words);
      expect(mail.text.includes("aucun montant n'a été prélevé")).toBe(nothingCharged);
    },
  );

  it("writes an order in Spanish in English and leaves out an empty passengers' list", async () => {
    const order = await insertOrder({
      language: "es",
      status: "processing",
      paymentState: "authorised",
      passengers: [],
    });
    await sendOrderMail(context, order.id, "authorised");
    const mail = sent();
    expect(mail.text).toContain("Your payment is being processed.");
    expect(mail.text).not.toContain("Passengers");
  });
});

describe("the staff's mails", () => {
  const linksOf = async (orderId: string) =>
    (await testDb.db.select().from(orderLinks).where(eq(orderLinks.orderId, orderId))).length;

  it("go to STAFF_EMAIL in French with the back-office link, and create no link to the order", async () => {
    const order = await insertOrder({ language: "de", status: "processing", paymentState: "authorised" });
    await sendOrderMail(context, order.id, "staffAuthorised");
    const mail = sent();
    expect(mail.to).toBe(LOCAL_VARS.STAFF_EMAIL);
    expect(mail.subject).toBe(`Paiement autorisé - ${order.reference} - Genève → Nice - à valider`);
    expect(mail.html).toContain(`href="${LOCAL_VARS.APP_URL}/admin/orders?q=${order.reference}"`);
    expect(mail.text).toContain(order.email);
    expect(mail.text).not.toContain("/confirmation/");
    expect(await linksOf(order.id)).toBe(0);
  });

  it("staffPlaced: the new order and its hold", async () => {
    const order = await insertOrder();
    await sendOrderMail(context, order.id, "staffPlaced");
    const mail = sent();
    expect(mail.to).toBe(LOCAL_VARS.STAFF_EMAIL);
    expect(mail.subject).toBe(`Nouvelle commande ${order.reference} - Léa Muller - Genève → Nice`);
    expect(mail.text).toContain("jusqu'au 23 novembre 2026 à 11:30");
  });

  it("staffCaptureFailed: the provider's message from the order's history, or the one given", async () => {
    const order = await insertOrder({ status: "processing", paymentState: "authorised" });
    await recordEvent(order.id, "captureFailed", "An old failure", new Date(now.getTime() - 3_600_000));
    await recordEvent(order.id, "captureFailed", "This PaymentIntent could not be captured.", now);
    await sendOrderMail(context, order.id, "staffCaptureFailed");
    expect(sent().text).toContain("This PaymentIntent could not be captured.");
    expect(sent().text).not.toContain("An old failure");

    transport.sent.length = 0;
    await sendOrderMail(context, order.id, "staffCaptureFailed", { detail: "card_declined" });
    expect(sent().text).toContain("card_declined");
  });

  it("staffAmountMismatch: the event's amount, and a release that failed beside it", async () => {
    const order = await insertOrder();
    await recordEvent(order.id, "amountMismatch", "evt_9: 99900 usd", now);
    await recordEvent(order.id, "releaseFailed", "No such payment_intent: 'pi_9'", new Date(now.getTime() + 1_000));
    await sendOrderMail(context, order.id, "staffAmountMismatch");
    const mail = sent();
    expect(mail.subject).toBe(`Paiement refusé (montant différent) - ${order.reference}`);
    expect(mail.text).toContain("evt_9: 99900 usd");
    expect(mail.text).toContain("L'annulation de l'autorisation a échoué (No such payment_intent: 'pi_9')");
    expect(mail.text).not.toContain("Son autorisation a été annulée");
  });

  it("staffLatePayment: the cancelled order's reason; a release failure of another day is not this one", async () => {
    const order = await insertOrder({ status: "cancelled", paymentState: "released", cancelReason: "expired" });
    await recordEvent(order.id, "releaseFailed", "an old failure", new Date(now.getTime() - 86_400_000));
    await recordEvent(order.id, "lateAuthorisationReleased", "evt_late", now);
    await sendOrderMail(context, order.id, "staffLatePayment");
    const mail = sent();
    expect(mail.subject).toBe(`Paiement reçu pour une commande annulée - ${order.reference}`);
    expect(mail.text).toContain("déjà annulée (motif : délai de paiement expiré)");
    expect(mail.text).toContain("L'autorisation a été annulée : rien n'a été encaissé.");
    expect(mail.text).not.toContain("an old failure");
  });
});

it("sends nothing for an order that does not exist", async () => {
  expect(await sendOrderMail(context, "no-such-order", "placed")).toBeNull();
  expect(await sendOrderMail(context, "no-such-order", "staffAuthorised")).toBeNull();
  expect(transport.sent).toEqual([]);
});
