/**
 * The payment provider behind one interface (docs/payments.md), chosen like the mail
 * transports: `stripe` in production (the official package: Stripe Checkout, card
 * payments authorised at booking and captured when staff validate), `simulator` in local
 * development (a hosted page at /dev/pay/{session} that sends the app the same events,
 * signed the same way). Amounts are EUR cents; every call that changes money carries an
 * idempotency key.
 */

/** What the buyer is sent to: the provider's hosted page for one order. */
export type CheckoutSessionInput = {
  orderId: string;
  /** The order's human reference (JM-…), shown on the provider's page. */
  reference: string;
  amountCents: number;
  currency: "eur";
  customerEmail: string;
  /** One line for the provider's page ("Genève → Nice, 2 sièges"). */
  description: string;
  /** The page's language (fr, en, de). */
  locale: string;
  /** Where the provider sends the buyer after paying, and after giving up. */
  successUrl: string;
  cancelUrl: string;
  /** The hold's end: the hosted page closes then. */
  expiresAt: Date;
  idempotencyKey: string;
};
export type CheckoutSession = { sessionId: string; url: string };

/** The outcome of a capture or a release: the provider's own message when it refused. */
export type MoneyMoveResult = { ok: true } | { ok: false; message: string };

/**
 * A provider event, verified and reduced to what the order's life needs. Stripe's
 * event types, in the app's words:
 * - `authorised`: the card was authorised for `amountCents` (payment_intent.amount_capturable_updated);
 * - `failed`: the payment failed (payment_intent.payment_failed);
 * - `expired`: the hosted page closed unpaid (checkout.session.expired);
 * - `captured` / `released`: the provider confirms our own capture or release (ignored but recorded);
 * - `refunded`: money went back to the card (charge.refunded), ours or made in the provider's
 *   dashboard; `amountCents` is the total refunded so far, not this refund's part.
 */
export type PaymentEvent = {
  /** The provider's event id: each is applied once. */
  id: string;
  kind: "authorised" | "failed" | "expired" | "captured" | "released" | "refunded";
  orderId: string | null;
  sessionId: string | null;
  paymentIntentId: string | null;
  amountCents: number | null;
  currency: string | null;
  /**
   * On "authorised": the provider's capture deadline when it tells it (Stripe's
   * `payment_method_details.card.capture_before`, docs/payments.md 'The capture deadline'),
   * else null.
   */
  captureBefore: Date | null;
};

/** Why a webhook body was refused before anything in it was read. */
export class InvalidWebhookError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "InvalidWebhookError";
  }
}

/**
 * Told by its name, not `instanceof`: the provider is built by load-context.ts (bundled
 * with server.ts) and the webhook is read by the Remix build, two copies of this class.
 */
export function isInvalidWebhookError(error: unknown): error is InvalidWebhookError {
  return error instanceof Error && error.name === "InvalidWebhookError";
}

/**
 * A correctly signed body that is not an event of the shape the app reads (no `data`,
 * `"object": null`, a field of the wrong type): answered 400, never applied, and logged
 * for staff, who compare it with the provider's dashboard.
 */
export class MalformedWebhookError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "MalformedWebhookError";
  }
}

/** Told by its name, like `isInvalidWebhookError`. */
export function isMalformedWebhookError(error: unknown): error is MalformedWebhookError {
  return error instanceof Error && error.name === "MalformedWebhookError";
}

export interface PaymentProvider {
  readonly name: "stripe" | "simulator";
  createCheckout(input: CheckoutSessionInput): Promise<CheckoutSession>;
  /** Takes the authorised money (staff validated). */
  capture(paymentIntentId: string, options: { idempotencyKey: string }): Promise<MoneyMoveResult>;
  /** Releases an authorisation (refusal, late payment of a cancelled order). */
  cancelAuthorisation(paymentIntentId: string, options: { idempotencyKey: string }): Promise<MoneyMoveResult>;
  /**
   * Gives `amountCents` of a captured payment back to the card (all of it or a part). The
   * same idempotency key moves the money once; more than what is left to refund is refused
   * with the provider's message.
   */
  refund(paymentIntentId: string, options: { amountCents: number; idempotencyKey: string }): Promise<MoneyMoveResult>;
  /** Closes a hosted page that is still open (the hold expired or staff refused first). */
  expireCheckout(sessionId: string): Promise<void>;
  /**
   * The authorisation a hosted page holds, read from the provider, as the event that would
   * tell it (id `reconcile:<sessionId>`); null while it holds none. For a webhook never received.
   */
  findAuthorisation(sessionId: string): Promise<PaymentEvent | null>;
  /**
   * Checks the signature of a webhook body (5 minutes of tolerance) before reading it,
   * then gives the event, or null for an event type the app does not use. Throws
   * InvalidWebhookError for a bad signature or body, MalformedWebhookError for a signed
   * body of an unexpected shape.
   */
  parseWebhook(rawBody: string, signatureHeader: string | null): Promise<PaymentEvent | null>;
}

/** Stripe's tolerance for a webhook's timestamp, which the simulator's events meet too. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
