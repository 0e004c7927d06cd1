// Stripe behind `PaymentProvider`: docs/payments.md 'The provider interface'.
import Stripe from "stripe";

import type { MoneyMoveResult, PaymentProvider } from "./provider.server";
import { verifyAndParse } from "./stripe-events.server";

// Stripe refuses a Checkout Session closing under 30 minutes or over 24 hours after its creation.
const MIN_SESSION_SECONDS = 30 * 60;
const MAX_SESSION_SECONDS = 24 * 60 * 60;
const SESSION_MARGIN_SECONDS = 60;
// The package's default, 80 s, is too long for a page.
const REQUEST_TIMEOUT_MS = 20_000;

export function createStripeProvider({
  secretKey,
  webhookSecret,
  fetch: fetchFn,
  now = () => new Date(),
}: {
  secretKey: string;
  webhookSecret: string;
  fetch?: typeof fetch;
  now?: () => Date;
}): PaymentProvider {
  // Built at the first call: most requests never talk to Stripe.
  let client: Stripe | null = null;
  const stripe = () =>
    (client ??= new Stripe(secretKey, {
      httpClient: Stripe.createFetchHttpClient(fetchFn),
      timeout: REQUEST_TIMEOUT_MS,
    }));

  return {
    name: "stripe",

    async createCheckout(input) {
      const nowSeconds = Math.floor(now().getTime() / 1000);
      const expiresAt = Math.min(
        Math.max(
          Math.floor(input.expiresAt.getTime() / 1000),
          nowSeconds + MIN_SESSION_SECONDS + SESSION_MARGIN_SECONDS,
        ),
        nowSeconds + MAX_SESSION_SECONDS - SESSION_MARGIN_SECONDS,
      );
      const metadata = { order_id: input.orderId, reference: input.reference };
      const session = await stripe().checkout.sessions.create(
        {
          mode: "payment",
          client_reference_id: input.orderId,
          customer_email: input.customerEmail,
          locale: input.locale as Stripe.Checkout.SessionCreateParams.Locale,
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: input.currency,
                unit_amount: input.amountCents,
                product_data: { name: input.description },
              },
            },
          ],
          payment_intent_data: { capture_method: "manual", metadata },
          metadata,
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
          expires_at: expiresAt,
        },
        { idempotencyKey: input.idempotencyKey },
      );
      if (!session.url) throw new Error(`Stripe gave no URL for the Checkout Session ${session.id}`);
      return { sessionId: session.id, url: session.url };
    },

    async capture(paymentIntentId, { idempotencyKey }) {
      return moneyMove(() => stripe().paymentIntents.capture(paymentIntentId, {}, { idempotencyKey }));
    },

    async cancelAuthorisation(paymentIntentId, { idempotencyKey }) {
      return moneyMove(
        () => stripe().paymentIntents.cancel(paymentIntentId, {}, { idempotencyKey }),
        // Released before (a retry, or Stripe's own cancellation): what was asked is done.
        (error) => error.code === "payment_intent_unexpected_state" && error.payment_intent?.status === "canceled",
      );
    },

    async refund(paymentIntentId, { amountCents, idempotencyKey }) {
      return moneyMove(() =>
        stripe().refunds.create({ payment_intent: paymentIntentId, amount: amountCents }, { idempotencyKey }),
      );
    },

    async expireCheckout(sessionId) {
      try {
        await stripe().checkout.sessions.expire(sessionId);
      } catch (error) {
        // Already closed, unpaid or paid: nothing is left to close (the webhook tells the rest).
        if (
          error instanceof Stripe.errors.StripeInvalidRequestError &&
          /status of [`"']?(expired|complete)\b/.test(error.message)
        )
          return;
        throw new Error(stripeMessage(error));
      }
    },

    async findAuthorisation(sessionId) {
      const session = await stripe().checkout.sessions.retrieve(sessionId, {
        expand: ["payment_intent.latest_charge"],
      });
      const intent = session.payment_intent;
      if (!intent || typeof intent === "string" || intent.status !== "requires_capture") return null;
      const charge = intent.latest_charge && typeof intent.latest_charge === "object" ? intent.latest_charge : null;
      const captureBefore = charge?.payment_method_details?.card?.capture_before;
      return {
        id: `reconcile:${sessionId}`,
        kind: "authorised",
        orderId: session.metadata?.order_id ?? session.client_reference_id ?? null,
        sessionId,
        paymentIntentId: intent.id,
        amountCents: intent.amount_capturable,
        currency: intent.currency,
        captureBefore: captureBefore ? new Date(captureBefore * 1000) : null,
      };
    },

    parseWebhook(rawBody, signatureHeader) {
      return verifyAndParse(rawBody, signatureHeader, webhookSecret, now());
    },
  };
}

// Stripe's refusal becomes its message, never the whole error (it carries the request).
async function moneyMove(
  call: () => Promise<unknown>,
  alreadyDone: (error: InstanceType<typeof Stripe.errors.StripeError>) => boolean = () => false,
): Promise<MoneyMoveResult> {
  try {
    await call();
    return { ok: true };
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError && alreadyDone(error)) return { ok: true };
    return { ok: false, message: stripeMessage(error) };
  }
}

function stripeMessage(error: unknown): string {
  if (error instanceof Error) return error.message.split("\n")[0]!.slice(0, 500) || error.name;
  return "Stripe request failed";
}
