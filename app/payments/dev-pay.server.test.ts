/**
 * The simulator's hosted page (/dev/pay) end to end on a real D1: each button's event
 * goes through `applyPaymentWebhook`, the webhook's own path, and the order moves as it
 * would on Stripe's event; a page is used once; a refused event leaves it open.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { Db } from "#app/db/client.server";
import { requireLocalDatabase } from "#app/db/dev-sql.server";
import { airports, devPaymentSessions, flights, orders } from "#app/db/schema";
import { requireLocalMailbox } from "#app/mail/dev-mail.server";
import { submitDevPayment } from "#app/orders/dev-pay-submit.server";
import { requireLocalDoor } from "#app/utils/local-door.server";
import { createTestContext, LOCAL_VARS, PRODUCTION_VARS } from "#tests/context";
import { createTestD1 } from "#tests/d1";

import { requireLocalPayments } from "./dev-pay.server";
import { createSimulatorProvider } from "./simulator.server";
import { createStripeProvider } from "./stripe.server";

let d1: D1Database;
let db: Db;
let dispose: () => Promise<void>;
const NOW = new Date("2026-11-23T10:00:00Z");
const HOLD_END = new Date(NOW.getTime() + 30 * 60_000);
const FLIGHT = "devpay-flight";

beforeAll(async () => {
  ({ d1, db, dispose } = await createTestD1());
  const [from, to] = await db
    .insert(airports)
    .values([
      { icaoCode: "LSGG", servedCity: "Genève" },
      { icaoCode: "LFMN", servedCity: "Nice" },
    ])
    .returning();
  await db.insert(flights).values({
    id: FLIGHT,
    departureAirportId: from!.id,
    arrivalAirportId: to!.id,
    departureDate: new Date("2026-12-01T09:00:00Z"),
    arrivalDate: new Date("2026-12-01T10:00:00Z"),
    flightTime: 60,
    aircraftType: "PC12",
    pricePerMinute: 50,
    feedSeats: 8,
    seatsHeld: 0,
    refreshedAt: NOW,
  });
});
afterAll(() => dispose());

const context = (overrides: Partial<Parameters<typeof createTestContext>[0]> = {}) =>
  createTestContext({ d1, now: NOW, ...overrides });

let orderNumber = 0;
/** A pending order of 2 seats (1,500 EUR) holding its seats, with its simulator page open. */
async function pendingOrderWithPage() {
  const orderId = `devpay-order-${++orderNumber}`;
  await db
    .update(flights)
    .set({ seatsHeld: orderNumber * 2 })
    .where(eq(flights.id, FLIGHT));
  await db.insert(orders).values({
    id: orderId,
    flightId: FLIGHT,
    status: "pending",
    amountCents: 150_000,
    seats: 2,
    customerInfo: {
      firstName: "Léa",
      lastName: "Muller",
      email: `lea${orderNumber}@example.ch`,
      phone: "+41 79 123 45 67",
      address: "Rue du Rhône 1",
      zipCode: "1204",
      city: "Genève",
      country: "CH",
    },
    language: "fr",
    linkKeyHash: "a".repeat(63) + String(orderNumber % 10),
    reference: `JM-DEV${String(orderNumber).padStart(3, "0")}`,
    holdExpiresAt: HOLD_END,
    passengers: ["Léa Muller", "Jonas Keller"],
    createdAt: NOW,
    updatedAt: NOW,
  });
  const { sessionId } = await context().payments.createCheckout({
    orderId,
    reference: `JM-DEV${orderNumber}`,
    amountCents: 150_000,
    currency: "eur",
    customerEmail: `lea${orderNumber}@example.ch`,
    description: "JetMalin",
    locale: "fr",
    successUrl: `http://localhost:8787/confirmation/${orderId}?key=paid`,
    cancelUrl: `http://localhost:8787/confirmation/${orderId}?key=back`,
    expiresAt: HOLD_END,
    idempotencyKey: crypto.randomUUID(),
  });
  await db.update(orders).set({ paymentSessionId: sessionId }).where(eq(orders.id, orderId));
  return { orderId, sessionId };
}

const orderOf = async (orderId: string) =>
  (await db
    .select({
      status: orders.status,
      paymentState: orders.paymentState,
      cancelReason: orders.cancelReason,
      intent: orders.paymentIntentId,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .get())!;
const pageOf = async (sessionId: string) =>
  (await db.select().from(devPaymentSessions).where(eq(devPaymentSessions.id, sessionId)).get())!;

describe("submitDevPayment", () => {
  it("'Payer' authorises the order through the webhook's path and sends the buyer to the success page", async () => {
    const { orderId, sessionId } = await pendingOrderWithPage();
    const outcome = await submitDevPayment(context(), { sessionId, action: "pay" });
    expect(outcome).toEqual({ ok: true, redirectTo: `http://localhost:8787/confirmation/${orderId}?key=paid` });
    const page = await pageOf(sessionId);
    expect(page.status).toBe("authorised");
    expect(await orderOf(orderId)).toMatchObject({
      status: "processing",
      paymentState: "authorised",
      intent: page.paymentIntentId,
    });

    // The same page twice: nothing more is sent.
    expect(await submitDevPayment(context(), { sessionId, action: "pay" })).toEqual({ ok: false, reason: "closed" });
    expect(await submitDevPayment(context(), { sessionId, action: "abandon" })).toEqual({
      ok: false,
      reason: "closed",
    });
    expect(await orderOf(orderId)).toMatchObject({ status: "processing" });

    // Staff's capture then finds the authorisation.
    expect(await context().payments.capture(page.paymentIntentId, { idempotencyKey: `capture:${orderId}` })).toEqual({
      ok: true,
    });
    expect((await pageOf(sessionId)).status).toBe("captured");
  });

  it("'Carte refusée' cancels the order as a failed payment and sends the buyer back", async () => {
    const { orderId, sessionId } = await pendingOrderWithPage();
    expect(await submitDevPayment(context(), { sessionId, action: "decline" })).toEqual({
      ok: true,
      redirectTo: `http://localhost:8787/confirmation/${orderId}?key=back`,
    });
    expect((await pageOf(sessionId)).status).toBe("failed");
    expect(await orderOf(orderId)).toMatchObject({
      status: "cancelled",
      paymentState: "failed",
      cancelReason: "paymentFailed",
    });
  });

  it("'Abandonner' expires the page and the order", async () => {
    const { orderId, sessionId } = await pendingOrderWithPage();
    expect(await submitDevPayment(context(), { sessionId, action: "abandon" })).toEqual({
      ok: true,
      redirectTo: `http://localhost:8787/confirmation/${orderId}?key=back`,
    });
    expect((await pageOf(sessionId)).status).toBe("expired");
    expect(await orderOf(orderId)).toMatchObject({ status: "cancelled", cancelReason: "expired" });
  });

  it("refuses a page past its end without sending anything", async () => {
    const { orderId, sessionId } = await pendingOrderWithPage();
    const late = context({ now: HOLD_END });
    expect(await submitDevPayment(late, { sessionId, action: "pay" })).toEqual({ ok: false, reason: "closed" });
    expect((await pageOf(sessionId)).status).toBe("open");
    expect(await orderOf(orderId)).toMatchObject({ status: "pending", paymentState: "none" });
  });

  it("answers notFound for a page that does not exist", async () => {
    expect(await submitDevPayment(context(), { sessionId: "cs_sim_missing", action: "pay" })).toEqual({
      ok: false,
      reason: "notFound",
    });
  });

  it("leaves the page open when the webhook's path refuses the event", async () => {
    // A page whose order does not exist: the signature passes, the order is unknown.
    const { sessionId: orphan } = await context().payments.createCheckout({
      orderId: "no-such-order",
      reference: "JM-NONE",
      amountCents: 100,
      currency: "eur",
      customerEmail: "x@example.ch",
      description: "JetMalin",
      locale: "en",
      successUrl: "http://localhost:8787/ok",
      cancelUrl: "http://localhost:8787/back",
      expiresAt: HOLD_END,
      idempotencyKey: crypto.randomUUID(),
    });
    expect(await submitDevPayment(context(), { sessionId: orphan, action: "pay" })).toEqual({
      ok: false,
      reason: "unknownOrder",
    });
    expect((await pageOf(orphan)).status).toBe("open");

    // The page signs with the app's secret; a provider checking another refuses it.
    const { orderId, sessionId } = await pendingOrderWithPage();
    const base = context();
    const mismatched = context({
      payments: createSimulatorProvider({
        db: base.db,
        appUrl: LOCAL_VARS.APP_URL,
        webhookSecret: "whsec_another_secret",
        now: () => NOW,
        deliver: () => Promise.reject(new Error("no refund in this test")),
      }),
    });
    expect(await submitDevPayment(mismatched, { sessionId, action: "pay" })).toEqual({
      ok: false,
      reason: "invalidSignature",
    });
    expect((await pageOf(sessionId)).status).toBe("open");
    expect(await orderOf(orderId)).toMatchObject({ status: "pending" });
  });
});

describe("requireLocalPayments", () => {
  const refusal = (run: () => void) => {
    try {
      run();
    } catch (error) {
      return error instanceof Response ? error.status : error;
    }
    return null;
  };

  const local = new Request("http://localhost:8787/dev/pay/cs_sim_1");

  it("opens the page locally with the simulator only", () => {
    expect(refusal(() => requireLocalPayments(context(), local))).toBeNull();
    expect(refusal(() => requireLocalPayments(context({ vars: PRODUCTION_VARS }), local))).toBe(404);
    const withStripe = context({
      payments: createStripeProvider({ secretKey: "sk_test_x", webhookSecret: "whsec_x" }),
    });
    expect(refusal(() => requireLocalPayments(withStripe, local))).toBe(404);
  });

  it("opens no local door on a host that is not a loopback one, even with APP_ENV=local", () => {
    for (const url of ["http://127.0.0.1:8787/x", "http://[::1]:8787/x", "http://localhost/x"])
      expect(refusal(() => requireLocalDoor(context(), new Request(url)))).toBeNull();
    for (const host of [
      "jetmalin.ch",
      "jetmalin.workers.dev",
      "localhost.jetmalin.ch",
      "10.0.0.2",
      "127.0.0.1.nip.io",
    ]) {
      const request = new Request(`https://${host}/dev/sql`);
      expect(refusal(() => requireLocalDoor(context(), request))).toBe(404);
      expect(refusal(() => requireLocalDatabase(context(), request))).toBe(404);
      expect(refusal(() => requireLocalMailbox(context(), request))).toBe(404);
      expect(refusal(() => requireLocalPayments(context(), request))).toBe(404);
    }
  });
});
