/**
 * Flight alerts (docs/sync.md 'Alerts', decision 022):
 * flights not sold out, matched to each customer's route watches (a departure city or
 * country, optionally an arrival, departing within 7, 14 or 30 days); one in-app
 * notification per newly matching flight and one mail per customer, in their language,
 * listing those flights, unless the customer's weekly cap on alert mails is reached (the
 * notifications are never capped). A pair is alerted once only.
 *
 * A run (the dashboard button, the daily cron, the sync for the flights it adds) is the
 * producer: it reads the airports (a watch's radius, decision 036), then matches in SQL
 * and records the pairs in one round trip, then hands one
 * queue job per customer to Cloudflare Queues (docs/decisions/020-queues.md). The job
 * (`deliverUserAlerts`, run by app/operations/queue.server.ts) writes the notifications and
 * the mail and sends it; a failed mail stays in the outbox for the cron's retries. Without
 * a queue (tests, a Worker deployed without the binding) the run does the jobs itself.
 */
import { absoluteUrl } from "#app/utils/urls";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { addDays } from "date-fns";
import { uiLanguageFor, FALLBACK_LANGUAGE } from "#app/i18n";
import {
  FLIGHT_ALERT_TEMPLATE,
  listWaitingAlerts,
  recordAlertRun,
  recordUserAlerts,
} from "./flight-alerts.queries.server";
import { ALERT_WINDOWS, SEARCH_RADII_KM } from "#app/utils/constants";
import { deliverStoredMail, renderOutboxMail } from "#app/mail/mail.server";
import { pricePerPerson } from "#app/flights/pricing";
import { listAirportCities } from "#app/db/airport-cities.server";
import { nearbyPairs } from "#app/flights/nearby";
import { alertUnsubscribeUrl } from "./alert-unsubscribe.server";
import { flightNotificationParams } from "./notifications.server";
import { describeError, logError, logEvent } from "#app/utils/request-log.server";

/** The back-office's message counts the flights of these days ('Aucun vol disponible dans les 7 prochains jours'). */
export const ALERT_WINDOW_DAYS = 7;
/** The longest window a watch can have: the run looks no further. */
const LONGEST_WATCH_DAYS = Math.max(...ALERT_WINDOWS);
/** Customers handled at once when the run does the jobs itself: enough to overlap the provider's latency. */
const INLINE_CONCURRENCY = 8;

export type AlertResult =
  | { ok: true; kind: "noPreferences" | "noFlights" }
  /** `sent`: pairs alerted by this run; `recipients`: customers whose job was queued or done. */
  | { ok: true; kind: "sent"; sent: number; recipients: number }
  | { ok: false; kind: "failed" };

export async function sendFlightAlerts(
  context: AppLoadContext,
  { flightIds }: { flightIds?: string[] } = {},
): Promise<AlertResult> {
  try {
    return await runAlerts(context, flightIds);
  } catch (error) {
    logError("alerts.failed", error, { requestId: context.requestId });
    return { ok: false, kind: "failed" };
  }
}

async function runAlerts(context: AppLoadContext, flightIds: string[] | undefined): Promise<AlertResult> {
  const now = context.now();
  // The watches' radii are matched against the airports' distances, computed here from
  // their coordinates (a few dozen rows): one read before the run's round trip.
  const nearby = nearbyPairs(await listAirportCities(context.db), Math.max(...SEARCH_RADII_KM));
  const run = await recordAlertRun(
    context.db,
    { from: now, until: addDays(now, LONGEST_WATCH_DAYS), countUntil: addDays(now, ALERT_WINDOW_DAYS), flightIds, now },
    nearby,
  );
  // Waiting pairs of an earlier run whose job was lost go out with this one.
  await dispatch(context, run.waitingUsers);
  // 'noPreferences': nobody has a watch.
  if (run.watches === 0) return { ok: true, kind: "noPreferences" };
  if (run.flights === 0 && run.recorded === 0) return { ok: true, kind: "noFlights" };
  return { ok: true, kind: "sent", sent: run.recorded, recipients: run.waitingUsers.length };
}

/** One job per customer: to the queue, or done here when there is none or it refuses them. */
async function dispatch(context: AppLoadContext, userIds: string[]) {
  if (userIds.length === 0) return;
  if (context.jobs) {
    try {
      await context.jobs.sendAll(userIds.map((userId) => ({ type: "alerts" as const, userId })));
      return;
    } catch (error) {
      logEvent("warn", "alerts.not-queued", {
        requestId: context.requestId,
        jobs: userIds.length,
        ...describeError(error),
      });
    }
  }
  const queue = [...userIds];
  const worker = async () => {
    for (let userId = queue.shift(); userId; userId = queue.shift()) {
      // One customer's failure never stops the others: their pairs wait for the next run.
      await deliverUserAlerts(context, userId).catch((error: unknown) =>
        logError("alerts.user-failed", error, { requestId: context.requestId, userId }),
      );
    }
  };
  await Promise.all(Array.from({ length: INLINE_CONCURRENCY }, worker));
}

export type UserAlertsOutcome =
  | { kind: "nothingWaiting" }
  /** `capped`: the weekly cap on alert mails was reached, the notifications were written without a mail. */
  | { kind: "notified"; notifications: number; mail: "sent" | "failed" | "none" | "capped" };

/**
 * The job of one customer: a notification per waiting flight still on, one mail listing
 * them (soonest first, in their language) unless their weekly cap is reached, the pairs
 * marked notified, in one batch; then the mail's first try. Idempotent: a second
 * delivery finds nothing waiting.
 */
export async function deliverUserAlerts(context: AppLoadContext, userId: string): Promise<UserAlertsOutcome> {
  const now = context.now();
  const waiting = await listWaitingAlerts(context.db, { userId, now });
  if (waiting.length === 0) return { kind: "nothingWaiting" };
  const { email, firstName, language: stored, capped } = waiting[0]!;
  const language = uiLanguageFor(stored) ?? FALLBACK_LANGUAGE;
  // Soonest first, whatever order the rows came in: the mail reads as a timetable.
  const on = waiting
    .filter((alert) => alert.stillOn)
    .sort((a, b) => a.departureMs - b.departureMs || a.flightId.localeCompare(b.flightId));
  // Kept as data: each reader reads it in the language of the page (decision 024).
  const notifications = on.map((alert) => ({ flightId: alert.flightId, params: flightNotificationParams(alert) }));
  const mail =
    on.length === 0 || capped
      ? null
      : await renderOutboxMail(context, {
          to: email,
          locale: language,
          template: FLIGHT_ALERT_TEMPLATE,
          data: {
            firstName,
            flights: on.map((alert) => ({
              from: alert.fromCity,
              to: alert.toCity,
              departure: new Date(alert.departureMs).toISOString(),
              pricePerPerson: pricePerPerson(alert),
              url: absoluteUrl(context.env.APP_URL, `/checkout/${alert.flightId}`),
            })),
            listUrl: absoluteUrl(context.env.APP_URL, "/empty-legs"),
            profileUrl: absoluteUrl(context.env.APP_URL, "/profile"),
            unsubscribeUrl: await alertUnsubscribeUrl(context, { userId, language }),
          },
        });
  const recorded = await recordUserAlerts(context.db, {
    userId,
    flightIds: waiting.map((alert) => alert.flightId),
    notifications,
    mail,
    now,
  });
  if (recorded.outboxId === null)
    return { kind: "notified", notifications: recorded.notified, mail: capped ? "capped" : "none" };
  const sent = await deliverStoredMail(context, recorded.outboxId);
  return {
    kind: "notified",
    notifications: recorded.notified,
    mail: sent.status === "sent" ? "sent" : sent.status === "taken" ? "none" : "failed",
  };
}
