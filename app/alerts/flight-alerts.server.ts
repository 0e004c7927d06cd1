// Flight alerts: docs/sync.md 'Alerts', decisions 020 and 022. A run records the pairs and queues one job per
// customer; without a queue it runs the jobs itself.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { addDays } from "date-fns";

import { listAirportCities } from "#app/db/airport-cities.server";
import { createFlightFromForm, type CreateFlightOutcome } from "#app/flights/admin-flights.server";
import { nearbyPairs } from "#app/flights/nearby";
import { flightNotificationParams } from "#app/flights/notification-params";
import { pricePerPerson } from "#app/flights/pricing";
import { FALLBACK_LANGUAGE, uiLanguageFor } from "#app/i18n";
import { deliverStoredMail, renderOutboxMail } from "#app/mail/mail.server";
import { ALERT_WINDOWS, SEARCH_RADII_KM } from "#app/utils/constants";
import { describeError, logError, logEvent } from "#app/utils/request-log.server";
import { absoluteUrl } from "#app/utils/urls";

import { alertUnsubscribeUrl } from "./alert-unsubscribe.server";
import {
  FLIGHT_ALERT_TEMPLATE,
  listWaitingAlerts,
  recordAlertRun,
  recordUserAlerts,
} from "./flight-alerts.queries.server";
import { deliverUserPushes } from "./push.server";

/** The back-office's message counts the flights of these days ('Aucun vol disponible dans les 7 prochains jours'). */
export const ALERT_WINDOW_DAYS = 7;
const LONGEST_WATCH_DAYS = Math.max(...ALERT_WINDOWS);
/** Enough to overlap the provider's latency. */
const INLINE_CONCURRENCY = 8;
/** Customers a queue message carries: one message per batch of watchers, as the pushes' (decision 057). */
export const ALERT_JOB_USERS = 25;

export type AlertResult =
  | { ok: true; kind: "noPreferences" | "noFlights" }
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
  const nearby = nearbyPairs(await listAirportCities(context.db), Math.max(...SEARCH_RADII_KM));
  const run = await recordAlertRun(
    context.db,
    { from: now, until: addDays(now, LONGEST_WATCH_DAYS), countUntil: addDays(now, ALERT_WINDOW_DAYS), flightIds, now },
    nearby,
  );
  // Waiting pairs of an earlier run whose job was lost go out with this one.
  await dispatch(context, run.waitingUsers);
  if (run.watches === 0) return { ok: true, kind: "noPreferences" };
  if (run.flights === 0 && run.recorded === 0) return { ok: true, kind: "noFlights" };
  return { ok: true, kind: "sent", sent: run.recorded, recipients: run.waitingUsers.length };
}

async function dispatch(context: AppLoadContext, userIds: string[]) {
  if (userIds.length === 0) return;
  if (context.jobs) {
    try {
      const batches: Array<{ type: "alertBatch"; userIds: string[] }> = [];
      for (let start = 0; start < userIds.length; start += ALERT_JOB_USERS)
        batches.push({ type: "alertBatch", userIds: userIds.slice(start, start + ALERT_JOB_USERS) });
      await context.jobs.sendAll(batches);
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

/**
 * Staff's new flight (/new-flight), whose watchers hear of it at once as they do of a synced one: by push within
 * the minute, else in the alert mail. A failure of the alerts is logged and never undoes the flight.
 */
export async function createFlightAndAlert(
  context: AppLoadContext,
  args: Omit<Parameters<typeof createFlightFromForm>[1], "now">,
): Promise<CreateFlightOutcome> {
  const outcome = await createFlightFromForm(context.db, { ...args, now: context.now() });
  if (outcome.ok) await sendFlightAlerts(context, { flightIds: [outcome.flightId] });
  return outcome;
}

/**
 * A queue message's customers, one after another. One customer's failure does not stop the others; the message
 * is retried when any failed, and those already served find nothing waiting.
 */
export async function deliverAlertBatch(context: AppLoadContext, userIds: string[]): Promise<Record<string, number>> {
  const outcomes: Record<string, number> = {};
  let failed: unknown = null;
  for (const userId of userIds) {
    try {
      const { kind } = await deliverUserAlerts(context, userId);
      outcomes[kind] = (outcomes[kind] ?? 0) + 1;
    } catch (error) {
      failed = error;
      logError("alerts.user-failed", error, { requestId: context.requestId, userId });
    }
  }
  if (failed) throw failed;
  return outcomes;
}

export type UserAlertsOutcome =
  { kind: "nothingWaiting" } | { kind: "notified"; notifications: number; mail: "sent" | "failed" | "none" | "capped" };

export async function deliverUserAlerts(context: AppLoadContext, userId: string): Promise<UserAlertsOutcome> {
  const now = context.now();
  const waiting = await listWaitingAlerts(context.db, { userId, now });
  if (waiting.length === 0) return { kind: "nothingWaiting" };
  const { email, firstName, language: stored, capped, hasPush } = waiting[0]!;
  const language = uiLanguageFor(stored) ?? FALLBACK_LANGUAGE;
  // Soonest first, whatever order the rows came in: the mail reads as a timetable.
  const on = waiting
    .filter((alert) => alert.stillOn)
    .sort((a, b) => a.departureMs - b.departureMs || a.flightId.localeCompare(b.flightId));
  const notifications = on.map((alert) => ({ flightId: alert.flightId, params: flightNotificationParams(alert) }));
  const mail =
    on.length === 0 || capped || hasPush
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
  // Its notifications were pushed as they were written (decision 057): they go now, in this job.
  if (hasPush) await deliverUserPushes(context, userId);
  if (recorded.outboxId === null)
    return { kind: "notified", notifications: recorded.notified, mail: capped ? "capped" : "none" };
  const sent = await deliverStoredMail(context, recorded.outboxId);
  return {
    kind: "notified",
    notifications: recorded.notified,
    mail: sent.status === "sent" ? "sent" : sent.status === "taken" ? "none" : "failed",
  };
}
