// The local payment provider, a page at /dev/pay/{session} standing for Stripe Checkout:
// docs/payments.md 'The provider interface'.
import type { Db } from "#app/db/client.server";
import { logError } from "#app/utils/request-log.server";
import { absoluteUrl } from "#app/utils/urls";

import {
  type DevPaymentSession,
  findDevPaymentSession,
  findDevPaymentSessionByIntent,
  insertDevPaymentSession,
  moveDevPaymentSession,
  recordDevRefund,
} from "./dev-payment-sessions.queries.server";
import type { PaymentProvider } from "./provider.server";
import { type SignedEvent, signedEvent, simulatorChargeEvent, simulatorId } from "./simulator-charges.server";
import { verifyAndParse } from "./stripe-events.server";

export const devPayPath = (sessionId: string) => `/dev/pay/${encodeURIComponent(sessionId)}`;

export type DeliverEvent = (event: SignedEvent) => Promise<void>;

/** Posted after the response, as Stripe does (through `waitUntil`); a refusal is logged. */
export function postToWebhook(webhookUrl: string, waitUntil: (promise: Promise<unknown>) => void): DeliverEvent {
  return (event) => {
    const posted = fetch(webhookUrl, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Stripe-Signature": event.signature },
      body: event.rawBody,
    })
      .then(async (response) => {
        await response.body?.cancel();
        if (!response.ok) throw new Error(`${event.type}: the webhook answered ${response.status}`);
      })
      .catch((error: unknown) => logError("payments.simulator-delivery-failed", error, { eventId: event.id }));
    waitUntil(posted);
    return Promise.resolve();
  };
}

// Stripe's wording of an amount, e.g. "€1,600.00".
const euros = (cents: number) =>
  `€${(cents / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

export function createSimulatorProvider({
  db,
  appUrl,
  webhookSecret,
  now,
  deliver,
}: {
  db: Db;
  appUrl: string;
  webhookSecret: string;
  now: () => Date;
  deliver: DeliverEvent;
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
      return { ok: true };
    },

    async refund(paymentIntentId, { amountCents, idempotencyKey }) {
      const session = await findDevPaymentSessionByIntent(db, paymentIntentId);
      if (!session) return { ok: false, message: `No such payment_intent: '${paymentIntentId}'` };
      if (session.status !== "captured" && session.status !== "refunded")
        return {
          ok: false,
          message: `This PaymentIntent (${paymentIntentId}) does not have a successful charge to refund.`,
        };
      if (!Number.isSafeInteger(amountCents) || amountCents <= 0)
        return { ok: false, message: "Invalid positive integer" };
      const outcome = await recordDevRefund(db, {
        id: simulatorId("re"),
        idempotencyKey,
        paymentIntentId,
        amountCents,
        now: now(),
      });
      if (outcome.done === "replayed") return { ok: true };
      if (outcome.done === "tooMuch")
        return {
          ok: false,
          message: `Refund amount (${euros(amountCents)}) is greater than unrefunded amount on charge (${euros(outcome.leftCents)})`,
        };
      // As with Stripe, charge.refunded tells the app; a lost delivery is logged, the refund stands.
      const event = await simulatorChargeEvent(
        { ...session, refundedCents: outcome.totalRefundedCents },
        "refunded",
        now(),
        webhookSecret,
      );
      await deliver(event).catch((error: unknown) => {
        logError("payments.simulator-delivery-failed", error, { orderId: session.orderId });
      });
      return { ok: true };
    },

    async expireCheckout(sessionId) {
      await moveDevPaymentSession(db, { by: { id: sessionId }, from: ["open"], to: "expired" });
    },

    async findAuthorisation(sessionId) {
      const session = await findDevPaymentSession(db, sessionId);
      if (session?.status !== "authorised") return null;
      return {
        id: `reconcile:${sessionId}`,
        kind: "authorised",
        orderId: session.orderId,
        sessionId,
        paymentIntentId: session.paymentIntentId,
        amountCents: session.amountCents,
        currency: session.currency,
        captureBefore: null,
      };
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
              // Stripe makes the payment intent only when the buyer pays.
              payment_intent: null,
              payment_status: "unpaid",
              status: "expired",
              success_url: session.successUrl,
            },
          ];
  return signedEvent(type, object, created, webhookSecret);
}
