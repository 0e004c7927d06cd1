/**
 * The flight's life (docs/payments.md 'The flight's life', decision 032): a flight is
 * cancelled once, by staff or by the sync, in one conditional batch with its DELETE history
 * row; then every live order of it is cancelled once through the one primitive
 * (orders/order-cancel.server.ts, refunded in full), each customer gets a mail and a
 * notification, and staff get one summary. A replay moves nothing and sends nothing twice.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { FlightCancelReason } from "#app/utils/constants";
import { cancelOrder } from "#app/orders/order-cancel.server";
import { sendFlightCancelledMail, type FlightCancelledMoney } from "#app/orders/order-flight-mail.server";
import { flightNotificationParams } from "#app/alerts/notifications.server";
import { sendMail } from "#app/mail/mail.server";
import { FALLBACK_LANGUAGE, uiLanguageFor } from "#app/i18n";
import { absoluteUrl } from "#app/utils/urls";
import { logError, logEvent } from "#app/utils/request-log.server";
import {
  cancelFlightMove,
  findFlightToCancel,
  insertOrderNotification,
  listLiveFlightOrders,
  listSimilarFlights,
  listWaitingUsers,
  type FlightToCancel,
  type WaitingUser,
  type LiveFlightOrder,
} from "./flight-life.queries.server";
import { customFlightRequestPath } from "./flight-cancel";
import { SIMILAR_FLIGHTS } from "./flight-ways.server";

export type FlightCanceller = { kind: "staff"; userId: string } | { kind: "sync" };

/** What the cascade did to the flight's orders. */
export type CascadeSummary = {
  orders: number;
  released: number;
  releasedCents: number;
  refunded: number;
  refundedCents: number;
  /** Refunds the provider refused, and payments made outside the site: staff hand them. */
  toHandle: number;
  toHandleCents: number;
};

export type CancelFlightOutcome =
  { ok: true; summary: CascadeSummary } | { ok: false; reason: "notFound" | "notUpdated" | "failed" };

/**
 * scheduled -> cancelled, then the cascade. `notUpdated`: the flight was already
 * cancelled; orders an interrupted cascade left live are still moved (each once, its
 * customer told once), nothing else is written or sent again.
 */
export async function cancelFlight(
  context: AppLoadContext,
  input: { flightId: string; by: FlightCanceller; reason: FlightCancelReason; note?: string },
): Promise<CancelFlightOutcome> {
  const { db } = context;
  try {
    const flight = await findFlightToCancel(db, input.flightId);
    if (!flight) return { ok: false, reason: "notFound" };
    const now = context.now();
    // Read before the move empties the waitlist: they are mailed once the move is made.
    const waiting = flight.status === "scheduled" ? await listWaitingUsers(db, flight.id) : [];
    const moved =
      flight.status === "scheduled" &&
      (await cancelFlightMove(db, {
        flightId: flight.id,
        label: `${flight.fromCity} → ${flight.toCity}`,
        reason: input.reason,
        note: input.note ?? null,
        actor: input.by.kind,
        changedBy: input.by.kind === "staff" ? input.by.userId : null,
        notification: JSON.stringify(flightNotificationParams(flight)),
        now,
      }));
    const summary = await cascade(context, flight, input.by);
    if (!moved) return { ok: false, reason: "notUpdated" };
    logEvent("info", "flights.cancelled", {
      requestId: context.requestId,
      flightId: flight.id,
      reason: input.reason,
      by: input.by.kind,
      orders: summary.orders,
    });
    await sendStaffSummary(context, flight, input, summary);
    await mailWaitingUsers(context, flight, waiting);
    return { ok: true, summary };
  } catch (error) {
    logError("flights.cancel-failed", error, { requestId: context.requestId, flightId: input.flightId });
    return { ok: false, reason: "failed" };
  }
}

/** Each live order once through cancelOrder; its customer is told only by the call that moved it. */
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
  const orders = await listLiveFlightOrders(context.db, flight.id);
  if (orders.length === 0) return summary;
  const departure = new Date(flight.departureMs);
  const similar = await listSimilarFlights(context.db, {
    flightId: flight.id,
    departureAirportId: flight.departureAirportId,
    now: context.now(),
    limit: SIMILAR_FLIGHTS,
  });
  const ways = {
    similar: similar.map((candidate) => ({
      from: candidate.departureAirport.servedCity,
      to: candidate.arrivalAirport.servedCity,
      departure: candidate.departureDate.toISOString(),
      url: absoluteUrl(context.env.APP_URL, `/checkout/${candidate.id}`),
    })),
    customFlightUrl: absoluteUrl(
      context.env.APP_URL,
      customFlightRequestPath({ from: flight.fromCity, to: flight.toCity, departure }),
    ),
  };
  for (const order of orders) {
    const outcome = await cancelOrder(context, {
      orderId: order.id,
      reason: "flightCancelled",
      actor: by.kind === "staff" ? "staff" : "system",
      changedBy: by.kind === "staff" ? by.userId : null,
    });
    if (!outcome.ok) continue;
    count(summary, order, outcome.money, outcome.refundedCents);
    await tellCustomer(context, flight, order, { money: outcome.money, refundedCents: outcome.refundedCents, ...ways });
  }
  return summary;
}

function count(summary: CascadeSummary, order: LiveFlightOrder, money: FlightCancelledMoney, refundedCents: number) {
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

/** The customer's mail and notification; a failure is logged and never stops the cascade. */
async function tellCustomer(
  context: AppLoadContext,
  flight: FlightToCancel,
  order: LiveFlightOrder,
  mail: Parameters<typeof sendFlightCancelledMail>[2],
) {
  try {
    if (order.userId) {
      const refundedCents = mail.money === "refunded" ? mail.refundedCents : order.amountCents;
      const params = { ...flightNotificationParams(flight), money: mail.money, refundedCents };
      await insertOrderNotification(context.db, {
        userId: order.userId,
        flightId: flight.id,
        params: JSON.stringify(params),
        now: context.now(),
      });
    }
    await sendFlightCancelledMail(context, order.id, mail);
  } catch (error) {
    logError("flights.cancel-tell-failed", error, { requestId: context.requestId, orderId: order.id });
  }
}

async function sendStaffSummary(
  context: AppLoadContext,
  flight: FlightToCancel,
  input: { by: FlightCanceller; reason: FlightCancelReason; note?: string },
  summary: CascadeSummary,
) {
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
      ...summary,
      adminUrl: absoluteUrl(context.env.APP_URL, "/admin/orders", { payment: "refundFailed" }),
    },
  }).catch((error: unknown) =>
    logError("flights.cancel-summary-failed", error, { requestId: context.requestId, flightId: flight.id }),
  );
}

/** The flight's waitlist hears of it by mail too, as of a seat released (the notification is in the move's batch). */
async function mailWaitingUsers(context: AppLoadContext, flight: FlightToCancel, waiting: WaitingUser[]) {
  for (const user of waiting) {
    await sendMail(context, {
      to: user.email,
      locale: uiLanguageFor(user.language) ?? FALLBACK_LANGUAGE,
      template: "waitlist/flight-cancelled",
      data: {
        firstName: user.firstName,
        from: flight.fromCity,
        to: flight.toCity,
        departure: new Date(flight.departureMs).toISOString(),
        flightsUrl: absoluteUrl(context.env.APP_URL, "/empty-legs", { from: flight.fromCity }),
      },
    }).catch((error: unknown) =>
      logError("flights.cancel-waitlist-mail-failed", error, { requestId: context.requestId, userId: user.userId }),
    );
  }
}
