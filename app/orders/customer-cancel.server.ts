// 'Annuler ma réservation': docs/decisions/033-customer-cancellation.md; on a cancelled flight, no fee
// (docs/decisions/047-one-order-path.md).
import type { AppLoadContext } from "@remix-run/cloudflare";

import { notifyWaitlist } from "#app/alerts/waitlist.server";
import { logError } from "#app/utils/request-log.server";

import {
  type CancellationQuote,
  cancellationQuote,
  cancelledMoney,
  type CancelledMoneyKind,
} from "./cancellation-fees";
import { cancelForCancelledFlight } from "./flight-cancellation.server";
import { cancelOrder, type CancelOutcome } from "./order-cancel.server";
import { sendOrderMessages } from "./order-messages.server";
import { findOrderWithFlight } from "./orders.queries.server";

type FoundOrder = NonNullable<Awaited<ReturnType<typeof findOrderWithFlight>>>;

export function quoteCancellation({ order, flight }: FoundOrder, now: Date): CancellationQuote {
  const flightCancelled = flight.status === "cancelled";
  const quote = cancellationQuote({
    status: order.status,
    amountCents: order.amountCents,
    departure: flight.departureDate,
    now,
    freeCancellation: order.freeCancellation || flightCancelled,
  });
  return flightCancelled && quote.cancellable ? { ...quote, bracket: "flightCancelled" } : quote;
}

export type CustomerCancelOutcome =
  | { ok: true; money: CancelledMoneyKind; feeCents: number; refundCents: number }
  | { ok: false; reason: "notFound" | "alreadyCancelled" | "notCancellable" | "feeChanged" | "failed" };

/** `feeChanged` when the terms now give other figures than those shown: the page shows them, never applies them. */
export async function cancelOrderAsCustomer(
  context: AppLoadContext,
  input: { orderId: string; userId: string | null; shown: { feeCents: number; refundCents: number } },
): Promise<CustomerCancelOutcome> {
  const { orderId } = input;
  try {
    const found = await findOrderWithFlight(context.db, orderId);
    if (!found) return { ok: false, reason: "notFound" };
    if (found.order.status === "cancelled") return { ok: false, reason: "alreadyCancelled" };
    const quote = quoteCancellation(found, context.now());
    if (!quote.cancellable) return { ok: false, reason: "notCancellable" };
    const flightCancelled = found.flight.status === "cancelled";
    if (!flightCancelled && (quote.feeCents !== input.shown.feeCents || quote.refundCents !== input.shown.refundCents))
      return { ok: false, reason: "feeChanged" };
    let outcome: CancelOutcome = flightCancelled
      ? { ok: false, reason: "flightCancelled" }
      : await cancelOrder(context, {
          orderId,
          reason: "customer",
          actor: "customer",
          changedBy: input.userId,
          // Quoted before any money was taken, nothing is kept: should staff capture it meanwhile, all of it goes back.
          refundCents: quote.charged ? quote.refundCents : found.order.amountCents,
          feeCents: quote.feeCents,
        });
    if (!outcome.ok && outcome.reason === "flightCancelled") outcome = await cancelForCancelledFlight(context, orderId);
    if (!outcome.ok) {
      if (outcome.reason === "notFound") return { ok: false, reason: "notFound" };
      if (outcome.reason === "failed") return { ok: false, reason: "failed" };
      // Cancelled by someone else meanwhile (a double press, staff, the cron), or moved under us.
      const current = await findOrderWithFlight(context.db, orderId);
      return { ok: false, reason: current?.order.status === "cancelled" ? "alreadyCancelled" : "failed" };
    }
    await sendOrderMessages(context, orderId);
    await notifyWaitlist(context, { flightIds: [found.flight.id] });
    const after = await findOrderWithFlight(context.db, orderId);
    const money = cancelledMoney(after?.order ?? found.order);
    return { ok: true, money: money.kind, feeCents: money.feeCents, refundCents: money.refundCents };
  } catch (error) {
    logError("orders.customer-cancel-failed", error, { requestId: context.requestId, orderId });
    return { ok: false, reason: "failed" };
  }
}
