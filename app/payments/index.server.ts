import type { Db } from "#app/db/client.server";
import type { AppEnv } from "#app/utils/env.server";

import type { PaymentProvider } from "./provider.server";
import { createSimulatorProvider, type DeliverEvent } from "./simulator.server";
import { createStripeProvider } from "./stripe.server";

export function createPaymentProviderFromEnv(
  env: AppEnv,
  db: Db,
  now: () => Date,
  deliver: DeliverEvent,
): PaymentProvider {
  if (env.PAYMENT_PROVIDER === "stripe") {
    // parseEnv refuses "stripe" without a key; the check keeps the types honest.
    if (!env.STRIPE_SECRET_KEY) throw new Error("STRIPE_SECRET_KEY is required with PAYMENT_PROVIDER=stripe");
    return createStripeProvider({ secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET, now });
  }
  return createSimulatorProvider({ db, appUrl: env.APP_URL, webhookSecret: env.STRIPE_WEBHOOK_SECRET, now, deliver });
}
