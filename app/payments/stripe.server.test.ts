/**
 * The Stripe transport's contract, at the network boundary: a fake `fetch` records what
 * the official package sends and answers as Stripe's API answers (JSON bodies, Stripe's
 * error format). The webhooks are in stripe-webhooks.server.test.ts.
 */
import { describe, expect, it } from "vitest";

import type { CheckoutSessionInput } from "./provider.server";
import { NOW, NOW_SECONDS, SECRET_KEY, WEBHOOK_SECRET } from "./stripe.fixtures";
import { createStripeProvider } from "./stripe.server";

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

describe("refund", () => {
  it("refunds part of the payment intent, in cents, with the idempotency key", async () => {
    const { provider, requests } = fakeStripe({
      body: { id: "re_3xyz", object: "refund", amount: 60_000, payment_intent: "pi_3abc", status: "succeeded" },
    });
    expect(await provider.refund("pi_3abc", { amountCents: 60_000, idempotencyKey: "refund:order-7f3a" })).toEqual({
      ok: true,
    });
    expect(requests[0]!.method).toBe("POST");
    expect(requests[0]!.url.pathname).toBe("/v1/refunds");
    expect(Object.fromEntries(requests[0]!.params)).toEqual({ payment_intent: "pi_3abc", amount: "60000" });
    expect(requests[0]!.headers.get("Idempotency-Key")).toBe("refund:order-7f3a");
  });

  it("answers Stripe's refusal (more than is left to refund) as its message only", async () => {
    const message = "Refund amount (€1,600.00) is greater than unrefunded amount on charge (€1,500.00)";
    const { provider } = fakeStripe(stripeError(400, { type: "invalid_request_error", message, param: "amount" }));
    expect(await provider.refund("pi_3abc", { amountCents: 160_000, idempotencyKey: "refund:order-7f3a" })).toEqual({
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

describe("findAuthorisation", () => {
  it("reads the session with its payment and charge, and gives the authorisation as its event would", async () => {
    const captureBefore = NOW_SECONDS + 7 * 86_400;
    const { provider, requests } = fakeStripe(
      {
        body: {
          id: "cs_test_a1",
          object: "checkout.session",
          client_reference_id: "order-7f3a",
          metadata: { order_id: "order-7f3a" },
          payment_intent: {
            id: "pi_test_1",
            object: "payment_intent",
            status: "requires_capture",
            amount_capturable: 150_000,
            currency: "eur",
            latest_charge: {
              id: "ch_1",
              object: "charge",
              payment_method_details: { card: { capture_before: captureBefore } },
            },
          },
        },
      },
      { body: { id: "cs_test_a2", object: "checkout.session", payment_intent: null } },
    );
    expect(await provider.findAuthorisation("cs_test_a1")).toEqual({
      id: "reconcile:cs_test_a1",
      kind: "authorised",
      orderId: "order-7f3a",
      sessionId: "cs_test_a1",
      paymentIntentId: "pi_test_1",
      amountCents: 150_000,
      currency: "eur",
      captureBefore: new Date(captureBefore * 1000),
    });
    expect(requests[0]!.method).toBe("GET");
    expect(requests[0]!.url.pathname).toBe("/v1/checkout/sessions/cs_test_a1");
    expect(requests[0]!.url.search).toContain("expand");
    expect(decodeURIComponent(requests[0]!.url.search)).toContain("payment_intent.latest_charge");
    // A page not paid (no payment yet) holds no authorisation.
    expect(await provider.findAuthorisation("cs_test_a2")).toBeNull();
  });
});
