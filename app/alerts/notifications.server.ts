/**
 * In-app notifications (docs/orders.md 'Notifications and alert preferences', decision 024): stored
 * as a type and its params, read in the reader's language, with a link to their flight.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { Language } from "#app/i18n";
import { translatorFor } from "#app/i18n.server";
import { cityName } from "#app/content/city-names";
import type { NotificationParams, NotificationType } from "#app/db/schema";
import {
  deleteNotification,
  insertNotification,
  markNotificationRead,
  type StoredNotification,
} from "./notifications.queries.server";
import { orderPagePath } from "#app/orders/order-urls";
import { formatDay, formatOrderAmount, formatTime } from "#app/utils/format";

/** What a writer knows of the flight: the params a notification keeps (stored city names, ICAO codes, departure). */
export function flightNotificationParams(flight: {
  fromCity: string;
  toCity: string;
  fromIcao: string;
  toIcao: string;
  departureMs: number;
}): NotificationParams {
  return {
    from: flight.fromCity,
    to: flight.toCity,
    fromIcao: flight.fromIcao,
    toIcao: flight.toIcao,
    departure: flight.departureMs,
  };
}

export type RenderedNotification = { title: string; message: string; href: string | null };

/**
 * The one place a notification becomes text: its type's title and message in `language`,
 * the cities named in that language, and the link to its flight's page (the card's
 * 'Réserver ce vol'), none once the flight is gone. A row written before migration 0008
 * whose flight was already gone has no params: its stored text is shown.
 */
export function renderNotification(
  notification: Pick<StoredNotification, "type" | "params" | "title" | "message" | "flightId">,
  language: Language,
): RenderedNotification {
  const { params } = notification;
  // An order's notification opens the order (its owner is signed in); a flight's, the flight.
  const href = params?.orderId
    ? orderPagePath(params.orderId)
    : notification.flightId
      ? `/checkout/${notification.flightId}`
      : null;
  if (!params) return { title: notification.title ?? "", message: notification.message ?? "", href };
  const t = translatorFor(language, "catalogue");
  const departure = new Date(params.departure);
  const values = {
    from: cityName(params.from, language),
    to: cityName(params.to, language),
    date: formatDay(departure, language),
    time: formatTime(departure),
  };
  const kind: NotificationType = notification.type;
  const message = t(`notifications.kinds.${kind}.message`, values);
  return {
    title: t(`notifications.kinds.${kind}.title`, values),
    message: withMoney(message, params, t, language),
    href,
  };
}

/**
 * Tells a user of something that happened to their order (customer_cancelled): stored as a
 * type and the flight's params with the order's id, rendered in their language when read.
 */
export async function notifyOrderOwner(
  context: AppLoadContext,
  input: { userId: string; type: NotificationType; orderId: string; flightId: string; flight: NotificationParams },
) {
  await insertNotification(context.db, {
    userId: input.userId,
    type: input.type,
    params: { ...input.flight, orderId: input.orderId },
    flightId: input.flightId,
    now: context.now(),
  });
}

/** An order's notification says where its money went (a cancelled flight's cascade, decision 032). */
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

export type NotificationChangeOutcome = { ok: true; intent: "read" | "delete" } | { ok: false; reason: "notFound" };

/** Marks one of the user's notifications read, or deletes it; another user's or an unknown id is `notFound`. */
export async function changeNotification(
  context: AppLoadContext,
  { userId, id, intent }: { userId: string; id: number; intent: "read" | "delete" },
): Promise<NotificationChangeOutcome> {
  const change = intent === "read" ? markNotificationRead : deleteNotification;
  return (await change(context.db, { userId, id })) ? { ok: true, intent } : { ok: false, reason: "notFound" };
}

// Reads that routes and other domains use as they are (a domain's queries stay behind its services).
export { countUnreadNotifications, listNotifications } from "./notifications.queries.server";
