/**
 * The life of an order (docs/payments.md): the one service that moves
 * orders. The card is authorised at booking and captured only when staff validate.
 *
 *   checkout ──> pending (seats held until hold_expires_at) ──authorised──> processing
 *   pending ──payment failed / page expired / hold expired / staff refuse──> cancelled (seats back)
 *   pending ──staff validate (paid offline)──> completed
 *   processing ──staff validate: capture──> completed      (a failed capture stays processing)
 *   processing ──staff refuse: authorisation released──> cancelled (seats back)
 *   processing ──deadline passed / flight departed: released──> cancelled (order-deadlines.server.ts)
 *
 * Every move is a conditional update in one batch (orders/order-life.queries.server.ts), applied
 * once whoever tries it at the same moment; mails follow the moves that happened. The moves the
 * payment provider causes (the hosted page, its webhooks) are in order-payment.server.ts; staff's
 * and the cron's are here.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { sql } from "drizzle-orm";
import { orders } from "#app/db/schema";
import {
  findOrderForPayment,
  listDepartedPendingOrders,
  listExpiredHolds,
  moveOrder,
  recordOrderEvent,
  undoCapture,
  type OrderForPayment,
} from "./order-life.queries.server";
import { sendOrderMail } from "./order-mails.server";
import { confirmCapture } from "./order-cancel.queries.server";
import { issueReceipt } from "./receipts.server";
import { notifyWaitlist } from "#app/alerts/waitlist.server";
import { logError } from "#app/utils/request-log.server";

/** A pending order's hold, from its creation: HOLD_MINUTES (30 unless configured). */
export function holdExpiry(context: AppLoadContext, from: Date): Date {
  return new Date(from.getTime() + context.env.HOLD_MINUTES * 60_000);
}

/** Releases an authorisation; a failure is recorded for staff (authorisations also lapse by themselves after 7 days). */
export async function releaseAuthorisation(
  context: AppLoadContext,
  order: Pick<OrderForPayment, "id" | "status" | "paymentState">,
  intent: string,
) {
  const result = await context.payments.cancelAuthorisation(intent, { idempotencyKey: `release:${intent}` });
  if (result.ok) return true;
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

/**
 * After a cancellation: the hosted page closed (best effort), the customer told, and,
 * unless the caller does it for several orders at once, the flight's waitlist told of
 * the seats given back (`notifyWaitlist` never throws).
 */
export async function afterCancellation(
  context: AppLoadContext,
  order: Pick<OrderForPayment, "id" | "paymentSessionId" | "flightId">,
  { waitlist = true }: { waitlist?: boolean } = {},
) {
  if (order.paymentSessionId) {
    await context.payments.expireCheckout(order.paymentSessionId).catch((error: unknown) => {
      logError("payments.page-close-failed", error, { requestId: context.requestId, orderId: order.id });
    });
  }
  await sendOrderMail(context, order.id, "cancelled");
  if (waitlist) await notifyWaitlist(context, { flightIds: [order.flightId] });
}

export type ValidateOutcome =
  | { ok: true; payment: "captured" | "offline" }
  | { ok: false; reason: "notUpdated" | "captureFailed" | "failed"; message?: string };

/**
 * Staff's 'Valider': a processing order's authorisation is captured; a pending one was
 * paid outside the site (bank transfer) and is recorded as such.
 */
export async function validateOrder(
  context: AppLoadContext,
  { orderId, by }: { orderId: string; by: string },
): Promise<ValidateOutcome> {
  try {
    const order = await findOrderForPayment(context.db, orderId);
    const now = context.now();
    if (order?.status === "pending") {
      const moved = await moveOrder(context.db, {
        orderId,
        move: "validatedOffline",
        from: "pending",
        to: "completed",
        paymentState: "offline",
        actor: "staff",
        changedBy: by,
        now,
      });
      if (!moved) return { ok: false, reason: "notUpdated" };
      if (order.paymentSessionId) await context.payments.expireCheckout(order.paymentSessionId).catch(() => undefined);
      // Paid outside the site, and received: a receipt like a capture's (decision 035).
      await issueReceipt(context, orderId);
      await sendOrderMail(context, orderId, "completed");
      return { ok: true, payment: "offline" };
    }
    if (order?.status !== "processing" || !order.paymentIntentId) return { ok: false, reason: "notUpdated" };
    // The move first: a refusal at the same moment cannot win once the money is taken. The
    // row stays 'authorised' until the provider confirms (decision 031): a cancellation
    // meanwhile releases the authorisation, or refunds what the capture took.
    const moved = await moveOrder(context.db, {
      orderId,
      move: "captured",
      from: "processing",
      to: "completed",
      paymentState: "captured",
      actor: "staff",
      changedBy: by,
      now,
      set: { paymentState: "authorised" },
    });
    if (!moved) return { ok: false, reason: "notUpdated" };
    const capture = await context.payments.capture(order.paymentIntentId, { idempotencyKey: `capture:${orderId}` });
    if (!capture.ok) {
      const undone = await undoCapture(context.db, {
        orderId,
        now: context.now(),
        detail: capture.message.slice(0, 300),
      });
      // Cancelled while the capture ran (its authorisation released first): nothing for staff to do.
      if (!undone) return { ok: false, reason: "notUpdated" };
      await sendOrderMail(context, orderId, "staffCaptureFailed", { detail: capture.message });
      return { ok: false, reason: "captureFailed", message: capture.message };
    }
    // Cancelled while the capture ran: the cancellation gives this money back (order-cancel.server.ts).
    if (!(await confirmCapture(context.db, { orderId, now: context.now() })))
      return { ok: false, reason: "notUpdated" };
    // Before the mail, which links it. A failure is logged and leaves the order completed.
    await issueReceipt(context, orderId);
    await sendOrderMail(context, orderId, "completed");
    return { ok: true, payment: "captured" };
  } catch (error) {
    logError("orders.validation-failed", error, { requestId: context.requestId, orderId });
    return { ok: false, reason: "failed" };
  }
}

export type RefuseOutcome = { ok: true } | { ok: false; reason: "notUpdated" | "failed" };

/** Staff's 'Refuser': cancelled, seats back, an authorisation released, the customer told. */
export async function refuseOrder(
  context: AppLoadContext,
  { orderId, by }: { orderId: string; by: string },
): Promise<RefuseOutcome> {
  try {
    const order = await findOrderForPayment(context.db, orderId);
    if (order?.status !== "pending" && order?.status !== "processing") return { ok: false, reason: "notUpdated" };
    const moved = await moveOrder(context.db, {
      orderId,
      move: "refused",
      from: order.status,
      to: "cancelled",
      paymentState: order.status === "processing" ? "released" : order.paymentState,
      actor: "staff",
      changedBy: by,
      now: context.now(),
      set: { cancelReason: "refused" },
    });
    if (!moved) return { ok: false, reason: "notUpdated" };
    if (order.status === "processing" && order.paymentIntentId) {
      await releaseAuthorisation(
        context,
        { ...order, status: "cancelled", paymentState: "released" },
        order.paymentIntentId,
      );
    }
    await afterCancellation(context, order);
    return { ok: true };
  } catch (error) {
    logError("orders.refusal-failed", error, { requestId: context.requestId, orderId });
    return { ok: false, reason: "failed" };
  }
}

/**
 * Unpaid holds past their end, and pending orders whose flight has left: cancelled, seats
 * back, the customer told. The 5-minute cron runs it; the checkout runs it for its own
 * flight first (`flightId`), so a buyer is never refused a seat held by a dead order.
 */
export async function expireUnpaidHolds(
  context: AppLoadContext,
  { flightId }: { flightId?: string } = {},
): Promise<number> {
  const now = context.now();
  const expired = await listExpiredHolds(context.db, { now, flightId });
  const departed = flightId ? [] : await listDepartedPendingOrders(context.db, { now });
  let cancelled = 0;
  const released = new Set<string>();
  for (const [rows, reason] of [
    [expired, "expired"],
    [departed, "departed"],
  ] as const) {
    for (const { id } of rows) {
      const order = await findOrderForPayment(context.db, id);
      const moved = await moveOrder(context.db, {
        orderId: id,
        move: reason,
        from: "pending",
        to: "cancelled",
        paymentState: order?.paymentState ?? "none",
        actor: "system",
        now,
        set: { cancelReason: reason },
        when: reason === "expired" ? sql`${orders.holdExpiresAt} <= ${now.getTime()}` : undefined,
      });
      if (!moved) continue;
      cancelled += 1;
      if (order) {
        await afterCancellation(context, order, { waitlist: false });
        if (reason === "expired") released.add(order.flightId);
      }
    }
  }
  // The cron tells each flight's waitlist once. Not the checkout (`flightId`): its buyer
  // takes the seats that came back at once; what they leave, the cron's sweep announces.
  if (!flightId) await notifyWaitlist(context, { flightIds: [...released] });
  return cancelled;
}
