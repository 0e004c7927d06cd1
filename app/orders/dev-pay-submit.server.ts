// The simulator page's buttons and redeliveries, through the webhook's path: docs/orders.md 'Webhooks never received'.
import type { AppLoadContext } from "@remix-run/cloudflare";

import { acknowledgeEvent, closeDevPayment, dueRedeliveries } from "#app/payments/dev-pay.server";
import type { SimulatorAction } from "#app/payments/simulator.server";
import { logError } from "#app/utils/request-log.server";

import { applyPaymentWebhook } from "./order-payment.server";

export type DevPayOutcome =
  { ok: true; redirectTo: string } | { ok: false; reason: "notFound" | "closed" | "invalidSignature" | "unknownOrder" };

/** If the webhook's path refuses, the page opens again; if it fails or the process dies, the cron delivers again. */
export async function submitDevPayment(
  context: AppLoadContext,
  { sessionId, action }: { sessionId: string; action: SimulatorAction },
): Promise<DevPayOutcome> {
  const closed = await closeDevPayment(context, { sessionId, action });
  if (!closed.ok) return closed;
  for (const event of closed.events) {
    const outcome = await applyPaymentWebhook(context, event.rawBody, event.signature);
    // The simulator's own events always have the shape the webhook reads: one that does not is a bug.
    if (!outcome.ok && outcome.reason === "malformedEvent") throw new Error(outcome.problem);
    if (!outcome.ok) {
      await closed.reopen();
      return { ok: false, reason: outcome.reason };
    }
    await acknowledgeEvent(context, event.id);
  }
  return { ok: true, redirectTo: closed.redirectTo };
}

export async function redeliverSimulatorEvents(context: AppLoadContext) {
  let delivered = 0;
  for (const event of await dueRedeliveries(context)) {
    const outcome = await applyPaymentWebhook(context, event.rawBody, event.signature).catch((error: unknown) => {
      logError("payments.simulator-delivery-failed", error, { eventId: event.id });
      return null;
    });
    if (!outcome?.ok) continue;
    await acknowledgeEvent(context, event.id);
    delivered += 1;
  }
  return { delivered };
}
