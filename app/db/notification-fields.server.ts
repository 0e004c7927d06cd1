import { notifications } from "./schema";

export const NOTIFICATION_FIELDS = {
  type: notifications.type,
  params: notifications.params,
  title: notifications.title,
  message: notifications.message,
  flightId: notifications.flightId,
  read: notifications.read,
  createdAt: notifications.createdAt,
};
