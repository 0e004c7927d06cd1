/**
 * The Stripe transport's contract, at the network boundary: a fake `fetch` records what
 * the official package sends and answers as Stripe's API answers (JSON bodies, Stripe's
 * error format). Webhooks are Stripe-format events signed with the package's own test
 * helper, independent of `signPayload`.
 */
import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { InvalidWebhookError, type CheckoutSessionInput } from "./provider.server";
import { signPayload, verifyAndParse } from "./stripe-events.server";
import { createStripeProvider } from "./stripe.server";

const SECRET_KEY = "sk_test_contract_key";
const WEBHOOK_SECRET = "whsec_contract_test_secret";
const NOW = new Date("2026-11-23T10:00:00Z");
const NOW_SECONDS = 1_795_428_000; // 2026-11-23T10:00:00Z, written out

type Recorded = { method: string; url: URL; headers: Headers; params: URLSearchParams };

/** A fetch that records each request and answers with the next reply (status, JSON body). */
function fakeStripe(...replies: Array<{ status?: number; body: unknown }>) {
  const requests: Recorded[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    requests.push({
      method: request.method,
      url: new URL(request.url),
      headers: request.headers,
      params: new URLSearchParams(await request.text()),
    });
    const reply = replies.shift() ?? { status: 500, body: { error: { type: "api_error", message: "no reply left" } } };
    return new Response(JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { "Content-Type": "application/json", "Request-Id": `req_${requests.length}` },
    });
  };
  const provider = createStripeProvider({
    secretKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    fetch,
    now: () => NOW,
  });
  return { provider, requests };
}

const stripeError = (status: number, error: Record<string, unknown>) => ({ status, body: { error } });

const checkoutInput = (overrides: Partial<CheckoutSessionInput> = {}): CheckoutSessionInput => ({
  orderId: "order-7f3a",
  reference: "JM-7K4Q2P",
  amountCents: 150_000,
  currency: "eur",
  customerEmail: "lea@example.ch",
  description: "Genève → Nice, 2 sièges",
  locale: "fr",
  successUrl: "http://localhost:8787/confirmation/order-7f3a?key=abc",
  cancelUrl: "http://localhost:8787/confirmation/order-7f3a?key=abc&cancelled=1",
  expiresAt: new Date("2026-11-23T10:45:00Z"),
  idempotencyKey: "checkout:order-7f3a:1",
  ...overrides,
});

describe("createCheckout", () => {
  it("creates a payment-mode Checkout Session with a manual capture, in EUR cents, keyed by the order", async () => {
    const { provider, requests } = fakeStripe({
      body: { id: "cs_test_a1", object: "checkout.session", url: "https://checkout.stripe.com/c/pay/cs_test_a1" },
    });
    const session = await provider.createCheckout(checkoutInput());
    expect(session).toEqual({ sessionId: "cs_test_a1", url: "https://checkout.stripe.com/c/pay/cs_test_a1" });

    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request!.method).toBe("POST");
    expect(request!.url.origin + request!.url.pathname).toBe("https://api.stripe.com/v1/checkout/sessions");
    expect(request!.headers.get("Authorization")).toBe(`Bearer ${SECRET_KEY}`);
    expect(request!.headers.get("Content-Type")).toMatch(/^application\/x-www-form-urlencoded/);
    expect(request!.headers.get("Idempotency-Key")).toBe("checkout:order-7f3a:1");
    expect(Object.fromEntries(request!.params)).toEqual({
      mode: "payment",
      client_reference_id: "order-7f3a",
      customer_email: "lea@example.ch",
      locale: "fr",
      "line_items[0][quantity]": "1",
      "line_items[0][price_data][currency]": "eur",
      "line_items[0][price_data][unit_amount]": "150000",
      "line_items[0][price_data][product_data][name]": "Genève → Nice, 2 sièges",
      "payment_intent_data[capture_method]": "manual",
      "payment_intent_data[metadata][order_id]": "order-7f3a",
      "payment_intent_data[metadata][reference]": "JM-7K4Q2P",
      "metadata[order_id]": "order-7f3a",
      "metadata[reference]": "JM-7K4Q2P",
      success_url: "http://localhost:8787/confirmation/order-7f3a?key=abc",
      cancel_url: "http://localhost:8787/confirmation/order-7f3a?key=abc&cancelled=1",
      // 10:45 UTC, the hold's end: 45 minutes after NOW.
      expires_at: String(NOW_SECONDS + 45 * 60),
    });
  });

  it("asks for at least 30 minutes and a margin when the hold ends sooner (Stripe's minimum)", async () => {
    const { provider, requests } = fakeStripe({
      body: { id: "cs_test_a2", object: "checkout.session", url: "https://checkout.stripe.com/c/pay/cs_test_a2" },
    });
    await provider.createCheckout(checkoutInput({ expiresAt: new Date("2026-11-23T10:10:00Z") }));
    expect(requests[0]!.params.get("expires_at")).toBe(String(NOW_SECONDS + 31 * 60));
  });

  it("fails with Stripe's message when Stripe refuses", async () => {
    const { provider } = fakeStripe(
      stripeError(400, { type: "invalid_request_error", message: "Invalid currency: xyz", param: "currency" }),
    );
    await expect(provider.createCheckout(checkoutInput())).rejects.toThrow("Invalid currency: xyz");
  });
});

describe("capture", () => {
  it("captures the payment intent with the idempotency key", async () => {
    const { provider, requests } = fakeStripe({
      body: { id: "pi_3abc", object: "payment_intent", status: "succeeded", amount_received: 150_000 },
    });
    expect(await provider.capture("pi_3abc", { idempotencyKey: "capture:order-7f3a" })).toEqual({ ok: true });
    expect(requests[0]!.method).toBe("POST");
    expect(requests[0]!.url.pathname).toBe("/v1/payment_intents/pi_3abc/capture");
    expect(requests[0]!.headers.get("Idempotency-Key")).toBe("capture:order-7f3a");
  });

  it("answers Stripe's refusal as its message only", async () => {
    const message = "This PaymentIntent could not be captured because it has a status of canceled.";
    const { provider } = fakeStripe(
      stripeError(400, {
        type: "invalid_request_error",
        code: "payment_intent_unexpected_state",
        message,
        payment_intent: { id: "pi_3abc", object: "payment_intent", status: "canceled" },
      }),
    );
    expect(await provider.capture("pi_3abc", { idempotencyKey: "capture:order-7f3a" })).toEqual({ ok: false, message });
  });
});

describe("cancelAuthorisation", () => {
  it("cancels the payment intent with the idempotency key", async () => {
    const { provider, requests } = fakeStripe({
      body: { id: "pi_3abc", object: "payment_intent", status: "canceled" },
    });
    expect(await provider.cancelAuthorisation("pi_3abc", { idempotencyKey: "release:pi_3abc" })).toEqual({ ok: true });
    expect(requests[0]!.method).toBe("POST");
    expect(requests[0]!.url.pathname).toBe("/v1/payment_intents/pi_3abc/cancel");
    expect(requests[0]!.headers.get("Idempotency-Key")).toBe("release:pi_3abc");
  });

  it("counts an intent canceled before as released", async () => {
    const { provider } = fakeStripe(
      stripeError(400, {
        type: "invalid_request_error",
        code: "payment_intent_unexpected_state",
        message: "You cannot cancel this PaymentIntent because it has a status of canceled.",
        payment_intent: { id: "pi_3abc", object: "payment_intent", status: "canceled" },
      }),
    );
    expect(await provider.cancelAuthorisation("pi_3abc", { idempotencyKey: "release:pi_3abc" })).toEqual({ ok: true });
  });

  it("refuses to count a captured intent as released", async () => {
    const message = "You cannot cancel this PaymentIntent because it has a status of succeeded.";
    const { provider } = fakeStripe(
      stripeError(400, {
        type: "invalid_request_error",
        code: "payment_intent_unexpected_state",
        message,
        payment_intent: { id: "pi_3abc", object: "payment_intent", status: "succeeded" },
      }),
    );
    expect(await provider.cancelAuthorisation("pi_3abc", { idempotencyKey: "release:pi_3abc" })).toEqual({
      ok: false,
      message,
    });
  });
});

describe("expireCheckout", () => {
  it("expires the Checkout Session", async () => {
    const { provider, requests } = fakeStripe({
      body: { id: "cs_test_a1", object: "checkout.session", status: "expired" },
    });
    await provider.expireCheckout("cs_test_a1");
    expect(requests[0]!.method).toBe("POST");
    expect(requests[0]!.url.pathname).toBe("/v1/checkout/sessions/cs_test_a1/expire");
  });

  it.each(["expired", "complete"])("ignores a session already %s", async (status) => {
    const { provider } = fakeStripe(
      stripeError(400, {
        type: "invalid_request_error",
        message: `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of \`${status}\`.`,
      }),
    );
    await expect(provider.expireCheckout("cs_test_a1")).resolves.toBeUndefined();
  });

  it("fails on any other refusal, with Stripe's message", async () => {
    const { provider } = fakeStripe(
      stripeError(404, {
        type: "invalid_request_error",
        code: "resource_missing",
        message: "No such checkout.session: 'cs_nope'",
      }),
    );
    await expect(provider.expireCheckout("cs_nope")).rejects.toThrow("No such checkout.session: 'cs_nope'");
  });
});

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
    });
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
