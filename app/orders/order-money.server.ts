// The money after a move, one helper each: docs/orders.md 'The state machine'; the idempotency keys,
// docs/payments.md 'The provider interface'.
import type { AppLoadContext } from "@remix-run/cloudflare";

import type { OrderStatus, PaymentState } from "#app/utils/constants";
import { logError } from "#app/utils/request-log.server";

import { movePayment } from "./order-moves.queries.server";
import { recordOrderEvent } from "./order-moves.server";
import { issueCreditNote } from "./receipts.server";

export const releaseKey = (intent: string) => `release:${intent}`;
export const refundKey = (orderId: string) => `refund:${orderId}`;

type OrderRef = { id: string; status: OrderStatus; paymentState: PaymentState };

/**
 * A refusal is written in the order's history for staff (the authorisation lapses by itself in
 * about 7 days), unless the caller has its own answer to it (`onRefusal: "leave"`).
 */
export async function releaseAuthorisation(
  context: AppLoadContext,
  order: OrderRef,
  intent: string,
  { onRefusal = "record" }: { onRefusal?: "record" | "leave" } = {},
) {
  const result = await context.payments.cancelAuthorisation(intent, { idempotencyKey: releaseKey(intent) });
  if (result.ok) return true;
  if (onRefusal === "leave") return false;
  await recordOrderEvent(context.db, {
    orderId: order.id,
    move: "releaseFailed",
    status: order.status,
    paymentState: order.paymentState,
    actor: "provider",
    detail: result.message.slice(0, 300),
    now: context.now(),
  });
  return false;
}

/** A failure is logged: the page expires with the hold anyway. */
export async function closePaymentPage(
  context: AppLoadContext,
  order: { id: string; paymentSessionId: string | null },
) {
  if (!order.paymentSessionId) return;
  await context.payments.expireCheckout(order.paymentSessionId).catch((error: unknown) => {
    logError("payments.page-close-failed", error, { requestId: context.requestId, orderId: order.id });
  });
}

export type RefundResult = { ok: true; refundedCents: number } | { ok: false; message: string };

/** Recorded here or by the provider's webhook, whichever comes first. */
export async function refundOrder(
  context: AppLoadContext,
  order: { id: string; paymentIntentId: string; refundedCents: number },
  {
    owed,
    from,
    idempotencyKey = refundKey(order.id),
    by = null,
  }: { owed: number; from: PaymentState[]; idempotencyKey?: string; by?: string | null },
): Promise<RefundResult> {
  const result = await context.payments.refund(order.paymentIntentId, { amountCents: owed, idempotencyKey });
  const total = order.refundedCents + owed;
  const actor = by ? "staff" : "provider";
  if (!result.ok) {
    await movePayment(context.db, {
      orderId: order.id,
      move: "refundFailed",
      from: [...from, "refundFailed"],
      to: "refundFailed",
      actor: "provider",
      changedBy: by,
      detail: result.message.slice(0, 300),
      now: context.now(),
    });
    return { ok: false, message: result.message };
  }
  await movePayment(context.db, {
    orderId: order.id,
    move: "refunded",
    from,
    to: "refunded",
    refundedCents: total,
    raises: true,
    actor,
    changedBy: by,
    detail: `${total}`,
    now: context.now(),
  });
  await issueCreditNote(context, order.id);
  return { ok: true, refundedCents: owed };
}
