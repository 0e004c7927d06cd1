// Authorisations no webhook told, asked of the provider: docs/orders.md 'Webhooks never received'.
import type { AppLoadContext } from "@remix-run/cloudflare";

import { logError } from "#app/utils/request-log.server";

import { listOrdersToReconcile } from "./order-life.queries.server";
import { applyProviderEvent } from "./order-payment.server";

/** A page younger than this may still be paid, its webhook on its way. */
const QUIET_MS = 2 * 60_000;
/** A cron-cancelled order is asked about this long after, so a late payment is released. */
const CANCELLED_WINDOW_MS = 15 * 60_000;

export async function reconcilePendingPayments(context: AppLoadContext) {
  const now = context.now().getTime();
  const rows = await listOrdersToReconcile(context.db, {
    quietSince: new Date(now - QUIET_MS),
    cancelledSince: new Date(now - CANCELLED_WINDOW_MS),
  });
  let applied = 0;
  for (const { id, paymentSessionId } of rows) {
    try {
      const event = await context.payments.findAuthorisation(paymentSessionId);
      if (!event) continue;
      const outcome = await applyProviderEvent(context, { ...event, orderId: event.orderId ?? id });
      if (outcome.ok && outcome.applied) applied += 1;
    } catch (error) {
      logError("payments.reconcile-failed", error, { requestId: context.requestId, orderId: id });
    }
  }
  return { checked: rows.length, applied };
}
