/**
 * The payment simulator on a real D1: its pages (rows of dev_payment_sessions), its moves
 * of money, and its events, which must pass the same verification as Stripe's and read
 * as Stripe's would.
 */
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { Db } from "#app/db/client.server";
import { devPaymentSessions } from "#app/db/schema";
import { createTestD1 } from "#tests/d1";

import { type CheckoutSessionInput, InvalidWebhookError } from "./provider.server";
import { createSimulatorProvider, type SimulatorAction, simulatorEvent } from "./simulator.server";

const SECRET = "whsec_local_simulator_not_a_secret";
const NOW = new Date("2026-11-23T10:00:00Z");
let db: Db;
let dispose: () => Promise<void>;

beforeAll(async () => {
  ({ db, dispose } = await createTestD1());
});
afterAll(() => dispose());

const simulator = (now = NOW, webhookSecret = SECRET) =>
  createSimulatorProvider({
    db,
    appUrl: "http://localhost:8787",
    webhookSecret,
    now: () => now,
    deliver: () => Promise.reject(new Error("no refund in these tests")),
  });

let orderNumber = 0;
const input = (overrides: Partial<CheckoutSessionInput> = {}): CheckoutSessionInput => ({
  orderId: `order-${++orderNumber}`,
  reference: `JM-SIM${orderNumber}`,
  amountCents: 225_000,
  currency: "eur",
  customerEmail: "lea@example.ch",
  description: "JetMalin JM-SIM",
  locale: "fr",
  successUrl: "http://localhost:8787/confirmation/x?key=ok",
  cancelUrl: "http://localhost:8787/confirmation/x?key=back",
  expiresAt: new Date(NOW.getTime() + 30 * 60_000),
  idempotencyKey: crypto.randomUUID(),
  ...overrides,
});

const rowOf = async (id: string) =>
  (await db.select().from(devPaymentSessions).where(eq(devPaymentSessions.id, id)).get())!;
const setStatus = (id: string, status: string) =>
  db.update(devPaymentSessions).set({ status }).where(eq(devPaymentSessions.id, id));

describe("createCheckout", () => {
  it("opens a page at /dev/pay/{session} and keeps what Stripe would keep", async () => {
    const checkout = input();
    const session = await simulator().createCheckout(checkout);
    expect(session.sessionId).toMatch(/^cs_sim_[0-9a-f]{32}$/);
    expect(session.url).toBe(`http://localhost:8787/dev/pay/${session.sessionId}`);
    const row = await rowOf(session.sessionId);
    expect(row).toMatchObject({
      orderId: checkout.orderId,
      amountCents: 225_000,
      currency: "eur",
      description: "JetMalin JM-SIM",
      status: "open",
      successUrl: checkout.successUrl,
      cancelUrl: checkout.cancelUrl,
      expiresAt: checkout.expiresAt,
      createdAt: NOW,
    });
    expect(row.paymentIntentId).toMatch(/^pi_sim_[0-9a-f]{32}$/);
    expect((await simulator().createCheckout(input())).sessionId).not.toBe(session.sessionId);
  });
});

describe("moves of money", () => {
  async function authorisedPage() {
    const { sessionId } = await simulator().createCheckout(input());
    await setStatus(sessionId, "authorised");
    return rowOf(sessionId);
  }

  it("captures an authorised payment once, and again answers ok", async () => {
    const row = await authorisedPage();
    expect(await simulator().capture(row.paymentIntentId, { idempotencyKey: "capture:1" })).toEqual({ ok: true });
    expect((await rowOf(row.id)).status).toBe("captured");
    expect(await simulator().capture(row.paymentIntentId, { idempotencyKey: "capture:1" })).toEqual({ ok: true });
  });

  it("refuses to capture what is not authorised, or not known", async () => {
    const { sessionId } = await simulator().createCheckout(input());
    const row = await rowOf(sessionId);
    expect(await simulator().capture(row.paymentIntentId, { idempotencyKey: "k" })).toEqual({
      ok: false,
      message: expect.stringContaining("open"),
    });
    expect((await rowOf(sessionId)).status).toBe("open");
    await setStatus(sessionId, "released");
    expect(await simulator().capture(row.paymentIntentId, { idempotencyKey: "k" })).toMatchObject({ ok: false });
    expect(await simulator().capture("pi_sim_unknown", { idempotencyKey: "k" })).toEqual({
      ok: false,
      message: expect.stringContaining("pi_sim_unknown"),
    });
  });

  it("releases an authorisation, idempotently, but never a captured payment", async () => {
    const row = await authorisedPage();
    expect(await simulator().cancelAuthorisation(row.paymentIntentId, { idempotencyKey: "release:1" })).toEqual({
      ok: true,
    });
    expect((await rowOf(row.id)).status).toBe("released");
    expect(await simulator().cancelAuthorisation(row.paymentIntentId, { idempotencyKey: "release:1" })).toEqual({
      ok: true,
    });

    const captured = await authorisedPage();
    await simulator().capture(captured.paymentIntentId, { idempotencyKey: "c" });
    expect(await simulator().cancelAuthorisation(captured.paymentIntentId, { idempotencyKey: "r" })).toMatchObject({
      ok: false,
    });
    expect((await rowOf(captured.id)).status).toBe("captured");
    expect(await simulator().cancelAuthorisation("pi_sim_unknown", { idempotencyKey: "r" })).toMatchObject({
      ok: false,
    });
  });

  it("closes an open page, and leaves a paid one as it is", async () => {
    const { sessionId } = await simulator().createCheckout(input());
    await simulator().expireCheckout(sessionId);
    expect((await rowOf(sessionId)).status).toBe("expired");
    await simulator().expireCheckout(sessionId);
    expect((await rowOf(sessionId)).status).toBe("expired");

    const paid = await authorisedPage();
    await simulator().expireCheckout(paid.id);
    expect((await rowOf(paid.id)).status).toBe("authorised");
  });
});

describe("simulatorEvent", () => {
  async function page() {
    const checkout = input();
    const { sessionId } = await simulator().createCheckout(checkout);
    return { checkout, session: { ...(await rowOf(sessionId)), reference: checkout.reference } };
  }
  const event = (session: Awaited<ReturnType<typeof page>>["session"], action: SimulatorAction, at = NOW) =>
    simulatorEvent(session, action, at, SECRET);

  it("pays: the authorisation Stripe would send, read by the same verification", async () => {
    const { checkout, session } = await page();
    const signed = await event(session, "pay");
    expect(signed.id).toMatch(/^evt_sim_[0-9a-f]{32}$/);
    const body = JSON.parse(signed.rawBody);
    expect(body).toMatchObject({
      id: signed.id,
      object: "event",
      type: "payment_intent.amount_capturable_updated",
      created: Math.floor(NOW.getTime() / 1000),
      data: {
        object: {
          id: session.paymentIntentId,
          object: "payment_intent",
          amount: 225_000,
          amount_capturable: 225_000,
          capture_method: "manual",
          currency: "eur",
          status: "requires_capture",
          metadata: { order_id: checkout.orderId, reference: checkout.reference },
        },
      },
    });
    expect(await simulator().parseWebhook(signed.rawBody, signed.signature)).toEqual({
      id: signed.id,
      kind: "authorised",
      orderId: checkout.orderId,
      sessionId: null,
      paymentIntentId: session.paymentIntentId,
      amountCents: 225_000,
      currency: "eur",
      captureBefore: null,
    });
  });

  it("declines: a failed payment of that intent", async () => {
    const { checkout, session } = await page();
    const signed = await event(session, "decline");
    expect(JSON.parse(signed.rawBody)).toMatchObject({
      type: "payment_intent.payment_failed",
      data: { object: { last_payment_error: { code: "card_declined" } } },
    });
    expect(await simulator().parseWebhook(signed.rawBody, signed.signature)).toMatchObject({
      kind: "failed",
      orderId: checkout.orderId,
      paymentIntentId: session.paymentIntentId,
    });
  });

  it("abandons: the page expires unpaid, without a payment intent", async () => {
    const { checkout, session } = await page();
    const signed = await event(session, "abandon");
    expect(JSON.parse(signed.rawBody)).toMatchObject({
      type: "checkout.session.expired",
      data: {
        object: {
          id: session.id,
          object: "checkout.session",
          client_reference_id: checkout.orderId,
          payment_intent: null,
          status: "expired",
        },
      },
    });
    expect(await simulator().parseWebhook(signed.rawBody, signed.signature)).toEqual({
      id: signed.id,
      kind: "expired",
      orderId: checkout.orderId,
      sessionId: session.id,
      paymentIntentId: null,
      amountCents: 225_000,
      currency: "eur",
      captureBefore: null,
    });
  });

  it("signs as Stripe signs: the package's own check accepts it", async () => {
    const { session } = await page();
    const signed = await event(session, "pay");
    const verified = await Stripe.webhooks.constructEventAsync(
      signed.rawBody,
      signed.signature,
      SECRET,
      300,
      Stripe.createSubtleCryptoProvider(),
      NOW.getTime(),
    );
    expect(verified.id).toBe(signed.id);
    expect(signed.signature).toMatch(new RegExp(`^t=${Math.floor(NOW.getTime() / 1000)},v1=[0-9a-f]{64}$`));
  });

  it("gives each event its own id", async () => {
    const { session } = await page();
    const ids = new Set(await Promise.all(Array.from({ length: 5 }, async () => (await event(session, "pay")).id)));
    expect(ids.size).toBe(5);
  });

  it("is refused with another secret, a changed body or once 300 s have passed on the provider's clock", async () => {
    const { session } = await page();
    const signed = await event(session, "pay");
    await expect(
      simulator(NOW, "whsec_another_secret").parseWebhook(signed.rawBody, signed.signature),
    ).rejects.toBeInstanceOf(InvalidWebhookError);
    await expect(
      simulator().parseWebhook(signed.rawBody.replace("225000", "1"), signed.signature),
    ).rejects.toBeInstanceOf(InvalidWebhookError);
    await expect(
      simulator(new Date(NOW.getTime() + 301_000)).parseWebhook(signed.rawBody, signed.signature),
    ).rejects.toBeInstanceOf(InvalidWebhookError);
    expect(
      await simulator(new Date(NOW.getTime() + 299_000)).parseWebhook(signed.rawBody, signed.signature),
    ).toMatchObject({ kind: "authorised" });
    await expect(simulator().parseWebhook(signed.rawBody, null)).rejects.toBeInstanceOf(InvalidWebhookError);
  });
});
