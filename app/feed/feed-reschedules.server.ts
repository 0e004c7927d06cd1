import type { AppLoadContext } from "@remix-run/cloudflare";

import { tellRescheduledOrders } from "#app/orders/order-notices.server";

import type { RescheduledOrder } from "./feed-sync-writes.queries.server";
import type { FlightUpdateRow } from "./types";

export async function tellFeedReschedules(
  context: AppLoadContext,
  updates: FlightUpdateRow[],
  orders: RescheduledOrder[],
) {
  for (const update of updates) {
    const orderIds = orders.filter((order) => order.flightId === update.id).map((order) => order.orderId);
    if (update.impact === "none" || orderIds.length === 0) continue;
    const { departureMs, arrivalMs } = update.previous;
    await tellRescheduledOrders(context, {
      orderIds,
      previous: { departure: new Date(departureMs), arrival: new Date(arrivalMs) },
    });
  }
}
