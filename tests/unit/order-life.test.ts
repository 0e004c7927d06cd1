/**
 * The order's life on a real D1 (docs/payments.md): every move applied once, webhooks
 * verified before anything is read, replays and late events changing nothing, and a race
 * of a webhook, a staff refusal and the expiry cron ending in one outcome with seats
 * counted once. Provider events are Stripe-format JSON signed with the `stripe` package's
 * own helper, as the simulator and Stripe sign them.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import type { Db } from "#app/db/client.server";
import { demoOperatorColumns } from "#app/db/demo-data";
import { airports, flights, mailOutbox, orderEvents, orders, paymentEvents } from "#app/db/schema";
import { expireUnpaidHolds, refuseOrder, validateOrder } from "#app/orders/order-life.server";
import { applyPaymentWebhook } from "#app/orders/order-payment.server";
import { placeOrder } from "#app/orders/orders.queries.server";
import type { PaymentProvider } from "#app/payments/provider.server";
import { signPayload } from "#app/payments/stripe-events.server";
import { createTestContext, LOCAL_VARS } from "#tests/context";
import { createTestD1 } from "#tests/d1";

let d1: D1Database;
let db: Db;
let dispose: () => Promise<void>;
let clock = new Date("2026-11-23T10:00:00Z");
const STAFF = "staff-1";
const WEBHOOK_SECRET = "whsec_local_simulator_not_a_secret";

beforeAll(async () => {
  ({ d1, db, dispose } = await createTestD1());
  await db.insert(airports).values([
    { icaoCode: "LSGG", servedCity: "Genève" },
    { icaoCode: "LFMN", servedCity: "Nice" },
  ]);
  await d1
    .prepare(
      "insert into users (id, email, password_hash, first_name, last_name, role) values (?, 'staff@example.ch', 'x', 'Sam', 'Staff', 'admin')",
    )
    .bind(STAFF)
    .run();
});
afterAll(() => dispose());
beforeEach(() => {
  clock = new Date("2026-11-23T10:00:00Z");
});

function contextWith(payments?: (base: PaymentProvider) => PaymentProvider): AppLoadContext {
  const context = createTestContext({ d1, now: () => clock });
  if (payments) context.payments = payments(context.payments);
  return context;
}

let flightNumber = 0;
/** A 4-seat PC-12 flight of 60 minutes at 50 EUR a minute: 3,000 EUR, 750 EUR a seat. */
async function flight() {
  const id = `life-flight-${++flightNumber}`;
  const [from, to] = await db.select({ id: airports.id }).from(airports);
  await db.insert(flights).values({
    id,
    departureAirportId: from!.id,
    arrivalAirportId: to!.id,
    departureDate: new Date(clock.getTime() + 3 * 86_400_000 + flightNumber * 60_000),
    arrivalDate: new Date(clock.getTime() + 3 * 86_400_000 + flightNumber * 60_000 + 60 * 60_000),
    flightTime: 60,
    aircraftType: "PC12",
    ...demoOperatorColumns(0, "PC12"),
    pricePerMinute: 50,
    feedSeats: 4,
    refreshedAt: clock,
  });
  return id;
}

/** A pending order of `seats` seats (750 EUR each), holding them for 30 minutes. */
async function pendingOrder(flightId: string, seats = 2) {
  const orderId = crypto.randomUUID();
  const result = await placeOrder(db, {
    orderId,
    reference: `JM-L${crypto.randomUUID().slice(0, 6).toUpperCase()}`,
    linkKeyHash: crypto.randomUUID().replaceAll("-", "").padEnd(64, "a"),
    flightId,
    request: { kind: "seats", seats },
    seenAvailableSeats: 4,
    userId: null,
    customerInfo: {
      firstName: "Léa",
      lastName: "Muller",
      email: "lea@example.ch",
      phone: "+41 79 123 45 67",
      address: "Rue du Rhône 1",
      zipCode: "1204",
      city: "Genève",
      country: "CH",
    },
    passengers: Array.from({ length: seats }, (_, i) => `Passager ${i + 1}`),
    language: "fr",
    idempotencyKey: crypto.randomUUID(),
    holdExpiresAt: new Date(clock.getTime() + 30 * 60_000),
    clientKey: "test-network",
    now: clock,
  });
  if (result.status !== "created") throw new Error(`setup: ${result.status}`);
  await db
    .update(orders)
    .set({ paymentSessionId: `cs_test_${orderId}` })
    .where(eq(orders.id, orderId));
  return orderId;
}

const stateOf = async (orderId: string) =>
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
const heldOn = async (flightId: string) =>
  (await db.select({ held: flights.seatsHeld }).from(flights).where(eq(flights.id, flightId)).get())!.held;
const movesOf = async (orderId: string) =>
  (
    await db
      .select({ move: orderEvents.move })
      .from(orderEvents)
      .where(eq(orderEvents.orderId, orderId))
      .orderBy(orderEvents.id)
  ).map((row) => row.move);
const mailsTo = async (address: string) =>
  (await db.select({ template: mailOutbox.template }).from(mailOutbox).where(eq(mailOutbox.toAddress, address))).map(
    (row) => row.template,
  );

/** A Stripe event as Stripe (and the simulator) sends it, signed with the webhook secret. */
async function stripeEvent(
  type: string,
  object: Record<string, unknown>,
  { secret = WEBHOOK_SECRET, at = clock } = {},
) {
  const body = JSON.stringify({
    id: `evt_${crypto.randomUUID().replaceAll("-", "")}`,
    object: "event",
    api_version: "2025-01-27.acacia",
    created: Math.floor(at.getTime() / 1000),
    type,
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
  });
  return { body, signature: await signPayload(body, secret, Math.floor(at.getTime() / 1000)) };
}

const authorised = (
  orderId: string,
  { amount = 150_000, currency = "eur", intent = `pi_${orderId.slice(0, 8)}` } = {},
) =>
  stripeEvent("payment_intent.amount_capturable_updated", {
    id: intent,
    object: "payment_intent",
    amount,
    amount_capturable: amount,
    currency,
    status: "requires_capture",
    metadata: { order_id: orderId },
  });

describe("the webhook", () => {
  it("moves a pending order to processing once, mails the customer and staff, and a replay changes nothing", async () => {
    const flightId = await flight();
    const orderId = await pendingOrder(flightId);
    const event = await authorised(orderId);
    const context = contextWith();

    expect(await applyPaymentWebhook(context, event.body, event.signature)).toEqual({ ok: true, applied: true });
    expect(await stateOf(orderId)).toMatchObject({
      status: "processing",
      paymentState: "authorised",
      intent: `pi_${orderId.slice(0, 8)}`,
    });
    const mailsAfterFirst = (await db.select().from(mailOutbox)).length;

    expect(await applyPaymentWebhook(context, event.body, event.signature)).toEqual({ ok: true, applied: false });
    expect((await db.select().from(mailOutbox)).length).toBe(mailsAfterFirst);
    expect(await movesOf(orderId)).toEqual(["placed", "authorised"]);
    expect(await heldOn(flightId)).toBe(2);
  });

  it("refuses a bad signature, a tampered body and a stale timestamp before reading anything", async () => {
    const orderId = await pendingOrder(await flight());
    const context = contextWith();
    const wrongSecret = await authorised(orderId).then(async ({ body }) => ({
      body,
      signature: await signPayload(body, "whsec_other"),
    }));
    const valid = await authorised(orderId);
    const stale = await stripeEvent("payment_intent.amount_capturable_updated", JSON.parse(valid.body).data.object, {
      at: new Date(clock.getTime() - 10 * 60_000),
    });
    for (const { body, signature } of [
      wrongSecret,
      { body: valid.body.replace("150000", "1"), signature: valid.signature },
      stale,
    ]) {
      expect(await applyPaymentWebhook(context, body, signature)).toEqual({ ok: false, reason: "invalidSignature" });
    }
    expect(await applyPaymentWebhook(context, valid.body, null)).toEqual({ ok: false, reason: "invalidSignature" });
    expect(await stateOf(orderId)).toMatchObject({ status: "pending" });
    expect(await db.select().from(paymentEvents).where(eq(paymentEvents.orderId, orderId))).toEqual([]);
  });

  it("refuses an amount or currency that differs from the stored order, releases it and tells staff", async () => {
    const orderId = await pendingOrder(await flight());
    const released: string[] = [];
    const context = contextWith((base) => ({
      ...base,
      cancelAuthorisation: async (intent) => (released.push(intent), { ok: true }),
    }));
    for (const event of [
      await authorised(orderId, { amount: 1_000 }),
      await authorised(orderId, { currency: "chf", intent: "pi_chf" }),
    ]) {
      expect((await applyPaymentWebhook(context, event.body, event.signature)).ok).toBe(true);
    }
    expect(await stateOf(orderId)).toMatchObject({ status: "pending", paymentState: "none" });
    expect(released).toEqual([`pi_${orderId.slice(0, 8)}`, "pi_chf"]);
    expect(await movesOf(orderId)).toEqual(["placed", "amountMismatch", "amountMismatch"]);
    expect(
      (await mailsTo(LOCAL_VARS.STAFF_EMAIL)).filter(
        (template) => template.includes("mismatch") || template.includes("Mismatch"),
      ),
    ).toHaveLength(2);
  });

  it("cancels on a failed payment with the seats back, and ignores an expiry that comes after", async () => {
    const flightId = await flight();
    const orderId = await pendingOrder(flightId);
    const context = contextWith();
    const failed = await stripeEvent("payment_intent.payment_failed", {
      id: "pi_failed",
      object: "payment_intent",
      amount: 150_000,
      currency: "eur",
      metadata: { order_id: orderId },
    });
    expect(await applyPaymentWebhook(context, failed.body, failed.signature)).toEqual({ ok: true, applied: true });
    expect(await stateOf(orderId)).toMatchObject({
      status: "cancelled",
      paymentState: "failed",
      cancelReason: "paymentFailed",
    });
    expect(await heldOn(flightId)).toBe(0);
    const expired = await stripeEvent("checkout.session.expired", {
      id: `cs_test_${orderId}`,
      object: "checkout.session",
      client_reference_id: orderId,
      metadata: { order_id: orderId },
      payment_intent: null,
    });
    expect((await applyPaymentWebhook(context, expired.body, expired.signature)).ok).toBe(true);
    expect(await stateOf(orderId)).toMatchObject({ cancelReason: "paymentFailed" });
    expect(await heldOn(flightId)).toBe(0);
  });

  it("releases a payment that arrives for an order already cancelled, and tells staff", async () => {
    const flightId = await flight();
    const orderId = await pendingOrder(flightId);
    const released: string[] = [];
    const context = contextWith((base) => ({
      ...base,
      cancelAuthorisation: async (intent) => (released.push(intent), { ok: true }),
    }));
    expect(await refuseOrder(context, { orderId, by: STAFF })).toEqual({ ok: true });
    const late = await authorised(orderId);
    expect((await applyPaymentWebhook(context, late.body, late.signature)).ok).toBe(true);
    expect(await stateOf(orderId)).toMatchObject({ status: "cancelled", cancelReason: "refused" });
    expect(released).toEqual([`pi_${orderId.slice(0, 8)}`]);
    expect(await movesOf(orderId)).toEqual(["placed", "refused", "lateAuthorisationReleased"]);
    expect(await heldOn(flightId)).toBe(0);
  });
});

describe("staff", () => {
  async function processingOrder(flightId: string) {
    const orderId = await pendingOrder(flightId);
    const event = await authorised(orderId);
    await applyPaymentWebhook(contextWith(), event.body, event.signature);
    return orderId;
  }

  it("validate captures a processing order once", async () => {
    const flightId = await flight();
    const orderId = await processingOrder(flightId);
    const captured: string[] = [];
    const context = contextWith((base) => ({
      ...base,
      capture: async (intent) => (captured.push(intent), { ok: true }),
    }));
    const outcomes = await Promise.all([1, 2, 3].map(() => validateOrder(context, { orderId, by: STAFF })));
    expect(outcomes.filter((outcome) => outcome.ok)).toEqual([{ ok: true, payment: "captured" }]);
    expect(captured).toEqual([`pi_${orderId.slice(0, 8)}`]);
    expect(await stateOf(orderId)).toMatchObject({ status: "completed", paymentState: "captured" });
    expect(await heldOn(flightId)).toBe(2);
  });

  /** A D1 binding whose write batches fail, and how many it refused. */
  function failingD1() {
    const refused = { batches: 0 };
    const binding = new Proxy(d1, {
      get(target, property, receiver) {
        if (property === "batch") {
          return async () => {
            refused.batches += 1;
            throw new Error("D1_ERROR: simulated failure in a payment move");
          };
        }
        const value = Reflect.get(target, property, receiver);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    return { binding, refused };
  }

  it("a D1 error in a payment move (capture, refusal) leaves the order, its payment and its seats as they were; the move is done once D1 is back (issue 20, faults)", async () => {
    const flightId = await flight();
    const orderId = await processingOrder(flightId);
    const calls: string[] = [];
    const provider = (base: PaymentProvider): PaymentProvider => ({
      ...base,
      capture: async (intent) => (calls.push(`capture ${intent}`), { ok: true }),
      cancelAuthorisation: async (intent) => (calls.push(`release ${intent}`), { ok: true }),
    });
    const { binding, refused } = failingD1();
    const broken = createTestContext({ d1: binding, now: () => clock });
    broken.payments = provider(broken.payments);

    expect(await validateOrder(broken, { orderId, by: STAFF })).toEqual({ ok: false, reason: "failed" });
    expect(await refuseOrder(broken, { orderId, by: STAFF })).toEqual({ ok: false, reason: "failed" });
    expect(refused.batches).toBe(2);
    // Nothing moved: no money taken or released, the order still authorised, its 2 seats held.
    expect(calls).toEqual([]);
    expect(await stateOf(orderId)).toMatchObject({ status: "processing", paymentState: "authorised" });
    expect(await movesOf(orderId)).toEqual(["placed", "authorised"]);
    expect(await heldOn(flightId)).toBe(2);

    // D1 is back: the staff's next press captures once.
    expect(await validateOrder(contextWith(provider), { orderId, by: STAFF })).toEqual({
      ok: true,
      payment: "captured",
    });
    expect(calls).toEqual([`capture pi_${orderId.slice(0, 8)}`]);
    expect(await stateOf(orderId)).toMatchObject({ status: "completed", paymentState: "captured" });
    expect(await heldOn(flightId)).toBe(2);
  });

  it("a refused capture leaves the order processing with the provider's message", async () => {
    const orderId = await processingOrder(await flight());
    const context = contextWith((base) => ({
      ...base,
      capture: async () => ({ ok: false, message: "This PaymentIntent could not be captured" }),
    }));
    expect(await validateOrder(context, { orderId, by: STAFF })).toEqual({
      ok: false,
      reason: "captureFailed",
      message: "This PaymentIntent could not be captured",
    });
    expect(await stateOf(orderId)).toMatchObject({ status: "processing", paymentState: "authorised" });
    expect(await movesOf(orderId)).toEqual(["placed", "authorised", "captured", "captureFailed"]);
  });

  it("validate records a pending order paid offline; refuse releases a processing order's authorisation", async () => {
    const flightId = await flight();
    const offline = await pendingOrder(flightId, 1);
    const context = contextWith();
    expect(await validateOrder(context, { orderId: offline, by: STAFF })).toEqual({ ok: true, payment: "offline" });
    expect(await stateOf(offline)).toMatchObject({ status: "completed", paymentState: "offline" });

    const paid = await processingOrder(flightId);
    const released: string[] = [];
    const refusing = contextWith((base) => ({
      ...base,
      cancelAuthorisation: async (intent) => (released.push(intent), { ok: true }),
    }));
    expect(await refuseOrder(refusing, { orderId: paid, by: STAFF })).toEqual({ ok: true });
    expect(await refuseOrder(refusing, { orderId: paid, by: STAFF })).toEqual({ ok: false, reason: "notUpdated" });
    expect(await stateOf(paid)).toMatchObject({
      status: "cancelled",
      paymentState: "released",
      cancelReason: "refused",
    });
    expect(released).toEqual([`pi_${paid.slice(0, 8)}`]);
    expect(await heldOn(flightId)).toBe(1);
  });
});

describe("expiry", () => {
  it("cancels unpaid holds past their end once, seats back, the customer told; a live hold stays", async () => {
    const flightId = await flight();
    const old = await pendingOrder(flightId, 1);
    clock = new Date(clock.getTime() + 20 * 60_000);
    const recent = await pendingOrder(flightId, 1);
    clock = new Date(clock.getTime() + 11 * 60_000);
    const context = contextWith();
    // Other tests' holds have run out too by now: the flight's own run cancels exactly its one.
    expect(await expireUnpaidHolds(context, { flightId })).toBe(1);
    expect(await expireUnpaidHolds(context)).toBeGreaterThanOrEqual(0);
    expect(await expireUnpaidHolds(context)).toBe(0);
    expect(await stateOf(old)).toMatchObject({ status: "cancelled", cancelReason: "expired" });
    expect(await stateOf(recent)).toMatchObject({ status: "pending" });
    expect(await heldOn(flightId)).toBe(1);
  });

  it("a webhook, a staff refusal and the expiry cron racing on one order end in one outcome, seats counted once", async () => {
    for (let round = 0; round < 5; round += 1) {
      clock = new Date("2026-11-23T10:00:00Z");
      const flightId = await flight();
      const orderId = await pendingOrder(flightId, 2);
      // The hold has just run out when everything arrives at once.
      clock = new Date(clock.getTime() + 30 * 60_000 + 1);
      const event = await authorised(orderId);
      const context = contextWith((base) => ({ ...base, cancelAuthorisation: async () => ({ ok: true }) }));
      await Promise.all([
        applyPaymentWebhook(context, event.body, event.signature),
        refuseOrder(context, { orderId, by: STAFF }),
        expireUnpaidHolds(context),
      ]);
      const state = await stateOf(orderId);
      const moves = await movesOf(orderId);
      // At most one cancellation, whoever won; a refusal may follow an authorisation
      // (staff saw it paid), never the other way round.
      const cancellations = moves.filter((move) => move === "refused" || move === "expired");
      expect(cancellations.length).toBeLessThanOrEqual(1);
      expect(moves.indexOf("authorised") === -1 || moves.indexOf("expired") === -1).toBe(true);
      expect(await heldOn(flightId)).toBe(state.status === "cancelled" ? 0 : 2);
      expect(["processing", "cancelled"]).toContain(state.status);
    }
  });
});
