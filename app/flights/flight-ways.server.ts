/**
 * What staff and travellers read of a flight's end before and after it (decision 032): the
 * flight as 'Annuler ce vol' shows it, what a cancellation would move (the confirmation
 * step), and the ways forward a cancelled flight's page offers.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { findFlightToCancel, listLiveFlightOrders } from "./flight-life.queries.server";
import { findSimilarFlights } from "./similar-flights.server";
import { customFlightRequestPath, type FlightCancelPreview } from "./flight-cancel";

/** How many similar flights a cancelled flight's mails offer (its page: similar-flights.server.ts). */
export const SIMILAR_FLIGHTS = 3;

/** The flight as 'Annuler ce vol' shows it: its route, departure, aircraft and whether it is cancelled already. */
export function findFlightForCancelPage(context: AppLoadContext, flightId: string) {
  return findFlightToCancel(context.db, flightId);
}

/** What cancelling this flight would move now: the staff confirmation step. */
export async function previewFlightCancellation(
  context: AppLoadContext,
  flightId: string,
): Promise<{ ok: true; preview: FlightCancelPreview } | { ok: false; reason: "notFound" | "alreadyCancelled" }> {
  const flight = await findFlightToCancel(context.db, flightId);
  if (!flight) return { ok: false, reason: "notFound" };
  if (flight.status === "cancelled") return { ok: false, reason: "alreadyCancelled" };
  const preview: FlightCancelPreview = {
    orders: 0,
    released: 0,
    releasedCents: 0,
    refunded: 0,
    refundedCents: 0,
    manual: 0,
    manualCents: 0,
  };
  for (const order of await listLiveFlightOrders(context.db, flightId)) {
    preview.orders++;
    const kind = order.status !== "completed" ? "released" : order.paymentState === "offline" ? "manual" : "refunded";
    preview[kind]++;
    preview[`${kind}Cents`] += order.amountCents;
  }
  return { ok: true, preview };
}

/**
 * The ways forward a cancelled flight's page offers: similar flights (bookable, same area,
 * ±3 days: issue 29) and the prefilled request.
 */
export async function waysForward(context: AppLoadContext, flightId: string) {
  const flight = await findFlightToCancel(context.db, flightId);
  if (!flight) return null;
  const similar = await findSimilarFlights(context, flight.id);
  return {
    similar,
    customFlightPath: customFlightRequestPath({
      from: flight.fromCity,
      to: flight.toCity,
      departure: new Date(flight.departureMs),
    }),
  };
}
