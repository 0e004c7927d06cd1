// The payment provider behind one interface, Stripe or the local simulator:
// docs/payments.md 'The provider interface'. Amounts are EUR cents.

export type CheckoutSessionInput = {
  orderId: string;
  reference: string;
  amountCents: number;
  currency: "eur";
  customerEmail: string;
  description: string;
  locale: string;
  successUrl: string;
  cancelUrl: string;
  expiresAt: Date;
  idempotencyKey: string;
};
export type CheckoutSession = { sessionId: string; url: string };

export type MoneyMoveResult = { ok: true } | { ok: false; message: string };

export type PaymentEvent = {
  id: string;
  kind: "authorised" | "failed" | "expired" | "captured" | "released" | "refunded";
  orderId: string | null;
  sessionId: string | null;
  paymentIntentId: string | null;
  /** For "refunded": the total refunded so far, not this refund's part. */
  amountCents: number | null;
  currency: string | null;
  captureBefore: Date | null;
};

export class InvalidWebhookError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "InvalidWebhookError";
  }
}

/** By name, not `instanceof`: under `vite dev`, load-context.ts (loaded with vite.config.ts) holds a copy of its own. */
export function isInvalidWebhookError(error: unknown): error is InvalidWebhookError {
  return error instanceof Error && error.name === "InvalidWebhookError";
}

/** A signed body of a shape the app does not read: answered 400, never applied, logged for staff. */
export class MalformedWebhookError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "MalformedWebhookError";
  }
}

export function isMalformedWebhookError(error: unknown): error is MalformedWebhookError {
  return error instanceof Error && error.name === "MalformedWebhookError";
}

export interface PaymentProvider {
  readonly name: "stripe" | "simulator";
  createCheckout(input: CheckoutSessionInput): Promise<CheckoutSession>;
  capture(paymentIntentId: string, options: { idempotencyKey: string }): Promise<MoneyMoveResult>;
  cancelAuthorisation(paymentIntentId: string, options: { idempotencyKey: string }): Promise<MoneyMoveResult>;
  refund(paymentIntentId: string, options: { amountCents: number; idempotencyKey: string }): Promise<MoneyMoveResult>;
  expireCheckout(sessionId: string): Promise<void>;
  findAuthorisation(sessionId: string): Promise<PaymentEvent | null>;
  /** Null for an event type the app does not use; throws InvalidWebhookError or MalformedWebhookError. */
  parseWebhook(rawBody: string, signatureHeader: string | null): Promise<PaymentEvent | null>;
}

export const WEBHOOK_TOLERANCE_SECONDS = 300;
