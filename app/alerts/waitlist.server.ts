/**
 * The waitlist of sold-out flights (docs/orders.md 'Waitlist', decision 021). A signed-in
 * user joins from a sold-out card or checkout page and leaves from there or from the
 * dashboard. When seats come back (a refusal, an expired hold or a failed payment, a staff
 * edit, the feed sync), `notifyWaitlist` tells the waiting users, oldest first, once per
 * release: an in-app notification and a mail in their language. A waitlist failure never
 * undoes nor stops the move that released the seats: every function called from there
 * catches, logs and answers.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { uiLanguageFor, FALLBACK_LANGUAGE } from "#app/i18n";
import { hitRateLimitQuery, type RateLimitRule } from "#app/db/rate-limits.server";
import {
  claimReleasedEntry,
  joinWaitlist,
  leaveWaitlist,
  listReleasedEntries,
  rearmWaitlist,
  type JoinResult,
} from "./waitlist.queries.server";
import { clientNetwork } from "#app/utils/client-key.server";
import { absoluteUrl } from "#app/utils/urls";
import { sendMail } from "#app/mail/mail.server";
import { flightNotificationParams } from "./notifications.server";
import { logError } from "#app/utils/request-log.server";

const HOUR = 60 * 60_000;

/** Flights one user may wait for at once: far more than anyone follows, few enough rows. */
export const MAX_WAITLIST_ENTRIES = 20;

export const WAITLIST_LIMITS = {
  /** Joins per user: a few clicks a minute at most, never thousands of rows. */
  joinsPerUser: { limit: 30, windowMs: HOUR },
  /** Joins per network, whatever the account: new accounts do not reset the count. */
  joinsPerNetwork: { limit: 60, windowMs: HOUR },
} satisfies Record<string, RateLimitRule>;

export type WaitlistIntent = "join" | "leave";

export type WaitlistOutcome =
  /** `changed` is false when the user already waited (join) or was not waiting (leave). */
  | { ok: true; intent: WaitlistIntent; changed: boolean }
  | { ok: false; reason: Exclude<JoinResult, "joined" | "already"> | "rateLimited" | "failed" };

export type WaitlistRefusal = Extract<WaitlistOutcome, { ok: false }>["reason"];

/**
 * 'Me prévenir si une place se libère' and 'Quitter': the signed-in user's own entry
 * only, whatever flight id is sent. A join counts against the caps first.
 */
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
 * After seats may have come back on `flightIds` (every waitlisted flight when not given:
 * the 5-minute cron's sweep): first the entries of flights sold out again wait for the
 * next release; then every entry of a flight with seats now, not yet told of this
 * release, oldest first, is claimed with its notification (one batch each) and mailed.
 * Two runs at once, or a replay, tell nobody twice. Never throws.
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
      // Kept as data: each reader reads it in the language of the page (decision 024).
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
        // The notification is written; the mail of one user never stops the others.
        mailFailures++;
        logError("waitlist.mail-failed", error, { requestId: context.requestId, userId: entry.userId });
      }
    }
    return { ok: true, rearmed, notified, mailFailures };
  } catch (error) {
    logError("waitlist.notify-failed", error, { requestId: context.requestId });
    return { ok: false };
  }
}

/**
 * After a sale on the flight (the checkout): if it took the last seats, the users told
 * of the previous release wait for the next one. Never throws.
 */
export async function rearmAfterSale(context: AppLoadContext, flightId: string): Promise<void> {
  try {
    await rearmWaitlist(context.db, { now: context.now(), flightIds: [flightId] });
  } catch (error) {
    logError("waitlist.rearm-failed", error, { requestId: context.requestId, flightId });
  }
}
