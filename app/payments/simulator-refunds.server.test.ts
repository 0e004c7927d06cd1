/**
 * The payment simulator's refunds on a real D1 (issue 27): each idempotency key once,
 * never more than was captured, in Stripe's words, and each one told to the app as the
 * signed `charge.refunded` Stripe sends; its authorisations carry the capture deadline.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { Db } from "#app/db/client.server";
import { devPaymentSessions } from "#app/db/schema";
import { createTestD1 } from "#tests/d1";

import { createSimulatorProvider } from "./simulator.server";
import { type SignedEvent, simulatorChargeEvent } from "./simulator-charges.server";

const SECRET = "whsec_local_simulator_not_a_secret";
const NOW = new Date("2026-11-23T10:00:00Z");
let db: Db;
let dispose: () => Promise<void>;

beforeAll(async () => {
  ({ db, dispose } = await createTestD1());
});
afterAll(() => dispose());

/** The events the simulator delivered (its refunds' charge.refunded). */
const delivered: SignedEvent[] = [];
const simulator = () =>
  createSimulatorProvider({
    db,
    appUrl: "http://localhost:8787",
    webhookSecret: SECRET,
    now: () => NOW,
    deliver: async (event) => void delivered.push(event),
  });

const rowOf = async (id: string) =>
  (await db.select().from(devPaymentSessions).where(eq(devPaymentSessions.id, id)).get())!;

let orderNumber = 0;
/** A page whose card was authorised for 2,250 EUR. */
async function authorisedPage() {
  const { sessionId } = await simulator().createCheckout({
    orderId: `order-${++orderNumber}`,
    reference: `JM-REF${orderNumber}`,
    amountCents: 225_000,
    currency: "eur",
    customerEmail: "lea@example.ch",
    description: "JetMalin",
    locale: "fr",
    successUrl: "http://localhost:8787/ok",
    cancelUrl: "http://localhost:8787/back",
    expiresAt: new Date(NOW.getTime() + 30 * 60_000),
    idempotencyKey: crypto.randomUUID(),
  });
  await db.update(devPaymentSessions).set({ status: "authorised" }).where(eq(devPaymentSessions.id, sessionId));
  return rowOf(sessionId);
}

describe("refunds", () => {
  it("refunds a captured payment in parts, each key once, never more than was taken, and tells the app each time", async () => {
    const row = await authorisedPage();
    await simulator().capture(row.paymentIntentId, { idempotencyKey: "capture:r" });
    delivered.length = 0;
    const refund = (amountCents: number, idempotencyKey: string) =>
      simulator().refund(row.paymentIntentId, { amountCents, idempotencyKey });

    expect(await refund(100_000, "refund:a")).toEqual({ ok: true });
    expect(await refund(100_000, "refund:a")).toEqual({ ok: true }); // the same key: nothing moves
    expect(await rowOf(row.id)).toMatchObject({ status: "captured", refundedCents: 100_000 });
    expect(await refund(200_000, "refund:b")).toEqual({
      ok: false,
      message: "Refund amount (€2,000.00) is greater than unrefunded amount on charge (€1,250.00)",
    });
    expect(await refund(125_000, "refund:c")).toEqual({ ok: true });
    expect(await rowOf(row.id)).toMatchObject({ status: "refunded", refundedCents: 225_000 });

    // Two refunds, two signed charge.refunded events with the total so far, read by the same verification.
    expect(delivered.map((event) => event.type)).toEqual(["charge.refunded", "charge.refunded"]);
    const events = await Promise.all(
      delivered.map((event) => simulator().parseWebhook(event.rawBody, event.signature)),
    );
    expect(events).toMatchObject([
      { kind: "refunded", paymentIntentId: row.paymentIntentId, orderId: row.orderId, amountCents: 100_000 },
      { kind: "refunded", paymentIntentId: row.paymentIntentId, orderId: row.orderId, amountCents: 225_000 },
    ]);
  });

  it("refuses to refund what was not captured, or not known", async () => {
    const row = await authorisedPage();
    expect(await simulator().refund(row.paymentIntentId, { amountCents: 1_000, idempotencyKey: "refund:x" })).toEqual({
      ok: false,
      message: expect.stringContaining("does not have a successful charge to refund"),
    });
    expect(await simulator().refund("pi_sim_unknown", { amountCents: 1_000, idempotencyKey: "refund:y" })).toEqual({
      ok: false,
      message: expect.stringContaining("pi_sim_unknown"),
    });
    expect((await rowOf(row.id)).refundedCents).toBe(0);
  });

  it("authorises with the charge Stripe sends, whose card carries the capture deadline", async () => {
    const row = await authorisedPage();
    const deadline = new Date(NOW.getTime() + 7 * 86_400_000);
    const signed = await simulatorChargeEvent(row, "authorised", NOW, SECRET, { captureBefore: deadline });
    expect(JSON.parse(signed.rawBody)).toMatchObject({
      type: "charge.succeeded",
      data: { object: { object: "charge", captured: false, payment_intent: row.paymentIntentId } },
    });
    expect(await simulator().parseWebhook(signed.rawBody, signed.signature)).toEqual({
      id: signed.id,
      kind: "authorised",
      orderId: row.orderId,
      sessionId: null,
      paymentIntentId: row.paymentIntentId,
      amountCents: 225_000,
      currency: "eur",
      captureBefore: deadline,
    });
  });
});
