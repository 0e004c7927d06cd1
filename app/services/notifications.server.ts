/** The notification panel's buttons (traveller.md "Notification bell and panel"). */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { deleteNotification, markNotificationRead } from "#app/models/notifications.server";

export type NotificationChangeOutcome = { ok: true; intent: "read" | "delete" } | { ok: false; reason: "notFound" };

/** Marks one of the user's notifications read, or deletes it; another user's or an unknown id is `notFound`. */
export async function changeNotification(
  context: AppLoadContext,
  { userId, id, intent }: { userId: string; id: number; intent: "read" | "delete" },
): Promise<NotificationChangeOutcome> {
  const change = intent === "read" ? markNotificationRead : deleteNotification;
  return (await change(context.db, { userId, id })) ? { ok: true, intent } : { ok: false, reason: "notFound" };
}
