// The messages before a flight, built when they go (docs/orders.md 'Before the flight'). Each asks again whether it
// still has something to say: the order or the flight cancelled, the manifest completed or its deadline passed since
// the cron wrote it.
import type { AppLoadContext } from "@remix-run/cloudflare";

import { luggageLimitsFor } from "#app/content/luggage";
import type { NotificationParams, NotificationType } from "#app/db/schema";
import { flightNotificationParams } from "#app/flights/notification-params";
import { ONCE_PER_ORDER_MESSAGES } from "#app/utils/constants";
import { orderManifestPath, orderPagePath } from "#app/utils/order-urls";
import { absoluteUrl } from "#app/utils/urls";

import { filledFieldCounts } from "./manifest.queries.server";
import { manifestAccess, manifestDeadline, missingFields, travellersOf } from "./manifest.server";
import { orderAudienceLanguage } from "./order-language";
import { createOrderLink } from "./order-life.queries.server";
import type { AnyMailInput } from "./order-mails.server";
import { findTravelOrder, type TravelOrder } from "./travel-messages.queries.server";
import type { MessageKind } from "./types";

export type TravelMessageKind = (typeof ONCE_PER_ORDER_MESSAGES)[number];

export const isTravelMessage = (kind: MessageKind): kind is TravelMessageKind =>
  (ONCE_PER_ORDER_MESSAGES as readonly string[]).includes(kind);

/** What a message becomes; null when it has nothing left to say (it is closed unsent). */
export type PreparedMessage =
  | { mail: AnyMailInput }
  | { notification: { userId: string; type: NotificationType; params: NotificationParams; flightId: string } }
  | null;

/** The departure airport on OpenStreetMap; null when its position is unknown (stored as 0, 0). */
export function airportMapUrl({ latitude, longitude }: { latitude: number; longitude: number }): string | null {
  if (latitude === 0 && longitude === 0) return null;
  return `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=15/${latitude}/${longitude}`;
}

export async function travelMessage(
  context: AppLoadContext,
  orderId: string,
  kind: TravelMessageKind,
): Promise<PreparedMessage> {
  const found = await findTravelOrder(context.db, orderId);
  const now = context.now();
  if (!found || (found.order.status !== "processing" && found.order.status !== "completed")) return null;
  const access = manifestAccess(found, now);
  if (access === "closed") return null;
  const missing = await missingOf(context, found);
  const reminder = kind !== "travelDay" && kind !== "notifyTravelDay";
  if (reminder && (access !== "open" || missing === 0)) return null;
  if (!reminder && found.order.status !== "completed") return null;
  if (kind.startsWith("notify")) return notification(found, kind === "notifyTravelDay");
  const mail = { to: found.order.customerInfo.email, locale: orderAudienceLanguage(found) };
  const linkKey = await createOrderLink(context.db, orderId);
  const url = (path: string) => absoluteUrl(context.env.APP_URL, path);
  const { order, flight, from, to } = found;
  const trip = {
    firstName: order.customerInfo.firstName,
    reference: order.reference ?? order.id,
    from: from.servedCity,
    to: to.servedCity,
    fromIcao: from.icaoCode,
    toIcao: to.icaoCode,
    departure: flight.departureDate.toISOString(),
    deadline: manifestDeadline(flight).toISOString(),
    missing,
    manifestUrl: url(orderManifestPath(order.id, linkKey)),
  };
  if (kind !== "travelDay") return { mail: { ...mail, template: "orders/manifest-reminder", data: trip } };
  return {
    mail: {
      ...mail,
      template: "orders/travel-day",
      data: {
        ...trip,
        url: url(orderPagePath(order.id, linkKey)),
        checkIn: new Date(flight.departureDate.getTime() - flight.checkInMinutes * 60_000).toISOString(),
        checkInMinutes: flight.checkInMinutes,
        terminal: flight.terminal,
        mapUrl: airportMapUrl(from),
        operatorName: flight.operatorName,
        registration: flight.aircraftRegistration,
        aircraftType: flight.aircraftType,
        travellers: travellersOf(order),
        limits: luggageLimitsFor(flight.aircraftType),
        luggage:
          order.luggagePieces === null || order.luggageKg === null
            ? null
            : { pieces: order.luggagePieces, kg: order.luggageKg, pets: order.pets ?? 0 },
        manifest: missing === 0 ? "complete" : access === "open" ? "missing" : "locked",
      },
    },
  };
}

/** Counted in SQL: the sealed fields are never opened for a reminder. */
async function missingOf(context: AppLoadContext, { order }: TravelOrder) {
  const filled = (await filledFieldCounts(context.db, [order.id])).get(order.id) ?? 0;
  return missingFields(travellersOf(order), filled, order.luggagePieces !== null && order.luggageKg !== null);
}

function notification(found: TravelOrder, travelDay: boolean): PreparedMessage {
  const { order, flight, from, to } = found;
  if (!order.userId) return null;
  const params: NotificationParams = {
    ...flightNotificationParams({
      fromCity: from.servedCity,
      toCity: to.servedCity,
      fromIcao: from.icaoCode,
      toIcao: to.icaoCode,
      departureMs: flight.departureDate.getTime(),
    }),
    orderId: order.id,
  };
  if (!travelDay)
    return {
      notification: {
        userId: order.userId,
        type: "manifest_reminder",
        params: { ...params, deadline: manifestDeadline(flight).getTime() },
        flightId: flight.id,
      },
    };
  return {
    notification: {
      userId: order.userId,
      type: "travel_day",
      params: { ...params, checkIn: flight.departureDate.getTime() - flight.checkInMinutes * 60_000 },
      flightId: flight.id,
    },
  };
}
