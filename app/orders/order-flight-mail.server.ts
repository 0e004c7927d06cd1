/**
 * The mail a customer gets when their order's flight is cancelled (flights/flight-life.server.ts,
 * decision 032): what happened, what happens to their money, and two ways forward. In the
 * order's language, with a link key of its own, through the outbox like every order mail.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { sendMail, type SendMailResult } from "#app/mail/mail.server";
import { absoluteUrl } from "#app/utils/urls";
import type { SimilarFlightLink } from "#emails/orders/order-mail-data";
import { createOrderLink } from "./order-life.queries.server";
import { mailFlight } from "./order-mails.server";
import { findOrderWithFlight } from "./orders.queries.server";
import { orderPagePath } from "#app/utils/order-urls";

/** Where the order's money went (the cancellation primitive's outcome). */
export type FlightCancelledMoney = "nothing" | "released" | "refunded" | "refundFailed";

export type FlightCancelledMailInput = {
  money: FlightCancelledMoney;
  refundedCents: number;
  similar: SimilarFlightLink[];
  customFlightUrl: string;
};

/** Null when the order does not exist; a delivery failure is returned, never thrown (the outbox retries it). */
export async function sendFlightCancelledMail(
  context: AppLoadContext,
  orderId: string,
  input: FlightCancelledMailInput,
): Promise<SendMailResult | null> {
  const found = await findOrderWithFlight(context.db, orderId);
  if (!found) return null;
  const { order } = found;
  const linkKey = await createOrderLink(context.db, order.id);
  // A completed order paid outside the site has no card to refund: staff handle it, as a refused refund.
  const money = input.money === "nothing" && order.paymentState === "offline" ? ("refundFailed" as const) : input.money;
  return sendMail(context, {
    to: order.customerInfo.email,
    locale: order.language,
    template: "orders/flight-cancelled",
    data: {
      ...mailFlight(found),
      firstName: order.customerInfo.firstName,
      url: absoluteUrl(context.env.APP_URL, orderPagePath(order.id, linkKey)),
      money: money === "released" ? "nothing" : money,
      refundCents: money === "refunded" ? input.refundedCents : order.amountCents,
      similar: input.similar,
      customFlightUrl: input.customFlightUrl,
    },
  });
}
