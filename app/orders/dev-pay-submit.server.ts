/**
 * A button of the payment simulator's page (/dev/pay/{session}, docs/payments.md): the
 * page closed and its events signed by payments/dev-pay.server.ts, each event goes
 * through `applyPaymentWebhook`, the webhook's own path: the order moves exactly as it
 * would on a real webhook.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { closeDevPayment } from "#app/payments/dev-pay.server";
import type { SimulatorAction } from "#app/payments/simulator.server";
import { applyPaymentWebhook } from "./order-payment.server";

export type DevPayOutcome =
  { ok: true; redirectTo: string } | { ok: false; reason: "notFound" | "closed" | "invalidSignature" | "unknownOrder" };

/**
 * 'Payer', 'Carte refusée' or 'Abandonner' on the page of `sessionId`: the page is closed
 * first (once, whoever clicks twice), then the signed event goes through the webhook's
 * path; if that path refuses or fails, the page opens again so the buyer can retry.
 */
export async function submitDevPayment(
  context: AppLoadContext,
  { sessionId, action }: { sessionId: string; action: SimulatorAction },
): Promise<DevPayOutcome> {
  const closed = await closeDevPayment(context, { sessionId, action });
  if (!closed.ok) return closed;
  try {
    for (const event of closed.events) {
      const outcome = await applyPaymentWebhook(context, event.rawBody, event.signature);
      // The simulator's own events always have the shape the webhook reads: one that does not is a bug.
      if (!outcome.ok && outcome.reason === "malformedEvent") throw new Error(outcome.problem);
      if (!outcome.ok) {
        await closed.reopen();
        return { ok: false, reason: outcome.reason };
      }
    }
  } catch (error) {
    await closed.reopen();
    throw error;
  }
  return { ok: true, redirectTo: closed.redirectTo };
}
