/**
 * 'Annuler ma réservation' (docs/decisions/033-customer-cancellation.md): the customer
 * cancels their order from its page, at the fee the terms set for the time left before
 * departure (cancellation-fees.ts). The one primitive `cancelOrder` (order-cancel.server.ts)
 * moves the order and its money once; this service checks that the figures the customer
 * confirmed are still the terms' at this instant, then tells the customer (mail,
 * notification) and the flight's waitlist.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import {
  cancellationQuote,
  cancelledMoney,
  type CancellationQuote,
  type CancelledMoneyKind,
} from "./cancellation-fees";
import { cancelOrder } from "./order-cancel.server";
import { sendOrderMail } from "./order-mails.server";
import { findOrderWithFlight } from "./orders.queries.server";
import { flightNotificationParams, notifyOrderOwner } from "#app/alerts/notifications.server";
import { notifyWaitlist } from "#app/alerts/waitlist.server";
import { logError } from "#app/utils/request-log.server";

type FoundOrder = NonNullable<Awaited<ReturnType<typeof findOrderWithFlight>>>;

/** What cancelling `found` costs at `now`: the confirmation step shows it, the action applies it. */
export function quoteCancellation({ order, flight }: FoundOrder, now: Date): CancellationQuote {
  return cancellationQuote({
    status: order.status,
    amountCents: order.amountCents,
    departure: flight.departureDate,
    now,
    freeCancellation: order.freeCancellation,
  });
}

export type CustomerCancelOutcome =
  | { ok: true; money: CancelledMoneyKind; feeCents: number; refundCents: number }
  | { ok: false; reason: "notFound" | "alreadyCancelled" | "notCancellable" | "feeChanged" | "failed" };

/**
 * Cancels the order at the figures the customer was shown (`shown`), or refuses with
 * `feeChanged` when the terms give others now (the bracket changed between the two steps:
 * the page shows the new figures rather than applying them silently). A replay, or a
 * second press, finds the order cancelled: `alreadyCancelled`, nothing moves.
 */
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
    if (quote.feeCents !== input.shown.feeCents || quote.refundCents !== input.shown.refundCents)
      return { ok: false, reason: "feeChanged" };
    const outcome = await cancelOrder(context, {
      orderId,
      reason: "customer",
      actor: "customer",
      changedBy: input.userId,
      // Quoted before any money was taken, the customer was promised nothing is kept: should
      // staff capture it meanwhile, all of it goes back.
      refundCents: quote.charged ? quote.refundCents : found.order.amountCents,
      feeCents: quote.feeCents,
    });
    if (!outcome.ok) {
      if (outcome.reason === "notFound") return { ok: false, reason: "notFound" };
      if (outcome.reason === "failed") return { ok: false, reason: "failed" };
      // Cancelled by someone else meanwhile (a double press, staff, the cron), or moved
      // under us: what the page shows now says which.
      const current = await findOrderWithFlight(context.db, orderId);
      return { ok: false, reason: current?.order.status === "cancelled" ? "alreadyCancelled" : "failed" };
    }
    // The order is cancelled and its money moved: a failure to tell is logged, never reported as a failed cancellation.
    await tellOfCancellation(context, found).catch((error: unknown) => {
      logError("orders.customer-cancel-tell-failed", error, { requestId: context.requestId, orderId });
    });
    const after = await findOrderWithFlight(context.db, orderId);
    const money = cancelledMoney(after?.order ?? found.order);
    return { ok: true, money: money.kind, feeCents: money.feeCents, refundCents: money.refundCents };
  } catch (error) {
    logError("orders.customer-cancel-failed", error, { requestId: context.requestId, orderId });
    return { ok: false, reason: "failed" };
  }
}

/** The customer's mail and notification, and the waitlist of the seats given back; none of them throws. */
async function tellOfCancellation(context: AppLoadContext, { order, flight, from, to }: FoundOrder) {
  await sendOrderMail(context, order.id, "cancelledByCustomer");
  if (order.userId) {
    await notifyOrderOwner(context, {
      userId: order.userId,
      type: "customer_cancelled",
      flightId: flight.id,
      params: {
        ...flightNotificationParams({
          fromCity: from.servedCity,
          toCity: to.servedCity,
          fromIcao: from.icaoCode,
          toIcao: to.icaoCode,
          departureMs: flight.departureDate.getTime(),
        }),
        orderId: order.id,
      },
    }).catch((error: unknown) => {
      logError("orders.customer-cancel-notification-failed", error, {
        requestId: context.requestId,
        orderId: order.id,
      });
    });
  }
  await notifyWaitlist(context, { flightIds: [flight.id] });
}
