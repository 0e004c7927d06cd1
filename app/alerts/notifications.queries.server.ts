import { and, count, desc, eq } from "drizzle-orm";

import type { Db } from "#app/db/client.server";
import { NOTIFICATION_FIELDS } from "#app/db/notification-fields.server";
import { type NotificationParams, notifications, type NotificationType } from "#app/db/schema";

export const NOTIFICATIONS_SHOWN = 50;

export type StoredNotification = Awaited<ReturnType<typeof listNotifications>>[number];

export function listNotifications(db: Db, userId: string) {
  return db
    .select({ id: notifications.id, ...NOTIFICATION_FIELDS })
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(NOTIFICATIONS_SHOWN);
}

export async function countUnreadNotifications(db: Db, userId: string) {
  const [row] = await db
    .select({ unread: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.read, false)));
  return row?.unread ?? 0;
}

export async function markNotificationRead(db: Db, { userId, id }: { userId: string; id: number }) {
  const rows = await db
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return rows.length === 1;
}

export async function deleteNotification(db: Db, { userId, id }: { userId: string; id: number }) {
  const rows = await db
    .delete(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return rows.length === 1;
}

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
