// A flight's cancellation, the orders' side: docs/orders.md 'A flight's cancellation and a customer's',
// docs/decisions/032-flight-cancellation.md.
import type { AppLoadContext } from "@remix-run/cloudflare";

import type { FlightCancelPreview } from "#app/flights/flight-cancel";
import {
  findCancelledFlight,
  type FlightCanceller,
  mailWaysForward,
  moveFlightToCancelled,
} from "#app/flights/flight-life.server";
import { findFlightForCancelPage } from "#app/flights/flight-ways.server";
import type { FlightToCancel } from "#app/flights/types";
import { sendMail } from "#app/mail/mail.server";
import type { FlightCancelReason } from "#app/utils/constants";
import { logError, logEvent } from "#app/utils/request-log.server";
import { absoluteUrl } from "#app/utils/urls";

import { cancelOrder } from "./order-cancel.server";
import {
  findOrderForPayment,
  listFeesToGiveBack,
  listFlightOrdersToCancel,
  listFlightsToFinish,
  listLiveFlightOrders,
} from "./order-life.queries.server";
import { sendOrderMessages } from "./order-messages.server";
import { refundKey, refundOrder } from "./order-money.server";
import { waiveFee } from "./order-moves.server";
import { orderReference } from "./order-reference";

export type CascadeSummary = {
  orders: number;
  released: number;
  releasedCents: number;
  refunded: number;
  refundedCents: number;
  /** Refunds the provider refused, and payments made outside the site: staff handle them. */
  toHandle: number;
  toHandleCents: number;
};

/** The cron leaves a cascade this long to the call that started it. */
export const FINISH_AFTER_MS = 10 * 60_000;
/** A flight cancelled longer ago than this is history: its orders were settled then. */
const FINISH_WITHIN_MS = 7 * 24 * 60 * 60_000;

export type CancelFlightOutcome =
  { ok: true; summary: CascadeSummary } | { ok: false; reason: "notFound" | "notUpdated" | "failed" };

type CancelFlightInput = { flightId: string; by: FlightCanceller; reason: FlightCancelReason; note?: string };

export async function cancelFlight(context: AppLoadContext, input: CancelFlightInput): Promise<CancelFlightOutcome> {
  try {
    const wasCancelled = (await findCancelledFlight(context, input.flightId)) !== null;
    const result = await moveFlightToCancelled(context, input);
    if (!result) return { ok: false, reason: "notFound" };
    const summary = await cascade(context, result.flight, input.by);
    // Two cancellations at once: the one that moved the flight reports it.
    if (!result.moved && !(wasCancelled && summary.orders > 0)) return { ok: false, reason: "notUpdated" };
    logEvent("info", "flights.cancelled", {
      requestId: context.requestId,
      flightId: input.flightId,
      reason: input.reason,
      by: input.by.kind,
      orders: summary.orders,
      finished: !result.moved,
    });
    await sendStaffSummary(context, result.flight, input, summary);
    return { ok: true, summary };
  } catch (error) {
    logError("flights.cancel-failed", error, { requestId: context.requestId, flightId: input.flightId });
    return { ok: false, reason: "failed" };
  }
}

export async function previewFlightCancellation(
  context: AppLoadContext,
  flightId: string,
): Promise<{ ok: true; preview: FlightCancelPreview } | { ok: false; reason: "notFound" | "alreadyCancelled" }> {
  const flight = await findFlightForCancelPage(context, flightId);
  if (!flight) return { ok: false, reason: "notFound" };
  if (flight.status === "cancelled") return { ok: false, reason: "alreadyCancelled" };
  const preview: FlightCancelPreview = {
    affected: [],
    orders: 0,
    released: 0,
    releasedCents: 0,
    refunded: 0,
    refundedCents: 0,
    manual: 0,
    manualCents: 0,
  };
  for (const order of await listFlightOrdersToCancel(context.db, flightId)) {
    preview.orders++;
    const money = order.status !== "completed" ? "released" : order.paymentState === "offline" ? "manual" : "refunded";
    preview[money]++;
    preview[`${money}Cents`] += order.amountCents;
    preview.affected.push({
      reference: order.reference ?? orderReference(flightId),
      customer: [order.firstName, order.lastName].filter(Boolean).join(" "),
      seats: order.seats,
      wholeAircraft: Boolean(order.wholeAircraft),
      status: order.status,
      amountCents: order.amountCents,
      money,
    });
  }
  return { ok: true, preview };
}

export async function finishCancelledFlights(context: AppLoadContext) {
  const now = context.now().getTime();
  const flights = await listFlightsToFinish(context.db, {
    from: new Date(now - FINISH_WITHIN_MS),
    to: new Date(now - FINISH_AFTER_MS),
  });
  let orders = 0;
  for (const { id } of flights) {
    try {
      const flight = await findCancelledFlight(context, id);
      if (!flight) continue;
      const by: FlightCanceller = flight.cancelledBy ? { kind: "staff", userId: flight.cancelledBy } : { kind: "sync" };
      const summary = await cascade(context, flight, by);
      orders += summary.orders;
      const reason = { by, reason: flight.cancelReason ?? "other", note: flight.cancelNote ?? undefined };
      if (summary.orders > 0) await sendStaffSummary(context, flight, reason, summary);
    } catch (error) {
      logError("flights.cancel-finish-failed", error, { requestId: context.requestId, flightId: id });
    }
  }
  return { orders };
}

export async function cancelForCancelledFlight(context: AppLoadContext, orderId: string) {
  const order = await findOrderForPayment(context.db, orderId);
  const flight = order ? await findCancelledFlight(context, order.flightId) : null;
  if (!flight) return { ok: false, reason: "notUpdated" } as const;
  const outcome = await cancelOrder(context, {
    orderId,
    reason: "flightCancelled",
    actor: "system",
    messageOptions: await mailWaysForward(context, flight),
  });
  if (outcome.ok) await sendOrderMessages(context, orderId);
  return outcome;
}

async function cascade(context: AppLoadContext, flight: FlightToCancel, by: FlightCanceller) {
  const summary: CascadeSummary = {
    orders: 0,
    released: 0,
    releasedCents: 0,
    refunded: 0,
    refundedCents: 0,
    toHandle: 0,
    toHandleCents: 0,
  };
  const live = await listLiveFlightOrders(context.db, flight.id);
  const fees = await listFeesToGiveBack(context.db, flight.id);
  if (live.length === 0 && fees.length === 0) return summary;
  const ways = await mailWaysForward(context, flight);
  for (const order of live) {
    const outcome = await cancelOrder(context, {
      orderId: order.id,
      reason: "flightCancelled",
      actor: by.kind === "staff" ? "staff" : "system",
      changedBy: by.kind === "staff" ? by.userId : null,
      messageOptions: ways,
    });
    if (!outcome.ok) continue;
    count(summary, order, outcome.money, outcome.refundedCents);
    await sendOrderMessages(context, order.id);
  }
  for (const { id } of fees) {
    if (!(await waiveFee(context.db, { orderId: id, now: context.now(), messageOptions: ways }))) continue;
    const order = await findOrderForPayment(context.db, id);
    if (!order) continue;
    const owed = order.amountCents - order.refundedCents;
    // Paid offline: staff transfer it back ('Remboursement à traiter').
    const result = order.paymentIntentId
      ? await refundOrder(
          context,
          { ...order, paymentIntentId: order.paymentIntentId },
          { owed, from: ["refundFailed"], idempotencyKey: `${refundKey(id)}:fee` },
        )
      : null;
    count(summary, { status: "completed", amountCents: owed }, result?.ok ? "refunded" : "refundFailed", owed);
    await sendOrderMessages(context, id);
  }
  return summary;
}

function count(
  summary: CascadeSummary,
  order: { status: string; amountCents: number },
  money: "nothing" | "released" | "refunded" | "refundFailed",
  refundedCents: number,
) {
  summary.orders++;
  if (money === "refunded") {
    summary.refunded++;
    summary.refundedCents += refundedCents;
  } else if (money === "refundFailed" || (order.status === "completed" && money === "nothing")) {
    summary.toHandle++;
    summary.toHandleCents += order.amountCents;
  } else {
    summary.released++;
    summary.releasedCents += order.amountCents;
  }
}

async function sendStaffSummary(
  context: AppLoadContext,
  flight: FlightToCancel,
  input: { by: FlightCanceller; reason: FlightCancelReason; note?: string },
  summary: CascadeSummary,
) {
  // Read again: the flight passed in may be the one read before the move, when nobody had cancelled it yet.
  const byName =
    input.by.kind === "staff" ? ((await findCancelledFlight(context, flight.id))?.cancelledByName ?? null) : null;
  await sendMail(context, {
    to: context.env.STAFF_EMAIL,
    locale: "fr",
    template: "flights/staff-flight-cancelled",
    data: {
      from: flight.fromCity,
      to: flight.toCity,
      departure: new Date(flight.departureMs).toISOString(),
      reason: input.reason,
      note: input.note ?? null,
      bySync: input.by.kind === "sync",
      byName,
      ...summary,
      adminUrl: absoluteUrl(context.env.APP_URL, "/admin/orders", { payment: "refundFailed" }),
    },
  }).catch((error: unknown) =>
    logError("flights.cancel-summary-failed", error, { requestId: context.requestId, flightId: flight.id }),
  );
}
