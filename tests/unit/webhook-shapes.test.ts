/**
 * The payment webhook after the signature (issue 31): a correctly signed event of a
 * shape the app does not read answers 400 and leaves an error line for staff, never a
 * 5xx (which the provider would retry for days); a timestamp too far in the future is
 * refused like an old one.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { signPayload } from "#app/payments/stripe-events.server";
import { action as webhookAction } from "#app/routes/webhooks.payments";
import { createTestContext } from "#tests/context";
import { createTestD1 } from "#tests/d1";

import { run } from "./remix";

let d1: D1Database;
let dispose: () => Promise<void>;
const clock = new Date("2026-11-26T10:00:00Z");
let context: AppLoadContext;

beforeAll(async () => {
  ({ d1, dispose } = await createTestD1());
  context = createTestContext({ d1, now: () => clock });
});
afterAll(() => dispose());

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

async function post(body: string, at = clock) {
  const signature = await signPayload(body, context.env.STRIPE_WEBHOOK_SECRET, seconds(at));
  const request = new Request("http://localhost/webhooks/payments", {
    method: "POST",
    body,
    headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
  });
  return run(webhookAction, request, context);
}

const event = (fields: Record<string, unknown>) =>
  JSON.stringify({ id: "evt_shape", object: "event", type: "payment_intent.amount_capturable_updated", ...fields });

const intent = { id: "pi_x", object: "payment_intent", amount_capturable: 1000, currency: "eur", metadata: {} };

describe("a signed webhook of an unexpected shape", () => {
  it.each([
    ["data: {}", event({ data: {} })],
    ['"object": null', event({ data: { object: null } })],
    ["no data", event({})],
    ["data as text", event({ data: "x" })],
    ["data as a list", event({ data: [intent] })],
    ["object as text", event({ data: { object: "pi_x" } })],
    ["object as a list", event({ data: { object: [intent] } })],
    ["metadata as text", event({ data: { object: { ...intent, metadata: "order" } } })],
    ["a session's object as a number", event({ type: "checkout.session.expired", data: { object: 5 } })],
    ["an id as a number", event({ id: 5, data: { object: intent } })],
    ["no type", JSON.stringify({ id: "evt_shape", data: { object: intent } })],
    ["a list", JSON.stringify([event({ data: { object: intent } })])],
    ["null", "null"],
  ])("answers %s with 400 and an error line for staff, never a 5xx", async (_name, body) => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const result = await post(body);
      expect(result.status).toBe(400);
      const lines = errors.mock.calls.map(([line]) => JSON.parse(String(line)) as { type: string; message: string });
      expect(lines).toEqual([
        expect.objectContaining({ type: "error", message: expect.stringContaining("unexpected shape") }),
      ]);
    } finally {
      errors.mockRestore();
    }
  });

  it("still answers a well-shaped event for an unknown order with 200, and one of a type the app does not use", async () => {
    const unknownOrder = await post(event({ data: { object: { ...intent, metadata: { order_id: "nope" } } } }));
    expect(unknownOrder.status).toBe(200);
    const unused = await post(event({ type: "customer.created", data: { object: { id: "cus_x" } } }));
    expect(unused.status).toBe(200);
  });
});

describe("the webhook's timestamp", () => {
  const body = event({ type: "customer.created", data: { object: { id: "cus_x" } } });

  it.each([
    ["an hour", 60 * 60_000],
    ["6 minutes", 6 * 60_000],
  ])("refuses one %s in the future like an old one (400)", async (_name, ahead) => {
    const result = await post(body, new Date(clock.getTime() + ahead));
    expect(result.status).toBe(400);
    expect(await post(body, new Date(clock.getTime() - ahead)).then((old) => old.status)).toBe(400);
  });

  it("accepts one within the 5 minutes of tolerance, either way", async () => {
    expect((await post(body, new Date(clock.getTime() + 4 * 60_000))).status).toBe(200);
    expect((await post(body, new Date(clock.getTime() - 4 * 60_000))).status).toBe(200);
  });
});
