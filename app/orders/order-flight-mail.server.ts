import type { AppLoadContext } from "@remix-run/cloudflare";

import type { NotificationParams } from "#app/db/schema";
import { orderPagePath } from "#app/utils/order-urls";
import { absoluteUrl } from "#app/utils/urls";
import type { SimilarFlightLink } from "#emails/orders/order-mail-data";

import { orderAudienceLanguage } from "./order-language";
import { createOrderLink } from "./order-life.queries.server";
import { type AnyMailInput, documentUrl, type FoundOrder, mailFlight } from "./order-mails.server";

export type FlightCancelledMoney = "nothing" | "released" | "refunded" | "refundFailed";

export type FlightCancelledWays = { similar: SimilarFlightLink[]; customFlightUrl: string };

/** A completed order paid outside the site has no card to refund: staff handle it, as a refused refund. */
export function flightCancelledMoney(order: FoundOrder["order"]): {
  money: FlightCancelledMoney;
  refundedCents: number;
} {
  switch (order.paymentState) {
    case "refunded":
      return { money: "refunded", refundedCents: order.refundedCents };
    case "refundFailed":
    case "offline":
      return { money: "refundFailed", refundedCents: 0 };
    case "released":
      return { money: "released", refundedCents: 0 };
    default:
      return { money: "nothing", refundedCents: 0 };
  }
}

export async function flightCancelledMailInput(
  context: AppLoadContext,
  found: FoundOrder,
  ways: FlightCancelledWays,
): Promise<AnyMailInput> {
  const { order } = found;
  const linkKey = await createOrderLink(context.db, order.id);
  const { money, refundedCents } = flightCancelledMoney(order);
  return {
    to: order.customerInfo.email,
    locale: orderAudienceLanguage(found),
    template: "orders/flight-cancelled",
    data: {
      ...mailFlight(found),
      firstName: order.customerInfo.firstName,
      url: absoluteUrl(context.env.APP_URL, orderPagePath(order.id, linkKey)),
      money: money === "released" ? "nothing" : money,
      refundCents: money === "refunded" ? refundedCents : order.amountCents - order.refundedCents,
      similar: ways.similar,
      customFlightUrl: ways.customFlightUrl,
      creditNoteUrl: await documentUrl(context, order.id, "creditNote", linkKey),
    },
  };
}

export function flightCancelledNotice(order: FoundOrder["order"]): Partial<NotificationParams> {
  const { money, refundedCents } = flightCancelledMoney(order);
  return { money, refundedCents: money === "refunded" ? refundedCents : order.amountCents - order.refundedCents };
}
