// The cron's part of the messages before a flight (docs/orders.md 'Before the flight'): it writes the rows that are
// due, once each, and hands their sending to the queue, or sends them itself without one.
import type { AppLoadContext } from "@remix-run/cloudflare";

import { ONCE_PER_ORDER_MESSAGES } from "#app/utils/constants";
import { describeError, logEvent } from "#app/utils/request-log.server";

import { filledFieldCounts } from "./manifest.queries.server";
import { missingFields, travellersOf } from "./manifest.server";
import { sendOrderMessages } from "./order-messages.server";
import { insertOncePerOrder, listDueTravelOrders } from "./travel-messages.queries.server";
import type { MessageKind } from "./types";

export async function writeTravelMessages(context: AppLoadContext) {
  const now = context.now();
  const due = await listDueTravelOrders(context.db, { now });
  const filled = await filledFieldCounts(
    context.db,
    due.map((order) => order.id),
  );
  const rows: Array<{ orderId: string; kind: MessageKind }> = [];
  for (const order of due) {
    const add = (kind: MessageKind) => rows.push({ orderId: order.id, kind });
    const luggageDeclared = order.luggagePieces !== null && order.luggageKg !== null;
    const incomplete = missingFields(travellersOf(order), filled.get(order.id) ?? 0, luggageDeclared) > 0;
    if (incomplete && order.reminder72) add("manifestReminder72");
    if (incomplete && order.reminder72) add("notifyManifestReminder72");
    if (incomplete && order.reminder30) add("manifestReminder30");
    if (incomplete && order.reminder30) add("notifyManifestReminder30");
    if (order.travelDay) add("travelDay");
    if (order.travelDay) add("notifyTravelDay");
  }
  const orderIds = await insertOncePerOrder(context.db, rows, now);
  await dispatch(context, orderIds);
  return { due: due.length, written: orderIds.length };
}

async function dispatch(context: AppLoadContext, orderIds: string[]) {
  if (orderIds.length === 0) return;
  if (context.jobs) {
    try {
      await context.jobs.sendAll(orderIds.map((orderId) => ({ type: "orderMessages" as const, orderId })));
      return;
    } catch (error) {
      logEvent("warn", "orders.travel-not-queued", {
        requestId: context.requestId,
        jobs: orderIds.length,
        ...describeError(error),
      });
    }
  }
  // sendOrderMessages logs its own failures; what fails waits for the outbox's cron.
  for (const orderId of orderIds) await sendOrderMessages(context, orderId, ONCE_PER_ORDER_MESSAGES);
}
