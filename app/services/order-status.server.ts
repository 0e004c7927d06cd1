/**
 * Order status changes made by staff (docs/orders.md): pending to completed (validated)
 * or cancelled (refused, seats given back), each once, each followed by the customer's
 * mail. The back-office calls `decideOrder`; nothing else changes a status but the
 * housekeeping cron (no mail there).
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { findOrderWithFlight, settlePendingOrder } from "#app/models/orders.server";
import { confirmationPath, orderAccessKey, orderReference } from "./checkout.server";
import { sendMail } from "./mail.server";
import { absoluteUrl } from "#app/utils/urls";

export type OrderDecision = { orderId: string; intent: "validate" | "refuse"; by: string };
export type OrderDecisionOutcome = { ok: true; status: "completed" | "cancelled" } | { ok: false; reason: "notUpdated" | "update" };

/** Staff's 'Valider' or 'Refuser': the order moves once, and its customer is mailed. */
export async function decideOrder(context: AppLoadContext, { orderId, intent, by }: OrderDecision): Promise<OrderDecisionOutcome> {
  const status = intent === "validate" ? "completed" : "cancelled";
  try {
    return (await setOrderStatus(context, orderId, status, { by })) ? { ok: true, status } : { ok: false, reason: "notUpdated" };
  } catch (error) {
    console.error("orders: the status change failed", error instanceof Error ? error.message : error);
    return { ok: false, reason: "update" };
  }
}

/** True when this call changed the order (and the customer was mailed). */
export async function setOrderStatus(
  context: AppLoadContext,
  orderId: string,
  to: "completed" | "cancelled",
  { by = null }: { by?: string | null } = {},
) {
  const changed = await settlePendingOrder(context.db, { orderId, to, now: context.now(), changedBy: by });
  if (changed) await sendOrderStatusMail(context, orderId);
  return changed;
}

/** The customer's mail about their order's current status, in the order's language. */
export async function sendOrderStatusMail(context: AppLoadContext, orderId: string) {
  const found = await findOrderWithFlight(context.db, orderId);
  if (!found) return null;
  const { order, flight, from, to } = found;
  const url = absoluteUrl(context.env.APP_URL, confirmationPath(order.id, await orderAccessKey(context, order.id)));
  return sendMail(context, {
    to: order.customerInfo.email,
    locale: order.language,
    template: "orders/order-status",
    data: {
      status: order.status,
      orderId: order.id,
      reference: orderReference(flight.id),
      from: from.servedCity,
      to: to.servedCity,
      departure: flight.departureDate.toISOString(),
      aircraftType: flight.aircraftType,
      seats: order.seats,
      wholeAircraft: order.wholeAircraft,
      amountEuros: order.amountCents / 100,
      customer: order.customerInfo,
      url,
    },
  });
}
