/**
 * What staff and travellers read of a flight's end before and after it (decision 032): the
 * flight as 'Annuler ce vol' shows it, what a cancellation would move (the confirmation
 * step), and the ways forward a cancelled flight's page offers.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { findFlightToCancel } from "./flight-life.queries.server";
import { findSimilarFlights } from "./similar-flights.server";
import { customFlightRequestPath } from "./flight-cancel";

/** How many similar flights a cancelled flight's mails offer (its page: similar-flights.server.ts). */
export const SIMILAR_FLIGHTS = 3;

/** The flight as 'Annuler ce vol' shows it: its route, departure, aircraft and whether it is cancelled already. */
export function findFlightForCancelPage(context: AppLoadContext, flightId: string) {
  return findFlightToCancel(context.db, flightId);
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
