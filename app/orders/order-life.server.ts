// Staff's and the cron's moves of an order: docs/orders.md 'The state machine'.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { sql } from "drizzle-orm";

import { notifyWaitlist } from "#app/alerts/waitlist.server";
import { orders } from "#app/db/schema";
import { logError } from "#app/utils/request-log.server";

import {
  findOrderForPayment,
  flightWithOperator,
  listDepartedPendingOrders,
  listExpiredHolds,
} from "./order-life.queries.server";
import { sendOrderMessages } from "./order-messages.server";
import { closePaymentPage, releaseAuthorisation } from "./order-money.server";
import { confirmCapture, moveOrder, undoCapture } from "./order-moves.server";

export function holdExpiry(context: AppLoadContext, from: Date): Date {
  return new Date(from.getTime() + context.env.HOLD_MINUTES * 60_000);
}

export type ValidateOutcome =
  | { ok: true; payment: "captured" | "offline" }
  | { ok: false; reason: "notUpdated" | "operatorUnknown" | "captureFailed" | "failed"; message?: string };

export async function validateOrder(
  context: AppLoadContext,
  { orderId, by }: { orderId: string; by: string },
): Promise<ValidateOutcome> {
  try {
    const order = await findOrderForPayment(context.db, orderId);
    const now = context.now();
    // The passenger must know who flies them before the booking is confirmed; nothing moves, no money either.
    const operatorNamed = sql`exists (${flightWithOperator})`;
    if ((order?.status === "pending" || order?.status === "processing") && !order.operatorNamed)
      return { ok: false, reason: "operatorUnknown" };
    if (order?.status === "pending") {
      const moved = await moveOrder(context.db, {
        orderId,
        move: "validatedOffline",
        from: "pending",
        paymentState: "offline",
        actor: "staff",
        changedBy: by,
        now,
        when: operatorNamed,
      });
      if (!moved) return { ok: false, reason: "notUpdated" };
      await closePaymentPage(context, order);
      await sendOrderMessages(context, orderId);
      return { ok: true, payment: "offline" };
    }
    if (order?.status !== "processing" || !order.paymentIntentId) return { ok: false, reason: "notUpdated" };
    // The move first: a refusal at the same moment cannot win once the money is taken (docs/payments.md).
    const moved = await moveOrder(context.db, {
      orderId,
      move: "captured",
      from: "processing",
      paymentState: "captured",
      actor: "staff",
      changedBy: by,
      now,
      set: { paymentState: "authorised" },
      when: operatorNamed,
    });
    if (!moved) return { ok: false, reason: "notUpdated" };
    const capture = await context.payments.capture(order.paymentIntentId, { idempotencyKey: `capture:${orderId}` });
    if (!capture.ok) {
      const detail = capture.message.slice(0, 300);
      // Not undone: cancelled while the capture ran (its authorisation released first).
      if (!(await undoCapture(context.db, { orderId, now: context.now(), detail })))
        return { ok: false, reason: "notUpdated" };
      await sendOrderMessages(context, orderId);
      return { ok: false, reason: "captureFailed", message: capture.message };
    }
    // Not confirmed: cancelled while the capture ran, and the cancellation gives this money back.
    if (!(await confirmCapture(context.db, { orderId, now: context.now() })))
      return { ok: false, reason: "notUpdated" };
    await sendOrderMessages(context, orderId);
    return { ok: true, payment: "captured" };
  } catch (error) {
    logError("orders.validation-failed", error, { requestId: context.requestId, orderId });
    return { ok: false, reason: "failed" };
  }
}

export type RefuseOutcome = { ok: true } | { ok: false; reason: "notUpdated" | "failed" };

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
      paymentState: order.status === "processing" ? "released" : order.paymentState,
      actor: "staff",
      changedBy: by,
      now: context.now(),
      set: { cancelReason: "refused" },
    });
    if (!moved) return { ok: false, reason: "notUpdated" };
    if (order.status === "processing" && order.paymentIntentId) {
      const released = { ...order, status: "cancelled", paymentState: "released" } as const;
      await releaseAuthorisation(context, released, order.paymentIntentId);
    }
    await closePaymentPage(context, order);
    await sendOrderMessages(context, orderId);
    await notifyWaitlist(context, { flightIds: [order.flightId] });
    return { ok: true };
  } catch (error) {
    logError("orders.refusal-failed", error, { requestId: context.requestId, orderId });
    return { ok: false, reason: "failed" };
  }
}

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
      if (!order) continue;
      const moved = await moveOrder(context.db, {
        orderId: id,
        move: reason,
        from: "pending",
        paymentState: order.paymentState,
        actor: "system",
        now,
        set: { cancelReason: reason },
        when: reason === "expired" ? sql`${orders.holdExpiresAt} <= ${now.getTime()}` : undefined,
      });
      if (!moved) continue;
      cancelled += 1;
      await closePaymentPage(context, order);
      await sendOrderMessages(context, id);
      if (reason === "expired") released.add(order.flightId);
    }
  }
  // The cron tells each flight's waitlist once; the checkout's buyer takes the seats at once.
  if (!flightId) await notifyWaitlist(context, { flightIds: [...released] });
  return cancelled;
}
