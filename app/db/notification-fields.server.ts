import { notifications } from "./schema";

/** What a notification says and where it leads: the page's list and the personal-data export read the same. */
export const NOTIFICATION_FIELDS = {
  type: notifications.type,
  params: notifications.params,
  title: notifications.title,
  message: notifications.message,
  flightId: notifications.flightId,
  read: notifications.read,
  createdAt: notifications.createdAt,
};
