// The one reading of a payment webhook, for Stripe and the simulator alike: docs/payments.md 'The webhook'.
import Stripe from "stripe";

import {
  InvalidWebhookError,
  MalformedWebhookError,
  type PaymentEvent,
  WEBHOOK_TOLERANCE_SECONDS,
} from "./provider.server";

// Web Crypto: Node's `crypto` module is not on Workers.
const cryptoProvider = Stripe.createSubtleCryptoProvider();

/** The package refuses only old timestamps: one too far ahead is refused here. */
export async function verifyAndParse(
  rawBody: string,
  signatureHeader: string | null,
  webhookSecret: string,
  receivedAt?: Date,
): Promise<PaymentEvent | null> {
  if (!signatureHeader) throw new InvalidWebhookError("No Stripe-Signature header");
  // One timestamp: with two, the package and the future check below could read different ones.
  const timestamps = signatureHeader.split(",").filter((part) => /^\s*t=/.test(part));
  if (timestamps.length !== 1) throw new InvalidWebhookError("Expected one timestamp in the Stripe-Signature header");
  let event: Stripe.Event;
  try {
    event = await Stripe.webhooks.constructEventAsync(
      rawBody,
      signatureHeader,
      webhookSecret,
      WEBHOOK_TOLERANCE_SECONDS,
      cryptoProvider,
      receivedAt?.getTime(),
    );
  } catch (error) {
    throw new InvalidWebhookError(error instanceof Error ? error.message.split("\n")[0]! : "Invalid webhook");
  }
  const signedAt = Number(/^\s*t=(\d+)$/.exec(timestamps[0]!)?.[1]);
  const receivedSeconds = (receivedAt ?? new Date()).getTime() / 1000;
  if (!(signedAt <= receivedSeconds + WEBHOOK_TOLERANCE_SECONDS)) {
    throw new InvalidWebhookError("Timestamp in the future, outside the tolerance zone");
  }
  return toPaymentEvent(checkShape(event));
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Only ids and types go into the error's message: the object may name a customer. */
function checkShape(event: unknown): Stripe.Event {
  if (!isRecord(event) || typeof event.id !== "string" || typeof event.type !== "string")
    throw new MalformedWebhookError("Not a Stripe event (no text id and type)");
  const name = `${event.type.slice(0, 80)} ${event.id.slice(0, 80)}`;
  if (!isRecord(event.data)) throw new MalformedWebhookError(`${name}: no data object`);
  if (!isRecord(event.data.object)) throw new MalformedWebhookError(`${name}: data.object is not an object`);
  const { metadata } = event.data.object;
  if (metadata !== undefined && metadata !== null && !isRecord(metadata))
    throw new MalformedWebhookError(`${name}: data.object.metadata is not an object`);
  return event as unknown as Stripe.Event;
}

function toPaymentEvent(event: Stripe.Event): PaymentEvent | null {
  switch (event.type) {
    // Only an uncaptured charge is an authorisation; it carries the capture deadline.
    case "charge.succeeded":
      return event.data.object.captured === false ? fromCharge(event.id, "authorised", event.data.object) : null;
    case "charge.refunded":
      return fromCharge(event.id, "refunded", event.data.object);
    case "payment_intent.amount_capturable_updated":
      return fromIntent(event.id, "authorised", event.data.object, event.data.object.amount_capturable);
    case "payment_intent.payment_failed":
      return fromIntent(event.id, "failed", event.data.object, event.data.object.amount);
    case "payment_intent.succeeded":
      return fromIntent(event.id, "captured", event.data.object, event.data.object.amount_received);
    case "payment_intent.canceled":
      return fromIntent(event.id, "released", event.data.object, event.data.object.amount);
    case "checkout.session.expired": {
      const session = event.data.object;
      const intent = session.payment_intent;
      return {
        id: event.id,
        kind: "expired",
        orderId: textOrNull(session.metadata?.order_id) ?? textOrNull(session.client_reference_id),
        sessionId: textOrNull(session.id),
        paymentIntentId: typeof intent === "string" ? intent : textOrNull(intent?.id),
        amountCents: numberOrNull(session.amount_total),
        currency: textOrNull(session.currency),
        captureBefore: null,
      };
    }
    default:
      return null;
  }
}

function fromIntent(
  id: string,
  kind: PaymentEvent["kind"],
  intent: Stripe.PaymentIntent,
  amount: unknown,
): PaymentEvent {
  return {
    id,
    kind,
    orderId: textOrNull(intent.metadata?.order_id),
    sessionId: null,
    paymentIntentId: textOrNull(intent.id),
    amountCents: numberOrNull(amount),
    currency: textOrNull(intent.currency),
    captureBefore: null,
  };
}

/** Stripe copies the intent's metadata onto its charges. */
function fromCharge(id: string, kind: "authorised" | "refunded", charge: Stripe.Charge): PaymentEvent {
  const intent = charge.payment_intent;
  const deadline: unknown = isRecord(charge.payment_method_details)
    ? (charge.payment_method_details.card as { capture_before?: unknown } | null | undefined)?.capture_before
    : undefined;
  const deadlineSeconds = numberOrNull(deadline);
  return {
    id,
    kind,
    orderId: textOrNull(charge.metadata?.order_id),
    sessionId: null,
    paymentIntentId: typeof intent === "string" ? textOrNull(intent) : textOrNull(intent?.id),
    amountCents: numberOrNull(kind === "refunded" ? charge.amount_refunded : charge.amount),
    currency: textOrNull(charge.currency),
    captureBefore: kind === "authorised" && deadlineSeconds !== null ? new Date(deadlineSeconds * 1000) : null,
  };
}

// Signed, yet read defensively: a value of the wrong type becomes null, never a wrong value.
const textOrNull = (value: unknown) => (typeof value === "string" && value !== "" ? value : null);
const numberOrNull = (value: unknown) => (typeof value === "number" && Number.isSafeInteger(value) ? value : null);

export async function signPayload(payload: string, secret: string, timestamp?: number): Promise<string> {
  return Stripe.webhooks.generateTestHeaderStringAsync({ payload, secret, timestamp, cryptoProvider });
}
