/**
 * What a customer is told when their order changes without them (docs/decisions/034-reschedules-and-deadlines.md):
 * its flight's new times, or its cancellation at the authorisation's deadline or after
 * departure. A mail in the order's language (order-mails.server.ts) and, for an order made
 * signed in, a notification read in the reader's language. Called once, after the move that
 * made the change; a failure is logged and never undoes the move.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { NotificationParams } from "#app/db/schema";
import { notifyOrderOwner } from "#app/alerts/notifications.server";
import { flightNotificationParams } from "#app/flights/notification-params";
import { logError } from "#app/utils/request-log.server";
import { findOrderWithFlight } from "./orders.queries.server";
import { sendOrderMail } from "./order-mails.server";

type FoundOrder = NonNullable<Awaited<ReturnType<typeof findOrderWithFlight>>>;

function orderParams({ order, flight, from, to }: FoundOrder): NotificationParams {
  return {
    ...flightNotificationParams({
      fromCity: from.servedCity,
      toCity: to.servedCity,
      fromIcao: from.icaoCode,
      toIcao: to.icaoCode,
      departureMs: flight.departureDate.getTime(),
    }),
    orderId: order.id,
  };
}

/**
 * Each order's customer told of the flight's new times, beside `previous` (the times before
 * the change; the departure the flight has now when only the arrival moved).
 */
export async function tellRescheduledOrders(
  context: AppLoadContext,
  { orderIds, previous: before }: { orderIds: string[]; previous: { departure?: Date; arrival: Date } },
) {
  for (const orderId of orderIds) {
    try {
      const found = await findOrderWithFlight(context.db, orderId);
      if (!found) continue;
      const previous = { departure: before.departure ?? found.flight.departureDate, arrival: before.arrival };
      await sendOrderMail(context, orderId, "rescheduled", { previous });
      if (found.order.userId) {
        await notifyOrderOwner(context, {
          userId: found.order.userId,
          type: "order_rescheduled",
          flightId: found.flight.id,
          params: {
            ...orderParams(found),
            previousDeparture: previous.departure.getTime(),
            arrival: (found.flight.arrivalDate ?? found.flight.departureDate).getTime(),
            previousArrival: previous.arrival.getTime(),
            freeCancellation: found.order.freeCancellation,
          },
        });
      }
    } catch (error) {
      logError("orders.reschedule-notice-failed", error, { requestId: context.requestId, orderId });
    }
  }
}
