/**
 * The feed's reschedules (docs/decisions/034-reschedules-and-deadlines.md): the matched
 * flights whose arrival the feed moves by 15 minutes or more, gathered during a sync and
 * written in its batch, then their customers told once the batch has run.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { rescheduleImpact } from "#app/flights/reschedule";
import { tellRescheduledOrders } from "#app/orders/order-notices.server";
import type { FeedFlightRow, FeedReschedules, MatchedFlight, RescheduledOrder } from "./feed-sync.queries.server";

/** The flights of one sync whose times moved enough to tell their customers, with their arrival before. */
export type SyncReschedules = FeedReschedules & { previousArrival: Map<string, number> };

export function newReschedules(): SyncReschedules {
  return { notice: [], freeCancellation: [], previousArrival: new Map() };
}

/**
 * A matched flight whose arrival the feed moves by 15 minutes or more (flights/reschedule.ts).
 * The departure is the match key: a feed flight announced at another departure is another flight.
 */
export function addReschedule(reschedules: SyncReschedules, current: MatchedFlight, feed: FeedFlightRow) {
  const impact = rescheduleImpact(
    { departureMs: current.feedDepartureMs, arrivalMs: current.arrivalMs },
    { departureMs: current.feedDepartureMs, arrivalMs: feed.arrivalMs },
  );
  if (impact === "none") return;
  reschedules.notice.push(current.id);
  if (impact === "freeCancellation") reschedules.freeCancellation.push(current.id);
  reschedules.previousArrival.set(current.id, current.arrivalMs);
}

/** After the sync's batch: each live order of a rescheduled flight told, flight by flight. */
export async function tellFeedReschedules(
  context: AppLoadContext,
  reschedules: SyncReschedules,
  orders: RescheduledOrder[],
) {
  for (const flightId of reschedules.notice) {
    const orderIds = orders.filter((order) => order.flightId === flightId).map((order) => order.orderId);
    const arrival = reschedules.previousArrival.get(flightId);
    if (orderIds.length > 0 && arrival !== undefined)
      await tellRescheduledOrders(context, { orderIds, previous: { arrival: new Date(arrival) } });
  }
}
