// The waitlist of sold-out flights: docs/orders.md 'Waitlist', decision 021. A waitlist failure never undoes nor
// stops the move that released the seats: what is called from there catches, logs and answers.
import type { AppLoadContext } from "@remix-run/cloudflare";

import { hitRateLimitQuery, type RateLimitRule } from "#app/db/rate-limits.server";
import { flightNotificationParams } from "#app/flights/notification-params";
import { FALLBACK_LANGUAGE, uiLanguageFor } from "#app/i18n";
import { sendMail } from "#app/mail/mail.server";
import { clientNetwork } from "#app/utils/client-key.server";
import { logError } from "#app/utils/request-log.server";
import { absoluteUrl } from "#app/utils/urls";

import { pushSoon } from "./push.server";
import {
  claimReleasedEntry,
  type JoinResult,
  joinWaitlist,
  leaveWaitlist,
  listReleasedEntries,
  rearmWaitlist,
} from "./waitlist.queries.server";

const HOUR = 60 * 60_000;

/** Far more than anyone follows, few enough rows. */
export const MAX_WAITLIST_ENTRIES = 20;

export const WAITLIST_LIMITS = {
  joinsPerUser: { limit: 30, windowMs: HOUR },
  /** Whatever the account: new accounts do not reset the count. */
  joinsPerNetwork: { limit: 60, windowMs: HOUR },
} satisfies Record<string, RateLimitRule>;

export type WaitlistIntent = "join" | "leave";

export type WaitlistOutcome =
  | { ok: true; intent: WaitlistIntent; changed: boolean }
  | { ok: false; reason: Exclude<JoinResult, "joined" | "already"> | "rateLimited" | "failed" };

export async function changeWaitlist(
  context: AppLoadContext,
  { userId, ip, intent, flightId }: { userId: string; ip: string; intent: WaitlistIntent; flightId: string },
): Promise<WaitlistOutcome> {
  const { db } = context;
  try {
    if (intent === "leave") return { ok: true, intent, changed: await leaveWaitlist(db, { userId, flightId }) };
    const now = context.now();
    const [perUser, perNetwork] = await db.batch([
      hitRateLimitQuery(db, `waitlist:user:${userId}`, WAITLIST_LIMITS.joinsPerUser, now),
      hitRateLimitQuery(db, `waitlist:ip:${clientNetwork(ip)}`, WAITLIST_LIMITS.joinsPerNetwork, now),
    ]);
    if (
      perUser[0]!.count > WAITLIST_LIMITS.joinsPerUser.limit ||
      perNetwork[0]!.count > WAITLIST_LIMITS.joinsPerNetwork.limit
    ) {
      return { ok: false, reason: "rateLimited" };
    }
    const result = await joinWaitlist(db, { userId, flightId, now, maxEntries: MAX_WAITLIST_ENTRIES });
    if (result === "joined" || result === "already") return { ok: true, intent, changed: result === "joined" };
    return { ok: false, reason: result };
  } catch (error) {
    logError("waitlist.change-failed", error, { requestId: context.requestId, flightId, intent });
    return { ok: false, reason: "failed" };
  }
}

export type NotifyResult = { ok: true; rearmed: number; notified: number; mailFailures: number } | { ok: false };

/**
 * Every waitlisted flight when `flightIds` is not given (the cron's sweep). Two runs at once, or a replay, tell nobody
 * twice. Never throws.
 */
export async function notifyWaitlist(
  context: AppLoadContext,
  { flightIds }: { flightIds?: string[] } = {},
): Promise<NotifyResult> {
  if (flightIds && flightIds.length === 0) return { ok: true, rearmed: 0, notified: 0, mailFailures: 0 };
  try {
    const { db } = context;
    const now = context.now();
    const rearmed = await rearmWaitlist(db, { now, flightIds });
    const entries = await listReleasedEntries(db, { now, flightIds });
    let notified = 0;
    let mailFailures = 0;
    for (const entry of entries) {
      const language = uiLanguageFor(entry.language) ?? FALLBACK_LANGUAGE;
      const departure = new Date(entry.departureMs);
      const claimed = await claimReleasedEntry(db, { entryId: entry.id, now, params: flightNotificationParams(entry) });
      if (!claimed) continue;
      notified++;
      try {
        const mail = await sendMail(context, {
          to: entry.email,
          locale: language,
          template: "waitlist/seat-released",
          data: {
            firstName: entry.firstName,
            from: entry.fromCity,
            to: entry.toCity,
            departure: departure.toISOString(),
            bookUrl: absoluteUrl(context.env.APP_URL, `/checkout/${entry.flightId}`),
            dashboardUrl: absoluteUrl(context.env.APP_URL, "/dashboard"),
          },
        });
        if (mail.status === "failed") mailFailures++;
      } catch (error) {
        // The notification is written; one user's mail never stops the others.
        mailFailures++;
        logError("waitlist.mail-failed", error, { requestId: context.requestId, userId: entry.userId });
      }
    }
    // The released seats' notifications were pushed as they were written (decision 057).
    if (notified > 0) await pushSoon(context);
    return { ok: true, rearmed, notified, mailFailures };
  } catch (error) {
    logError("waitlist.notify-failed", error, { requestId: context.requestId });
    return { ok: false };
  }
}

/** After a sale that took the last seats, the users told of the previous release wait for the next. Never throws. */
export async function rearmAfterSale(context: AppLoadContext, flightId: string): Promise<void> {
  try {
    await rearmWaitlist(context.db, { now: context.now(), flightIds: [flightId] });
  } catch (error) {
    logError("waitlist.rearm-failed", error, { requestId: context.requestId, flightId });
  }
}
