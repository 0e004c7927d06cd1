import { and, count, desc, eq } from "drizzle-orm";
import type { Db } from "#app/db/client.server";
import { notifications, type NotificationParams, type NotificationType } from "#app/db/schema";
import { NOTIFICATION_FIELDS } from "#app/db/notification-fields.server";

/** The spec's limit on the notifications shown. */
export const NOTIFICATIONS_SHOWN = 50;

export type StoredNotification = Awaited<ReturnType<typeof listNotifications>>[number];

/** The user's notifications, newest first, at most 50. Only theirs. */
export function listNotifications(db: Db, userId: string) {
  return db
    .select({ id: notifications.id, ...NOTIFICATION_FIELDS })
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(NOTIFICATIONS_SHOWN);
}

/** How many of the user's notifications are unread (the bell's badge). */
export async function countUnreadNotifications(db: Db, userId: string) {
  const [row] = await db
    .select({ unread: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.read, false)));
  return row?.unread ?? 0;
}

/** Marks one of the user's notifications read; false for another user's or an unknown id. */
export async function markNotificationRead(db: Db, { userId, id }: { userId: string; id: number }) {
  const rows = await db
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return rows.length === 1;
}

/** Deletes one of the user's notifications; false for another user's or an unknown id. */
export async function deleteNotification(db: Db, { userId, id }: { userId: string; id: number }) {
  const rows = await db
    .delete(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return rows.length === 1;
}

/** Stores one notification for a user, as a type and its params (decision 024); an order's is written once by the caller, after the move. */
export async function insertNotification(
  db: Db,
  row: { userId: string; type: NotificationType; params: NotificationParams; flightId: string | null; now: Date },
) {
  await db.insert(notifications).values({
    userId: row.userId,
    type: row.type,
    params: row.params,
    flightId: row.flightId,
    read: false,
    createdAt: row.now,
  });
}
