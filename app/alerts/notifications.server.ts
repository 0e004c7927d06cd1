// In-app notifications, stored as a type and its params: docs/decisions/024-typed-notifications.md.
import type { AppLoadContext } from "@remix-run/cloudflare";

import { cityName } from "#app/content/city-names";
import type { NotificationParams, NotificationType } from "#app/db/schema";
import type { Language } from "#app/i18n";
import { translatorFor } from "#app/i18n.server";
import { formatDay, formatOrderAmount, formatTime } from "#app/utils/format";
import { offerPagePath, orderManifestPath, orderPagePath } from "#app/utils/order-urls";

import {
  deleteNotification,
  insertNotification,
  markNotificationRead,
  type StoredNotification,
} from "./notifications.queries.server";

export type RenderedNotification = {
  title: string;
  message: string;
  href: string | null;
  link: "openFlight" | "openOrder" | "openManifest" | "openOffer";
};

/** A row written before migration 0008 whose flight was already gone has no params: its stored text is shown. */
export function renderNotification(
  notification: Pick<StoredNotification, "type" | "params" | "title" | "message" | "flightId">,
  language: Language,
): RenderedNotification {
  const { params } = notification;
  if (params?.orderId && (notification.type === "manifest_reminder" || notification.type === "travel_day"))
    return travelNotification(notification.type, { ...params, orderId: params.orderId }, language);
  if (params?.offerId && notification.type === "offer_received") {
    const t = translatorFor(language, "catalogue");
    const values = flightValues(params, language);
    return {
      title: t("notifications.kinds.offer_received.title", values),
      message: t("notifications.kinds.offer_received.message", values),
      href: offerPagePath(params.offerId),
      link: "openOffer",
    };
  }
  if (params?.orderId)
    return {
      ...orderNotificationText(notification.type, params, language),
      href: orderPagePath(params.orderId),
      link: "openOrder",
    };
  const href = notification.flightId ? `/checkout/${notification.flightId}` : null;
  if (!params)
    return { title: notification.title ?? "", message: notification.message ?? "", href, link: "openFlight" };
  const t = translatorFor(language, "catalogue");
  const values = flightValues(params, language);
  const kind: NotificationType = notification.type;
  const message = t(`notifications.kinds.${kind}.message`, values);
  return {
    title: t(`notifications.kinds.${kind}.title`, values),
    message: withMoney(message, params, t, language),
    href,
    link: "openFlight",
  };
}

function withMoney(
  message: string,
  params: NotificationParams,
  t: ReturnType<typeof translatorFor>,
  language: Language,
) {
  if (!params.money) return message;
  const key = params.money === "released" ? "nothing" : params.money;
  return `${message} ${t(`notifications.money.${key}`, { amount: formatOrderAmount(params.refundedCents ?? 0, language) })}`;
}

function flightValues(params: NotificationParams, language: Language) {
  const departure = new Date(params.departure);
  return {
    from: cityName(params.from, language),
    to: cityName(params.to, language),
    date: formatDay(departure, language),
    time: formatTime(departure),
  };
}

function orderNotificationText(type: NotificationType, params: NotificationParams, language: Language) {
  const t = translatorFor(language, "catalogue");
  const values = flightValues(params, language);
  if (type === "order_rescheduled") {
    const previous = new Date(params.previousDeparture ?? params.departure);
    const departureMoved = previous.getTime() !== params.departure;
    const message = departureMoved
      ? t("notifications.kinds.order_rescheduled.message", {
          ...values,
          previousDate: formatDay(previous, language),
          previousTime: formatTime(previous),
        })
      : t("notifications.kinds.order_rescheduled.messageArrival", {
          ...values,
          arrivalTime: formatTime(new Date(params.arrival ?? params.departure)),
          previousArrivalTime: formatTime(new Date(params.previousArrival ?? params.departure)),
        });
    const free = params.freeCancellation ? ` ${t("notifications.kinds.order_rescheduled.freeCancellation")}` : "";
    return { title: t("notifications.kinds.order_rescheduled.title", values), message: message + free };
  }
  if (type === "order_cancelled") {
    const reason = params.reason === "authorisationLapsed" || params.reason === "departed" ? params.reason : "message";
    return {
      title: t(`notifications.kinds.${type}.title`, values),
      message: t(`notifications.kinds.order_cancelled.${reason}`, values),
    };
  }
  // customer_cancelled, order_flight_cancelled: the type's own words, and where the money went.
  return {
    title: t(`notifications.kinds.${type}.title`, values),
    message: withMoney(t(`notifications.kinds.${type}.message`, values), params, t, language),
  };
}

/** Before a flight: the manifest still to complete (its page), or the day of travel with the check-in time. */
function travelNotification(
  type: "manifest_reminder" | "travel_day",
  params: NotificationParams & { orderId: string },
  language: Language,
): RenderedNotification {
  const t = translatorFor(language, "catalogue");
  const values = flightValues(params, language);
  if (type === "manifest_reminder") {
    const deadline = new Date(params.deadline ?? params.departure);
    return {
      title: t("travel.manifest_reminder.title", values),
      message: t("travel.manifest_reminder.message", {
        ...values,
        deadlineDate: formatDay(deadline, language),
        deadlineTime: formatTime(deadline),
      }),
      href: orderManifestPath(params.orderId),
      link: "openManifest",
    };
  }
  const checkIn = new Date(params.checkIn ?? params.departure);
  return {
    title: t("travel.travel_day.title", values),
    message: t("travel.travel_day.message", { ...values, checkInTime: formatTime(checkIn) }),
    href: orderPagePath(params.orderId),
    link: "openOrder",
  };
}

export async function notifyOrderOwner(
  context: AppLoadContext,
  input: {
    userId: string;
    type: NotificationType;
    params: NotificationParams;
    flightId: string;
  },
) {
  await insertNotification(context.db, { ...input, now: context.now() });
}

export type NotificationChangeOutcome = { ok: true; intent: "read" | "delete" } | { ok: false; reason: "notFound" };

export async function changeNotification(
  context: AppLoadContext,
  { userId, id, intent }: { userId: string; id: number; intent: "read" | "delete" },
): Promise<NotificationChangeOutcome> {
  const change = intent === "read" ? markNotificationRead : deleteNotification;
  return (await change(context.db, { userId, id })) ? { ok: true, intent } : { ok: false, reason: "notFound" };
}
