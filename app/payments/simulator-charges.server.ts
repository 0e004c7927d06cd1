import Stripe from "stripe";

import type { DevPaymentSession } from "./dev-payment-sessions.queries.server";
import { signPayload } from "./stripe-events.server";

export type SignedEvent = { id: string; type: string; rawBody: string; signature: string };

export const simulatorId = (prefix: string) => `${prefix}_sim_${crypto.randomUUID().replaceAll("-", "")}`;

export async function simulatorChargeEvent(
  session: Pick<DevPaymentSession, "orderId" | "paymentIntentId" | "amountCents" | "currency"> & {
    reference?: string | null;
    refundedCents?: number;
  },
  kind: "authorised" | "refunded",
  now: Date,
  webhookSecret: string,
  { captureBefore }: { captureBefore?: Date } = {},
): Promise<SignedEvent> {
  const created = Math.floor(now.getTime() / 1000);
  const metadata: Record<string, string> = { order_id: session.orderId };
  if (session.reference) metadata.reference = session.reference;
  const refunded = kind === "refunded" ? (session.refundedCents ?? 0) : 0;
  const card: Record<string, unknown> = {
    brand: "visa",
    exp_month: 12,
    exp_year: 2034,
    funding: "credit",
    last4: "4242",
  };
  if (captureBefore) card.capture_before = Math.floor(captureBefore.getTime() / 1000);
  const charge = {
    id: `ch_${session.paymentIntentId.replace(/^pi_/, "")}`,
    object: "charge",
    amount: session.amountCents,
    amount_captured: kind === "refunded" ? session.amountCents : 0,
    amount_refunded: refunded,
    captured: kind === "refunded",
    created,
    currency: session.currency,
    livemode: false,
    metadata,
    paid: true,
    payment_intent: session.paymentIntentId,
    payment_method_details: { type: "card", card },
    refunded: refunded >= session.amountCents,
    status: "succeeded",
  };
  return signedEvent(kind === "refunded" ? "charge.refunded" : "charge.succeeded", charge, created, webhookSecret);
}

export async function signedEvent(type: string, object: unknown, created: number, webhookSecret: string) {
  const id = simulatorId("evt");
  const rawBody = JSON.stringify({
    id,
    object: "event",
    api_version: Stripe.API_VERSION,
    created,
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  });
  return { id, type, rawBody, signature: await signPayload(rawBody, webhookSecret, created) };
}
