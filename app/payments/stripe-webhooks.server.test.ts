/**
 * The Stripe transport's webhooks: Stripe-format events signed with the package's own
 * test helper, independent of `signPayload`.
 */
import Stripe from "stripe";
import { describe, expect, it } from "vitest";

import { InvalidWebhookError } from "./provider.server";
import { NOW_SECONDS, SECRET_KEY, WEBHOOK_SECRET } from "./stripe.fixtures";
import { createStripeProvider } from "./stripe.server";
import { signPayload, verifyAndParse } from "./stripe-events.server";

/** A Stripe event body. */
const eventBody = (type: string, object: Record<string, unknown>, id = "evt_1Q2w3E") =>
  JSON.stringify({
    id,
    object: "event",
    api_version: "2025-01-27.acacia",
    created: NOW_SECONDS,
    type,
    data: { object },
    livemode: false,
  });

/** The Stripe-Signature header, made by the package's own test helper (not by the code under test). */
const stripeHeader = (payload: string, { secret = WEBHOOK_SECRET, timestamp = Math.floor(Date.now() / 1000) } = {}) =>
  Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });

const intent = {
  id: "pi_3abc",
  object: "payment_intent",
  amount: 150_000,
  amount_capturable: 150_000,
  amount_received: 0,
  currency: "eur",
  capture_method: "manual",
  metadata: { order_id: "order-7f3a", reference: "JM-7K4Q2P" },
  status: "requires_capture",
};

describe("parseWebhook", () => {
  const { provider } = createStripeProviderForWebhooks();
  function createStripeProviderForWebhooks() {
    return {
      provider: createStripeProvider({
        secretKey: SECRET_KEY,
        webhookSecret: WEBHOOK_SECRET,
        fetch: () => Promise.reject(new Error("no network")),
      }),
    };
  }
  const parse = (body: string, header: string | null = stripeHeader(body)) => provider.parseWebhook(body, header);

  it("reads an authorisation: the capturable amount, the currency, the intent and the order", async () => {
    const body = eventBody("payment_intent.amount_capturable_updated", { ...intent, amount: 999_999 });
    expect(await parse(body)).toEqual({
      id: "evt_1Q2w3E",
      kind: "authorised",
      orderId: "order-7f3a",
      sessionId: null,
      paymentIntentId: "pi_3abc",
      amountCents: 150_000,
      currency: "eur",
      captureBefore: null,
    });
  });

  /** The Charge of `intent` as Stripe sends it in charge.* events (the card's details trimmed). */
  const charge = (overrides: Record<string, unknown> = {}) => ({
    id: "ch_3abc",
    object: "charge",
    amount: 150_000,
    amount_captured: 0,
    amount_refunded: 0,
    captured: false,
    currency: "eur",
    metadata: { order_id: "order-7f3a", reference: "JM-7K4Q2P" },
    paid: true,
    payment_intent: "pi_3abc",
    payment_method_details: {
      type: "card",
      card: { brand: "visa", capture_before: NOW_SECONDS + 7 * 86_400, exp_month: 12, exp_year: 2030, last4: "4242" },
    },
    refunded: false,
    status: "succeeded",
    ...overrides,
  });

  it("reads the uncaptured charge of an authorisation with its capture deadline", async () => {
    expect(await parse(eventBody("charge.succeeded", charge(), "evt_ch1"))).toEqual({
      id: "evt_ch1",
      kind: "authorised",
      orderId: "order-7f3a",
      sessionId: null,
      paymentIntentId: "pi_3abc",
      amountCents: 150_000,
      currency: "eur",
      captureBefore: new Date((NOW_SECONDS + 7 * 86_400) * 1000),
    });
    // A charge captured at once is not an authorisation; a card without a deadline gives none.
    expect(await parse(eventBody("charge.succeeded", charge({ captured: true, amount_captured: 150_000 })))).toBeNull();
    expect(
      await parse(eventBody("charge.succeeded", charge({ payment_method_details: { type: "card", card: {} } }))),
    ).toMatchObject({ kind: "authorised", captureBefore: null });
  });

  it("reads a refund: the total refunded so far, the intent and the order", async () => {
    const refunded = charge({ amount_captured: 150_000, amount_refunded: 60_000, captured: true });
    expect(await parse(eventBody("charge.refunded", refunded, "evt_re1"))).toEqual({
      id: "evt_re1",
      kind: "refunded",
      orderId: "order-7f3a",
      sessionId: null,
      paymentIntentId: "pi_3abc",
      amountCents: 60_000,
      currency: "eur",
      captureBefore: null,
    });
    const full = charge({ amount_captured: 150_000, amount_refunded: 150_000, captured: true, refunded: true });
    expect(await parse(eventBody("charge.refunded", full))).toMatchObject({ kind: "refunded", amountCents: 150_000 });
  });

  it("reads a failed payment, a capture and a release", async () => {
    const failed = eventBody("payment_intent.payment_failed", {
      ...intent,
      amount_capturable: 0,
      status: "requires_payment_method",
    });
    expect(await parse(failed)).toMatchObject({
      kind: "failed",
      orderId: "order-7f3a",
      paymentIntentId: "pi_3abc",
      amountCents: 150_000,
    });
    const captured = eventBody("payment_intent.succeeded", {
      ...intent,
      amount_capturable: 0,
      amount_received: 150_000,
      status: "succeeded",
    });
    expect(await parse(captured)).toMatchObject({ kind: "captured", paymentIntentId: "pi_3abc", amountCents: 150_000 });
    const released = eventBody("payment_intent.canceled", { ...intent, amount_capturable: 0, status: "canceled" });
    expect(await parse(released)).toMatchObject({
      kind: "released",
      paymentIntentId: "pi_3abc",
      orderId: "order-7f3a",
    });
  });

  it("reads an expired page: the session, the order from the metadata or the client reference, no intent", async () => {
    const session = {
      id: "cs_test_a1",
      object: "checkout.session",
      amount_total: 150_000,
      currency: "eur",
      client_reference_id: "order-7f3a",
      metadata: { order_id: "order-7f3a" },
      payment_intent: null,
      status: "expired",
    };
    expect(await parse(eventBody("checkout.session.expired", session))).toEqual({
      id: "evt_1Q2w3E",
      kind: "expired",
      orderId: "order-7f3a",
      sessionId: "cs_test_a1",
      paymentIntentId: null,
      amountCents: 150_000,
      currency: "eur",
      captureBefore: null,
    });
    const withoutMetadata = eventBody("checkout.session.expired", {
      ...session,
      metadata: {},
      client_reference_id: "order-from-reference",
      payment_intent: "pi_9",
    });
    expect(await parse(withoutMetadata)).toMatchObject({ orderId: "order-from-reference", paymentIntentId: "pi_9" });
  });

  it("gives null for an event type the app does not use", async () => {
    expect(await parse(eventBody("charge.succeeded", { id: "ch_1", object: "charge" }))).toBeNull();
    expect(
      await parse(eventBody("checkout.session.completed", { id: "cs_test_a1", object: "checkout.session" })),
    ).toBeNull();
  });

  it("refuses a wrong secret, a tampered body, an old timestamp, no header or a body that is not JSON", async () => {
    const body = eventBody("payment_intent.amount_capturable_updated", intent);
    await expect(parse(body, stripeHeader(body, { secret: "whsec_another_endpoint" }))).rejects.toBeInstanceOf(
      InvalidWebhookError,
    );
    await expect(parse(body.replace("150000", "1"), stripeHeader(body))).rejects.toBeInstanceOf(InvalidWebhookError);
    await expect(
      parse(body, stripeHeader(body, { timestamp: Math.floor(Date.now() / 1000) - 301 })),
    ).rejects.toBeInstanceOf(InvalidWebhookError);
    await expect(parse(body, null)).rejects.toBeInstanceOf(InvalidWebhookError);
    await expect(parse(body, "t=123,v1=deadbeef")).rejects.toBeInstanceOf(InvalidWebhookError);
    const notJson = "not json at all";
    await expect(parse(notJson, stripeHeader(notJson))).rejects.toBeInstanceOf(InvalidWebhookError);
  });

  it("refuses a header with two timestamps, whichever of them the signature is for", async () => {
    const body = eventBody("payment_intent.amount_capturable_updated", intent);
    const now = Math.floor(Date.now() / 1000);
    const future = stripeHeader(body, { timestamp: now + 3_600 });
    await expect(parse(body, `t=${now},${future}`)).rejects.toBeInstanceOf(InvalidWebhookError);
    await expect(parse(body, `${stripeHeader(body)},t=${now + 3_600}`)).rejects.toBeInstanceOf(InvalidWebhookError);
    expect(await parse(body, stripeHeader(body))).toMatchObject({ kind: "authorised" });
  });

  it("accepts a timestamp within the 300 s tolerance", async () => {
    const body = eventBody("payment_intent.amount_capturable_updated", intent);
    expect(await parse(body, stripeHeader(body, { timestamp: Math.floor(Date.now() / 1000) - 290 }))).toMatchObject({
      kind: "authorised",
    });
  });
});

describe("verifyAndParse and signPayload", () => {
  it("signs exactly as the package's own helper does", async () => {
    const body = eventBody("payment_intent.amount_capturable_updated", intent);
    expect(await signPayload(body, WEBHOOK_SECRET, NOW_SECONDS)).toBe(stripeHeader(body, { timestamp: NOW_SECONDS }));
  });

  it("checks the timestamp against the given clock", async () => {
    const body = eventBody("payment_intent.amount_capturable_updated", intent);
    const header = await signPayload(body, WEBHOOK_SECRET, NOW_SECONDS);
    expect(await verifyAndParse(body, header, WEBHOOK_SECRET, new Date((NOW_SECONDS + 300) * 1000))).toMatchObject({
      kind: "authorised",
    });
    await expect(
      verifyAndParse(body, header, WEBHOOK_SECRET, new Date((NOW_SECONDS + 301) * 1000)),
    ).rejects.toBeInstanceOf(InvalidWebhookError);
  });
});
