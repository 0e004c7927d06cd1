/**
 * The similar flights a sold-out or cancelled flight's page offers, and with it the
 * waitlist's confirmation on that page (issue 29, point 5; the rule in
 * similar-flights.queries.server.ts).
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { listSimilarBookableFlights } from "./similar-flights.queries.server";

/** How many similar flights a page offers. */
export const SIMILAR_FLIGHTS_SHOWN = 3;

export function findSimilarFlights(context: AppLoadContext, flightId: string) {
  return listSimilarBookableFlights(context.db, { flightId, now: context.now(), limit: SIMILAR_FLIGHTS_SHOWN });
}
