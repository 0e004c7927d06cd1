// Web Push to a customer's devices (docs/decisions/057-web-push.md). A pushed notification is written by the
// database beside the notification itself; this sends the due ones, outside quiet hours and within the day's cap.
import type { AppLoadContext } from "@remix-run/cloudflare";

import { hitRateLimit, type RateLimitRule } from "#app/db/rate-limits.server";
import { FALLBACK_LANGUAGE, uiLanguageFor } from "#app/i18n";
import { createRandomToken } from "#app/utils/crypto.server";
import { describeError, logError, logEvent } from "#app/utils/request-log.server";

import { localDeviceId } from "./local-push-service.server";
import { renderNotification } from "./notifications.server";
import {
  addPushSubscription,
  claimDuePushes,
  deferDuePushes,
  listPushDevices,
  listUsersWithDuePushes,
  readDuePushes,
  recordPushAnswers,
  removePushSubscription,
} from "./push.queries.server";
import { DAILY_PUSH_CAP, pushDay, pushTimeFor } from "./push-hours";
import { buildPushRequest, pushAnswer } from "./web-push.server";

export const MAX_PUSH_DEVICES = 10;
/** Each device costs a push per alert: turning push on is capped per customer like the other abusable forms. */
export const PUSH_SUBSCRIBE_LIMIT = { limit: 20, windowMs: 60 * 60_000 } satisfies RateLimitRule;
/** Customers per queue message: one job sends to a batch of subscribers. */
export const PUSH_JOB_USERS = 25;
const INLINE_CONCURRENCY = 8;

export type PushSubscriptionInput = { endpoint: string; p256dh: string; auth: string };

export type SubscribeOutcome = { ok: true } | { ok: false; reason: "tooManyDevices" | "badEndpoint" | "rateLimited" };

export async function subscribePushDevice(
  context: AppLoadContext,
  {
    userId,
    subscription,
    userAgent,
  }: { userId: string; subscription: PushSubscriptionInput; userAgent: string | null },
): Promise<SubscribeOutcome> {
  if (!isPushEndpoint(subscription.endpoint, context)) return { ok: false, reason: "badEndpoint" };
  const allowed = await hitRateLimit(context.db, `pushSubscribe:user:${userId}`, PUSH_SUBSCRIBE_LIMIT, context.now());
  if (!allowed.allowed) return { ok: false, reason: "rateLimited" };
  const added = await addPushSubscription(
    context.db,
    { id: createRandomToken(12), userId, ...subscription, device: deviceName(userAgent) },
    { max: MAX_PUSH_DEVICES },
  );
  return added ? { ok: true } : { ok: false, reason: "tooManyDevices" };
}

/**
 * The push services of the browsers that have one (Chrome, Edge, Firefox, Safari): the Worker posts to nothing else
 * a page could name. Locally, the local push service's own endpoints too.
 */
const PUSH_SERVICE_HOSTS = [
  /^fcm\.googleapis\.com$/,
  /(^|\.)push\.services\.mozilla\.com$/,
  /(^|\.)push\.apple\.com$/,
  /\.notify\.windows\.com$/,
];

function isPushEndpoint(endpoint: string, context: AppLoadContext): boolean {
  if (context.env.isLocal && localDeviceId(endpoint, context.env.APP_URL) !== null) return true;
  try {
    const url = new URL(endpoint);
    return (
      url.protocol === "https:" &&
      url.username === "" &&
      url.port === "" &&
      PUSH_SERVICE_HOSTS.some((host) => host.test(url.hostname))
    );
  } catch {
    return false;
  }
}

const BROWSERS: Array<[name: string, userAgent: RegExp]> = [
  ["Edge", /Edg\//],
  ["Firefox", /Firefox\//],
  ["Chrome", /Chrome\//],
  ["Safari", /Safari\//],
];
const SYSTEMS: Array<[name: string, userAgent: RegExp]> = [
  ["Android", /Android/],
  ["iOS", /iPhone|iPad/],
  ["macOS", /Mac OS X/],
  ["Windows", /Windows/],
  ["Linux", /Linux/],
];

/** 'Chrome · Android': enough to tell one's devices apart; nothing more of the user agent is kept. */
export function deviceName(userAgent: string | null): string {
  const ua = userAgent ?? "";
  const browser = BROWSERS.find(([, pattern]) => pattern.test(ua))?.[0] ?? "Browser";
  const system = SYSTEMS.find(([, pattern]) => pattern.test(ua))?.[0];
  return system ? `${browser} · ${system}` : browser;
}

export function removePushDevice(context: AppLoadContext, { userId, deviceId }: { userId: string; deviceId: string }) {
  return removePushSubscription(context.db, { userId, id: deviceId });
}

export function pushDevices(context: AppLoadContext, userId: string) {
  return listPushDevices(context.db, userId);
}

export type UserPushesOutcome =
  | { kind: "nothingDue" }
  | { kind: "deferred"; until: Date }
  | { kind: "pushed"; pushes: number; requests: number; gone: number; failed: number };

/** The customer's due pushes: deferred in quiet hours, else claimed within the cap and sent to each device. */
export async function deliverUserPushes(context: AppLoadContext, userId: string): Promise<UserPushesOutcome> {
  const { db } = context;
  const now = context.now();
  const due = await readDuePushes(db, { userId, now });
  if (due.due === 0) return { kind: "nothingDue" };
  const allowedAt = context.env.PUSH_QUIET_HOURS === "on" ? pushTimeFor(now) : now;
  if (allowedAt > now) {
    await deferDuePushes(db, { userId, now, until: allowedAt });
    return { kind: "deferred", until: allowedAt };
  }
  const claimed = await claimDuePushes(db, {
    userId,
    now,
    dayStart: pushDay(now).start,
    cap: DAILY_PUSH_CAP,
    hasDevice: due.subscriptions.length > 0,
  });
  const language = uiLanguageFor(due.language) ?? FALLBACK_LANGUAGE;
  const gone = new Set<string>();
  const delivered = new Set<string>();
  let failed = 0;
  let requests = 0;
  for (const push of claimed) {
    const shown = renderNotification(push, language);
    const payload = {
      title: shown.title,
      body: shown.message,
      url: shown.href ?? "/notifications",
      tag: `n${push.notificationId}`,
    };
    for (const subscription of due.subscriptions) {
      if (gone.has(subscription.id)) continue;
      requests++;
      try {
        const request = await buildPushRequest(subscription, payload, { vapid: vapidOf(context), now });
        const answer = pushAnswer(await context.push.send(request));
        if (answer === "gone") gone.add(subscription.id);
        else if (answer === "delivered") delivered.add(subscription.id);
        else failed++;
      } catch (error) {
        failed++;
        logEvent("warn", "push.not-sent", { requestId: context.requestId, ...describeError(error) });
      }
    }
  }
  await recordPushAnswers(db, { gone: [...gone], delivered: [...delivered].filter((id) => !gone.has(id)), now });
  return { kind: "pushed", pushes: claimed.length, requests, gone: gone.size, failed };
}

const vapidOf = (context: AppLoadContext) => ({
  publicKey: context.env.VAPID_PUBLIC_KEY,
  privateKey: context.env.VAPID_PRIVATE_KEY,
  subject: context.env.VAPID_SUBJECT,
});

/** One job per batch of customers (the cron's five minutes and every producer of pushed notifications). */
export async function dispatchDuePushes(context: AppLoadContext): Promise<{ users: number }> {
  const userIds = await listUsersWithDuePushes(context.db, context.now());
  if (userIds.length === 0) return { users: 0 };
  const batches: string[][] = [];
  for (let start = 0; start < userIds.length; start += PUSH_JOB_USERS)
    batches.push(userIds.slice(start, start + PUSH_JOB_USERS));
  if (context.jobs) {
    try {
      await context.jobs.sendAll(batches.map((batch) => ({ type: "pushes" as const, userIds: batch })));
      return { users: userIds.length };
    } catch (error) {
      logEvent("warn", "push.not-queued", {
        requestId: context.requestId,
        jobs: batches.length,
        ...describeError(error),
      });
    }
  }
  await deliverPushes(context, userIds);
  return { users: userIds.length };
}

/**
 * After a producer wrote pushed notifications: one customer's pushes in this invocation, or every customer's due
 * ones through the queue. Never throws: what is not sent now stays due for the five-minute cron.
 */
export async function pushSoon(context: AppLoadContext, userId?: string): Promise<void> {
  try {
    if (userId) await deliverUserPushes(context, userId);
    else await dispatchDuePushes(context);
  } catch (error) {
    logError("push.dispatch-failed", error, { requestId: context.requestId });
  }
}

/** A job's batch of customers; one customer's failure never stops the others (their pushes stay due). */
export async function deliverPushes(context: AppLoadContext, userIds: string[]) {
  const queue = [...userIds];
  const outcomes: Record<string, number> = {};
  const worker = async () => {
    for (let userId = queue.shift(); userId; userId = queue.shift()) {
      try {
        const outcome = await deliverUserPushes(context, userId);
        outcomes[outcome.kind] = (outcomes[outcome.kind] ?? 0) + 1;
      } catch (error) {
        outcomes.error = (outcomes.error ?? 0) + 1;
        logError("push.user-failed", error, { requestId: context.requestId, userId });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(INLINE_CONCURRENCY, userIds.length) }, worker));
  return outcomes;
}
