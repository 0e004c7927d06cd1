import type { AppLoadContext } from "@remix-run/cloudflare";

import { customFlightRequestPath } from "./flight-cancel";
import { findFlightToCancel } from "./flight-life.queries.server";
import { findSimilarFlights } from "./similar-flights.server";

export const SIMILAR_FLIGHTS = 3;

export function findFlightForCancelPage(context: AppLoadContext, flightId: string) {
  return findFlightToCancel(context.db, flightId);
}

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
