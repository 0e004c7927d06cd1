// Web Push's statements (docs/decisions/057-web-push.md). A push is claimed by a conditional update whose limit is
// the day's cap minus what was sent: two jobs of one customer at once cannot pass it together.
import { and, desc, eq, sql } from "drizzle-orm";

import type { Db } from "#app/db/client.server";
import { runBatch } from "#app/db/d1-batch.server";
import { type NotificationParams, type NotificationType, pushSubscriptions } from "#app/db/schema";

export type PushDevice = { id: string; device: string; createdAt: Date; lastPushAt: Date | null };
export type StoredSubscription = { id: string; endpoint: string; p256dh: string; auth: string };
export type NewSubscription = StoredSubscription & { userId: string; device: string };

/** The endpoint is the browser's: subscribed again from another account, the device moves to it. */
export async function addPushSubscription(db: Db, subscription: NewSubscription, { max }: { max: number }) {
  const { id, userId, endpoint, p256dh, auth, device } = subscription;
  const result = await db.run(sql`insert into push_subscriptions (id, user_id, endpoint, p256dh, auth, device)
    select ${id}, ${userId}, ${endpoint}, ${p256dh}, ${auth}, ${device}
    where (select count(*) from push_subscriptions where user_id = ${userId} and endpoint <> ${endpoint}) < ${max}
    on conflict (endpoint) do update set user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth,
      device = excluded.device`);
  return result.meta.changes > 0;
}

export function listPushDevices(db: Db, userId: string): Promise<PushDevice[]> {
  return db
    .select({
      id: pushSubscriptions.id,
      device: pushSubscriptions.device,
      createdAt: pushSubscriptions.createdAt,
      lastPushAt: pushSubscriptions.lastPushAt,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.createdAt), pushSubscriptions.id);
}

export async function removePushSubscription(db: Db, { userId, id }: { userId: string; id: string }) {
  const removed = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.id, id)))
    .returning({ id: pushSubscriptions.id });
  return removed.length > 0;
}

export async function listUsersWithDuePushes(db: Db, now: Date): Promise<string[]> {
  const rows = await db.all<{ userId: string }>(
    sql`select distinct user_id as userId from push_messages where sent_at is null and due_at <= ${now.getTime()}
      order by user_id`,
  );
  return rows.map((row) => row.userId);
}

export type DuePushes = { language: string | null; due: number; subscriptions: StoredSubscription[] };

export async function readDuePushes(db: Db, { userId, now }: { userId: string; now: Date }): Promise<DuePushes> {
  const [due, subscriptions] = await runBatch(db, [
    sql`select u.language, (select count(*) from push_messages m
        where m.user_id = u.id and m.sent_at is null and m.due_at <= ${now.getTime()}) as due
      from users u where u.id = ${userId}`,
    sql`select id, endpoint, p256dh, auth from push_subscriptions where user_id = ${userId} order by id`,
  ]);
  const user = due!.results[0] as { language: string | null; due: number } | undefined;
  return {
    language: user?.language ?? null,
    due: user?.due ?? 0,
    subscriptions: subscriptions!.results as StoredSubscription[],
  };
}

/** Waiting pushes due by now wait on until `until` (the end of quiet hours). */
export async function deferDuePushes(db: Db, { userId, now, until }: { userId: string; now: Date; until: Date }) {
  await db.run(sql`update push_messages set due_at = ${until.getTime()}
    where user_id = ${userId} and sent_at is null and due_at <= ${now.getTime()}`);
}

export type ClaimedPush = {
  notificationId: number;
  type: NotificationType;
  params: NotificationParams | null;
  title: string | null;
  message: string | null;
  flightId: string | null;
};

/**
 * Claims the due pushes the day's cap still allows, oldest first, and closes the others as capped (or all as
 * without a device when the customer has none left), in one batch.
 */
export async function claimDuePushes(
  db: Db,
  {
    userId,
    now,
    dayStart,
    cap,
    hasDevice,
  }: { userId: string; now: Date; dayStart: Date; cap: number; hasDevice: boolean },
): Promise<ClaimedPush[]> {
  const at = now.getTime();
  const due = sql`user_id = ${userId} and sent_at is null and due_at <= ${at}`;
  const sentToday = sql`(select count(*) from push_messages where user_id = ${userId} and outcome = 'sent'
    and sent_at >= ${dayStart.getTime()})`;
  const [claimed] = await runBatch(db, [
    sql`update push_messages set sent_at = ${at}, outcome = 'sent'
      where id in (select id from push_messages where ${due} and ${hasDevice ? 1 : 0}
        order by due_at, id limit max(0, ${cap} - ${sentToday}))
      returning notification_id as notificationId`,
    sql`update push_messages set sent_at = ${at}, outcome = ${hasDevice ? "capped" : "noDevice"} where ${due}`,
  ]);
  const ids = (claimed!.results as Array<{ notificationId: number }>).map((row) => row.notificationId);
  if (ids.length === 0) return [];
  const rows = await db.all<Omit<ClaimedPush, "params"> & { params: string | null }>(
    sql`select id as notificationId, type, params, title, message, flight_id as flightId from notifications
      where id in (select value from json_each(${JSON.stringify(ids)})) order by id`,
  );
  return rows.map((row) => ({ ...row, params: row.params ? (JSON.parse(row.params) as NotificationParams) : null }));
}

/** After a round of sends: the subscriptions their push service said are gone are deleted, the others dated. */
export async function recordPushAnswers(
  db: Db,
  { gone, delivered, now }: { gone: string[]; delivered: string[]; now: Date },
) {
  const statements = [
    ...(gone.length > 0
      ? [sql`delete from push_subscriptions where id in (select value from json_each(${JSON.stringify(gone)}))`]
      : []),
    ...(delivered.length > 0
      ? [
          sql`update push_subscriptions set last_push_at = ${now.getTime()}
            where id in (select value from json_each(${JSON.stringify(delivered)}))`,
        ]
      : []),
  ];
  await runBatch(db, statements);
}
