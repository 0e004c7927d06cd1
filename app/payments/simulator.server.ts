/**
 * The payment provider of local development (docs/payments.md): a hosted page at
 * /dev/pay/{session} instead of Stripe Checkout, a row of `dev_payment_sessions` instead
 * of Stripe's records. Its page builds the event Stripe would send, signed the way Stripe
 * signs, and hands it to the same webhook path; its webhooks are verified by the same
 * function as Stripe's, with the same secret.
 */
import Stripe from "stripe";
import type { Db } from "#app/db/client.server";
import {
  findDevPaymentSessionByIntent,
  insertDevPaymentSession,
  moveDevPaymentSession,
  type DevPaymentSession,
} from "./dev-payment-sessions.queries.server";
import { absoluteUrl } from "#app/utils/urls";
import type { PaymentProvider } from "./provider.server";
import { signPayload, verifyAndParse } from "./stripe-events.server";

/** Stripe-like ids: a prefix and 32 hex characters. */
const simulatorId = (prefix: string) => `${prefix}_sim_${crypto.randomUUID().replaceAll("-", "")}`;

/** The path of a simulated page. */
export const devPayPath = (sessionId: string) => `/dev/pay/${encodeURIComponent(sessionId)}`;

export function createSimulatorProvider({
  db,
  appUrl,
  webhookSecret,
  now,
}: {
  db: Db;
  appUrl: string;
  webhookSecret: string;
  now: () => Date;
}): PaymentProvider {
  return {
    name: "simulator",

    async createCheckout(input) {
      const id = simulatorId("cs");
      await insertDevPaymentSession(db, {
        id,
        orderId: input.orderId,
        paymentIntentId: simulatorId("pi"),
        amountCents: input.amountCents,
        currency: input.currency,
        description: input.description,
        successUrl: input.successUrl,
        cancelUrl: input.cancelUrl,
        expiresAt: input.expiresAt,
        createdAt: now(),
      });
      return { sessionId: id, url: absoluteUrl(appUrl, devPayPath(id)) };
    },

    // Idempotency keys are not needed here: every move below is conditional and moves once.
    async capture(paymentIntentId) {
      if (await moveDevPaymentSession(db, { by: { paymentIntentId }, from: ["authorised"], to: "captured" }))
        return { ok: true };
      const session = await findDevPaymentSessionByIntent(db, paymentIntentId);
      if (!session) return { ok: false, message: `No such payment_intent: '${paymentIntentId}'` };
      if (session.status === "captured") return { ok: true };
      return {
        ok: false,
        message: `This PaymentIntent could not be captured: it is ${session.status}, not authorised.`,
      };
    },

    async cancelAuthorisation(paymentIntentId) {
      if (
        await moveDevPaymentSession(db, {
          by: { paymentIntentId },
          from: ["open", "authorised", "failed"],
          to: "released",
        })
      ) {
        return { ok: true };
      }
      const session = await findDevPaymentSessionByIntent(db, paymentIntentId);
      if (!session) return { ok: false, message: `No such payment_intent: '${paymentIntentId}'` };
      if (session.status === "captured")
        return { ok: false, message: "This PaymentIntent could not be canceled: it is already captured." };
      return { ok: true }; // released or expired already
    },

    refund() {
      return Promise.reject(new Error("refund: step B"));
    },

    async expireCheckout(sessionId) {
      // A page already paid, refused or closed stays as it is, like Stripe's.
      await moveDevPaymentSession(db, { by: { id: sessionId }, from: ["open"], to: "expired" });
    },

    parseWebhook(rawBody, signatureHeader) {
      return verifyAndParse(rawBody, signatureHeader, webhookSecret, now());
    },
  };
}

export type SimulatorAction = "pay" | "decline" | "abandon";

export type SimulatorSession = Pick<
  DevPaymentSession,
  "id" | "orderId" | "paymentIntentId" | "amountCents" | "currency" | "successUrl" | "cancelUrl" | "expiresAt"
> & { reference?: string | null };

/** A webhook as Stripe would post it: its body and its `Stripe-Signature`. */
export type SignedEvent = { id: string; type: string; rawBody: string; signature: string };

/**
 * The event Stripe would send when the buyer does `action` on the page of `session`, its
 * body signed with `webhookSecret` at `now` (the Stripe-Signature header):
 * - pay: the card is authorised (`payment_intent.amount_capturable_updated`);
 * - decline: the card is refused (`payment_intent.payment_failed`);
 * - abandon: the page closes unpaid (`checkout.session.expired`).
 */
export async function simulatorEvent(
  session: SimulatorSession,
  action: SimulatorAction,
  now: Date,
  webhookSecret: string,
): Promise<SignedEvent> {
  const created = Math.floor(now.getTime() / 1000);
  const metadata: Record<string, string> = { order_id: session.orderId };
  if (session.reference) metadata.reference = session.reference;
  const intent = {
    id: session.paymentIntentId,
    object: "payment_intent",
    amount: session.amountCents,
    amount_received: 0,
    capture_method: "manual",
    created,
    currency: session.currency,
    livemode: false,
    metadata,
  };
  const [type, object] =
    action === "pay"
      ? [
          "payment_intent.amount_capturable_updated",
          { ...intent, amount_capturable: session.amountCents, status: "requires_capture" },
        ]
      : action === "decline"
        ? [
            "payment_intent.payment_failed",
            {
              ...intent,
              amount_capturable: 0,
              status: "requires_payment_method",
              last_payment_error: {
                type: "card_error",
                code: "card_declined",
                decline_code: "generic_decline",
                message: "Your card was declined.",
              },
            },
          ]
        : [
            "checkout.session.expired",
            {
              id: session.id,
              object: "checkout.session",
              amount_subtotal: session.amountCents,
              amount_total: session.amountCents,
              cancel_url: session.cancelUrl,
              client_reference_id: session.orderId,
              created,
              currency: session.currency,
              expires_at: Math.floor(session.expiresAt.getTime() / 1000),
              livemode: false,
              metadata,
              mode: "payment",
              // Stripe makes the payment intent only when the buyer pays: none for an abandoned page.
              payment_intent: null,
              payment_status: "unpaid",
              status: "expired",
              success_url: session.successUrl,
            },
          ];
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
