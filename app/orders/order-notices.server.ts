// A customer told of a change made without them: docs/decisions/034-reschedules-and-deadlines.md.
// Called once, after the move; a failure is logged and never undoes it.
import type { AppLoadContext } from "@remix-run/cloudflare";

import { notifyOrderOwner } from "#app/alerts/notifications.server";
import type { NotificationParams } from "#app/db/schema";
import { flightNotificationParams } from "#app/flights/notification-params";
import { logError } from "#app/utils/request-log.server";

import { sendOrderMail } from "./order-mails.server";
import { findOrderWithFlight } from "./orders.queries.server";

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

/** `previous`: the times before the change (the current departure when only the arrival moved). */
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
