import type { ActionFunctionArgs } from "@remix-run/cloudflare";

import { applyPaymentWebhook } from "#app/orders/order-payment.server";
import { errorLogLine, logEvent, writeLogLine } from "#app/utils/request-log.server";

export function loader() {
  // A real Response: a resource route's `data()` loses its status under single fetch.
  return Response.json({ message: "Method Not Allowed" }, { status: 405, headers: { Allow: "POST" } });
}

/**
 * docs/payments.md. The signature is checked before anything is read. 200 tells the provider not
 * to resend (applied, a replay, an unused type); a signed event of a shape we do not read is a 400,
 * never a 5xx that the provider would retry for days.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const outcome = await applyPaymentWebhook(context, await request.text(), request.headers.get("Stripe-Signature"));
  if (outcome.ok) return Response.json({ received: true, applied: outcome.applied });
  if (outcome.reason === "invalidSignature") return Response.json({ message: "Invalid signature" }, { status: 400 });
  if (outcome.reason === "malformedEvent") {
    writeLogLine(
      errorLogLine(
        context.requestId,
        new Error(`payments: a signed webhook of an unexpected shape: ${outcome.problem}`),
      ),
    );
    return Response.json({ message: "Unexpected event" }, { status: 400 });
  }
  // An event for an order we do not have (another environment's account): nothing to retry.
  logEvent("warn", "payments.webhook-unknown-order", { requestId: context.requestId });
  return Response.json({ received: true, applied: false });
}
