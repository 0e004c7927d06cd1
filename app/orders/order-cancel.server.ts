/**
 * The one cancellation of an order (decision 031), which every unhappy path uses: a flight
 * cancelled by staff or the feed, the customer's 'Annuler ma réservation', an authorisation
 * that lapsed, a flight that left. First the order moves to cancelled in one conditional
 * batch (seats back once, history row, reason, time, fee); then its money moves once:
 *
 *   pending                  -> the provider's page closed; nothing was taken
 *   processing               -> the authorisation released (key release:<intent>)
 *   completed, capture still running ('authorised') -> released; if the capture won, refunded
 *   completed, captured      -> refunded through the provider (key refund:<orderId>), in full
 *                               or less the fee; a refusal stays 'refundFailed'
 *                               ('Remboursement à traiter') until staff `retryRefund`
 *   completed, paid offline  -> 'refundFailed' with a 'refundManual' history row: staff
 *                               transfer it back and record it with `retryRefund`
 *
 * It sends no mail: each caller tells the customer in its own words, from the outcome.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { sql } from "drizzle-orm";
import { orders } from "#app/db/schema";
import { type CancelReason, type OrderActor, type OrderStatus, type PaymentState } from "#app/utils/constants";
import { logError } from "#app/utils/request-log.server";
import { findOrderForPayment, moveOrder, recordOrderEvent, type OrderForPayment } from "./order-life.queries.server";
import { lastEventId, movePayment } from "./order-cancel.queries.server";
import { issueCreditNote } from "./receipts.server";

export type CancelOutcome =
  | { ok: true; money: "nothing" | "released" | "refunded" | "refundFailed"; refundedCents: number }
  | { ok: false; reason: "notFound" | "alreadyCancelled" | "notUpdated" | "failed" };

export type CancelInput = {
  orderId: string;
  reason: CancelReason;
  actor: OrderActor;
  changedBy?: string | null;
  /** For a paid order: how much goes back; by default all of it but `feeCents`. */
  refundCents?: number;
  /** What the terms keep (the customer cancelled); stored on the order. */
  feeCents?: number;
  /**
   * Only from these statuses (the cron's deadline and departure moves: processing only); an
   * order that moved on meanwhile (staff captured it) is `notUpdated`, never refunded.
   */
  onlyFrom?: readonly OrderStatus[];
};

/** The key of an order's refund: one refund per order, whoever asks and however often. */
export const refundKey = (orderId: string) => `refund:${orderId}`;

/** A status that moves on between our read and our move is read again, at most this often. */
const ATTEMPTS = 3;

export async function cancelOrder(context: AppLoadContext, input: CancelInput): Promise<CancelOutcome> {
  try {
    for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
      const order = await findOrderForPayment(context.db, input.orderId);
      if (!order) return { ok: false, reason: "notFound" };
      if (order.status === "cancelled") return { ok: false, reason: "alreadyCancelled" };
      if (input.onlyFrom && !input.onlyFrom.includes(order.status)) return { ok: false, reason: "notUpdated" };
      const owed = refundOwed(order, input);
      // The row's payment state as the move leaves it, before the money moves.
      const paymentState: PaymentState =
        order.status === "processing"
          ? "released"
          : order.status === "completed" &&
              owed > 0 &&
              (order.paymentState === "captured" || order.paymentState === "offline")
            ? "refundFailed" // owed until the provider (or staff) confirms: a crash leaves it where staff look
            : order.paymentState;
      const moved = await moveOrder(context.db, {
        orderId: order.id,
        move: moveName(input.reason),
        from: order.status,
        to: "cancelled",
        paymentState,
        actor: input.actor,
        changedBy: input.changedBy ?? null,
        now: context.now(),
        set: {
          cancelReason: input.reason,
          cancelledAt: context.now(),
          cancellationFeeCents: input.feeCents ?? null,
        },
        // The money as we read it: a capture confirmed meanwhile sends us round again.
        when: sql`${orders.paymentState} = ${order.paymentState}`,
      });
      if (moved) return await moveMoney(context, order, owed);
    }
    return { ok: false, reason: "notUpdated" };
  } catch (error) {
    logError("orders.cancellation-failed", error, { requestId: context.requestId, orderId: input.orderId });
    return { ok: false, reason: "failed" };
  }
}

/** The history row's name: the reason (flightCancelled, customer, ...), as refused and expired are. */
const moveName = (reason: CancelReason) => reason;

function refundOwed(order: OrderForPayment, input: Pick<CancelInput, "refundCents" | "feeCents">): number {
  const left = order.amountCents - order.refundedCents;
  const asked = input.refundCents ?? order.amountCents - (input.feeCents ?? 0) - order.refundedCents;
  return Math.max(0, Math.min(left, asked));
}

async function moveMoney(context: AppLoadContext, order: OrderForPayment, owed: number): Promise<CancelOutcome> {
  const intent = order.paymentIntentId;
  if (order.status === "pending") {
    if (order.paymentSessionId) {
      await context.payments.expireCheckout(order.paymentSessionId).catch((error: unknown) => {
        logError("payments.page-close-failed", error, { requestId: context.requestId, orderId: order.id });
      });
    }
    return { ok: true, money: "nothing", refundedCents: 0 };
  }
  if (order.status === "processing" && intent) return release(context, order.id, intent);
  if (order.status === "processing") return { ok: true, money: "nothing", refundedCents: 0 };
  // completed
  if (order.paymentState === "offline") {
    if (owed === 0) return { ok: true, money: "nothing", refundedCents: 0 };
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
  if (!intent) return { ok: true, money: "nothing", refundedCents: 0 };
  if (order.paymentState === "authorised") {
    // Cancelled while staff's capture ran: release it; if the capture won, give the money back.
    const released = await context.payments.cancelAuthorisation(intent, { idempotencyKey: `release:${intent}` });
    if (released.ok) {
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
    return refund(context, order, owed, ["authorised"]);
  }
  if (owed === 0) return { ok: true, money: "nothing", refundedCents: 0 };
  return refund(context, order, owed, ["refundFailed"]);
}

/** A processing order's authorisation, released after its move (its row says 'released' already). */
async function release(context: AppLoadContext, orderId: string, intent: string): Promise<CancelOutcome> {
  const result = await context.payments.cancelAuthorisation(intent, { idempotencyKey: `release:${intent}` });
  if (!result.ok) {
    // The authorisation lapses by itself (about 7 days); staff see the provider's message.
    await recordOrderEvent(context.db, {
      orderId,
      move: "releaseFailed",
      status: "cancelled",
      paymentState: "released",
      actor: "provider",
      detail: result.message.slice(0, 300),
      now: context.now(),
    });
  }
  return { ok: true, money: "released", refundedCents: 0 };
}

/** `owed` back to the card once (refund:<orderId>), then recorded once, here or by the webhook. */
async function refund(
  context: AppLoadContext,
  order: OrderForPayment,
  owed: number,
  from: PaymentState[],
): Promise<CancelOutcome> {
  const result = await context.payments.refund(order.paymentIntentId!, {
    amountCents: owed,
    idempotencyKey: refundKey(order.id),
  });
  const total = order.refundedCents + owed;
  if (result.ok) {
    // The provider's charge.refunded may have recorded it first: then nothing changes here.
    await movePayment(context.db, {
      orderId: order.id,
      move: "refunded",
      from,
      to: "refunded",
      refundedCents: total,
      actor: "provider",
      detail: `${total}`,
      now: context.now(),
    });
    // The money went back: its credit note (decision 035), before the caller's mail links it.
    await issueCreditNote(context, order.id);
    return { ok: true, money: "refunded", refundedCents: owed };
  }
  await movePayment(context.db, {
    orderId: order.id,
    move: "refundFailed",
    from: [...from, "refundFailed"],
    to: "refundFailed",
    actor: "provider",
    detail: result.message.slice(0, 300),
    now: context.now(),
  });
  return { ok: true, money: "refundFailed", refundedCents: 0 };
}

export type RetryRefundOutcome =
  | { ok: true; refundedCents: number }
  | { ok: false; reason: "notUpdated" | "failed" }
  | { ok: false; reason: "refundFailed"; message: string };

/**
 * Staff's retry of a refund the provider refused ('Remboursement à traiter'): what is still
 * owed (the amount less the fee and what went back) goes back once, refundFailed ->
 * refunded. An order paid offline has no card to refund: staff transferred the money
 * themselves, and this records it. Two retries at once share one idempotency key (the
 * last refusal's), so the provider moves the money once.
 */
export async function retryRefund(
  context: AppLoadContext,
  { orderId, by }: { orderId: string; by: string },
): Promise<RetryRefundOutcome> {
  try {
    const order = await findOrderForPayment(context.db, orderId);
    if (order?.paymentState !== "refundFailed") return { ok: false, reason: "notUpdated" };
    const owed = Math.max(0, order.amountCents - (order.cancellationFeeCents ?? 0) - order.refundedCents);
    const settle = (move: "refunded" | "refundManual") =>
      movePayment(context.db, {
        orderId,
        move,
        from: ["refundFailed"],
        to: "refunded",
        refundedCents: order.refundedCents + owed,
        actor: "staff",
        changedBy: by,
        detail: `${order.refundedCents + owed}`,
        now: context.now(),
      });
    if (!order.paymentIntentId || owed === 0) {
      if (!(await settle("refundManual"))) return { ok: false, reason: "notUpdated" };
      await issueCreditNote(context, orderId);
      return { ok: true, refundedCents: owed };
    }
    const attempt = (await lastEventId(context.db, orderId, "refundFailed")) ?? 0;
    const result = await context.payments.refund(order.paymentIntentId, {
      amountCents: owed,
      idempotencyKey: `${refundKey(orderId)}:retry:${attempt}`,
    });
    if (!result.ok) {
      await movePayment(context.db, {
        orderId,
        move: "refundFailed",
        from: ["refundFailed"],
        to: "refundFailed",
        actor: "provider",
        changedBy: by,
        detail: result.message.slice(0, 300),
        now: context.now(),
      });
      return { ok: false, reason: "refundFailed", message: result.message };
    }
    // The webhook may have recorded it first: the money went back either way.
    await settle("refunded");
    await issueCreditNote(context, orderId);
    return { ok: true, refundedCents: owed };
  } catch (error) {
    logError("orders.refund-retry-failed", error, { requestId: context.requestId, orderId });
    return { ok: false, reason: "failed" };
  }
}
