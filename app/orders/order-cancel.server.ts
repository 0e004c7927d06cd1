// The one cancellation of an order: docs/payments.md 'Cancellation and refunds'. A customer's never
// wins over its flight's: docs/decisions/047-one-order-path.md.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { sql } from "drizzle-orm";

import { orders } from "#app/db/schema";
import type { CancelReason, OrderActor, OrderStatus, PaymentState } from "#app/utils/constants";
import { logError } from "#app/utils/request-log.server";

import { findOrderForPayment, type OrderForPayment } from "./order-life.queries.server";
import { cancelMove } from "./order-machine";
import { closePaymentPage, refundKey, refundOrder, releaseAuthorisation } from "./order-money.server";
import { lastEventId, movePayment } from "./order-moves.queries.server";
import { moveOrder, recordOrderEvent } from "./order-moves.server";
import { issueCreditNote } from "./receipts.server";

export type CancelOutcome =
  | { ok: true; money: "nothing" | "released" | "refunded" | "refundFailed"; refundedCents: number }
  | { ok: false; reason: "notFound" | "alreadyCancelled" | "notUpdated" | "flightCancelled" | "failed" };

export type CancelInput = {
  orderId: string;
  reason: CancelReason;
  actor: OrderActor;
  changedBy?: string | null;
  refundCents?: number;
  feeCents?: number;
  /** An order that moved on meanwhile (staff captured it) is `notUpdated`, never refunded. */
  onlyFrom?: readonly OrderStatus[];
  messageOptions?: Record<string, unknown>;
};

// A status that moves on between our read and our move is read again, at most this often.
const ATTEMPTS = 3;

const flightScheduled = sql`exists (select 1 from flights where flights.id = ${orders.flightId} and flights.status = 'scheduled')`;

export async function cancelOrder(context: AppLoadContext, input: CancelInput): Promise<CancelOutcome> {
  try {
    for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
      const order = await findOrderForPayment(context.db, input.orderId);
      if (!order) return { ok: false, reason: "notFound" };
      if (order.status === "cancelled") return { ok: false, reason: "alreadyCancelled" };
      if (input.onlyFrom && !input.onlyFrom.includes(order.status)) return { ok: false, reason: "notUpdated" };
      if (input.reason === "customer" && order.flightStatus === "cancelled")
        return { ok: false, reason: "flightCancelled" };
      const owed = refundOwed(order, input);
      const moved = await moveOrder(context.db, {
        orderId: order.id,
        move: cancelMove(input.reason),
        from: order.status,
        paymentState: paymentStateAfterMove(order, owed),
        actor: input.actor,
        changedBy: input.changedBy ?? null,
        now: context.now(),
        set: {
          cancelReason: input.reason,
          cancelledAt: context.now(),
          cancellationFeeCents: input.feeCents ?? null,
        },
        // The money as read (a capture confirmed meanwhile sends us round again); a fee only while the flight flies.
        when: sql`${orders.paymentState} = ${order.paymentState} ${input.reason === "customer" ? sql`and ${flightScheduled}` : sql``}`,
        messageOptions: input.messageOptions,
      });
      if (moved) return await moveMoney(context, order, owed);
    }
    return { ok: false, reason: "notUpdated" };
  } catch (error) {
    logError("orders.cancellation-failed", error, { requestId: context.requestId, orderId: input.orderId });
    return { ok: false, reason: "failed" };
  }
}

/** Set by the move, before the money moves: a crash leaves what is owed where staff look. */
function paymentStateAfterMove(order: OrderForPayment, owed: number): PaymentState {
  if (order.status === "processing") return "released";
  const paid = order.paymentState === "captured" || order.paymentState === "offline";
  return order.status === "completed" && owed > 0 && paid ? "refundFailed" : order.paymentState;
}

function refundOwed(order: OrderForPayment, input: Pick<CancelInput, "refundCents" | "feeCents">): number {
  const left = order.amountCents - order.refundedCents;
  const asked = input.refundCents ?? order.amountCents - (input.feeCents ?? 0) - order.refundedCents;
  return Math.max(0, Math.min(left, asked));
}

const nothing = { ok: true, money: "nothing", refundedCents: 0 } as const;

async function moveMoney(context: AppLoadContext, order: OrderForPayment, owed: number): Promise<CancelOutcome> {
  const intent = order.paymentIntentId;
  if (order.status === "pending") {
    await closePaymentPage(context, order);
    return nothing;
  }
  if (order.status === "processing") {
    if (!intent) return nothing;
    await releaseAuthorisation(context, { ...order, status: "cancelled", paymentState: "released" }, intent);
    return { ok: true, money: "released", refundedCents: 0 };
  }
  if (order.paymentState === "offline") {
    if (owed === 0) return nothing;
    await recordOrderEvent(context.db, {
      orderId: order.id,
      move: "refundManual",
      status: "cancelled",
      paymentState: "refundFailed",
      actor: "system",
      detail: `${owed}`,
      now: context.now(),
    });
    return { ok: true, money: "refundFailed", refundedCents: 0 };
  }
  if (!intent) return nothing;
  if (order.paymentState === "authorised") {
    // Cancelled while staff's capture ran: release it; if the capture won, give the money back.
    const released = await releaseAuthorisation(context, order, intent, { onRefusal: "leave" });
    if (!released)
      return refunded(
        await refundOrder(context, { ...order, paymentIntentId: intent }, { owed, from: ["authorised"] }),
      );
    await movePayment(context.db, {
      orderId: order.id,
      move: "authorisationReleased",
      from: ["authorised"],
      to: "released",
      actor: "provider",
      now: context.now(),
    });
    return { ok: true, money: "released", refundedCents: 0 };
  }
  if (owed === 0) return nothing;
  return refunded(await refundOrder(context, { ...order, paymentIntentId: intent }, { owed, from: ["refundFailed"] }));
}

const refunded = (result: Awaited<ReturnType<typeof refundOrder>>): CancelOutcome =>
  result.ok
    ? { ok: true, money: "refunded", refundedCents: result.refundedCents }
    : { ok: true, money: "refundFailed", refundedCents: 0 };

export type RetryRefundOutcome =
  | { ok: true; refundedCents: number }
  | { ok: false; reason: "notUpdated" | "failed" }
  | { ok: false; reason: "refundFailed"; message: string };

/** Two retries at once share the last refusal's key, so the provider moves the money once. */
export async function retryRefund(
  context: AppLoadContext,
  { orderId, by }: { orderId: string; by: string },
): Promise<RetryRefundOutcome> {
  try {
    const order = await findOrderForPayment(context.db, orderId);
    if (order?.paymentState !== "refundFailed") return { ok: false, reason: "notUpdated" };
    const owed = Math.max(0, order.amountCents - (order.cancellationFeeCents ?? 0) - order.refundedCents);
    if (!order.paymentIntentId || owed === 0) {
      const settled = await movePayment(context.db, {
        orderId,
        move: "refundManual",
        from: ["refundFailed"],
        to: "refunded",
        refundedCents: order.refundedCents + owed,
        actor: "staff",
        changedBy: by,
        detail: `${order.refundedCents + owed}`,
        now: context.now(),
      });
      if (!settled) return { ok: false, reason: "notUpdated" };
      await issueCreditNote(context, orderId);
      return { ok: true, refundedCents: owed };
    }
    const attempt = (await lastEventId(context.db, orderId, "refundFailed")) ?? 0;
    const result = await refundOrder(
      context,
      { ...order, paymentIntentId: order.paymentIntentId },
      { owed, from: ["refundFailed"], idempotencyKey: `${refundKey(orderId)}:retry:${attempt}`, by },
    );
    return result.ok
      ? { ok: true, refundedCents: owed }
      : { ok: false, reason: "refundFailed", message: result.message };
  } catch (error) {
    logError("orders.refund-retry-failed", error, { requestId: context.requestId, orderId });
    return { ok: false, reason: "failed" };
  }
}
