import type { AppLoadContext } from "@remix-run/cloudflare";

import { listSimilarBookableFlights } from "./similar-flights.queries.server";

export const SIMILAR_FLIGHTS_SHOWN = 3;

export function findSimilarFlights(context: AppLoadContext, flightId: string) {
  return listSimilarBookableFlights(context.db, { flightId, now: context.now(), limit: SIMILAR_FLIGHTS_SHOWN });
}
