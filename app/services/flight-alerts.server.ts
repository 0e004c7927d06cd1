/**
 * Flight alerts (back-office.md section 7 'Alert sending', DECISIONS.md D6): flights
 * departing in the next 7 days and not sold out, matched to each customer's alert
 * countries (case-insensitively); one in-app notification per newly matching flight
 * and one mail per customer, in their language, listing those flights. A pair is
 * alerted once only; a failed mail stays in the outbox for the cron's retries and never
 * stops the others. Run by the dashboard button, the daily cron, and the sync for the
 * flights it adds (`flightIds`).
 */
import { absoluteUrl } from "#app/utils/urls";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { addDays } from "date-fns";
import { uiLanguageFor, FALLBACK_LANGUAGE, type Language } from "#app/i18n";
import { listAlertableFlights, listAlertSubscribers, recordAlerts, type AlertableFlight, type AlertPair } from "#app/models/flight-alerts.server";
import { cityName } from "#app/content/city-names";
import { formatDay, formatTime } from "#app/utils/format";
import { translatorFor } from "#app/i18n.server";
import { alertUnsubscribeUrl } from "./alert-unsubscribe.server";
import { sendMail } from "./mail.server";

export const ALERT_WINDOW_DAYS = 7;
/** Mails rendered and sent at once: enough to overlap the provider's latency, few enough for a Worker. */
const MAIL_CONCURRENCY = 8;

export type AlertResult =
  | { ok: true; kind: "noPreferences" | "noFlights" }
  | { ok: true; kind: "sent"; sent: number; mailed: number; mailFailures: number }
  | { ok: false; kind: "noProfiles" | "failed" };

type Recipient = { userId: string; email: string; firstName: string; language: Language; countries: Set<string> };

export async function sendFlightAlerts(context: AppLoadContext, { flightIds }: { flightIds?: string[] } = {}): Promise<AlertResult> {
  try {
    return await runAlerts(context, flightIds);
  } catch (error) {
    console.error("alerts: failed", error);
    return { ok: false, kind: "failed" };
  }
}

async function runAlerts(context: AppLoadContext, flightIds: string[] | undefined): Promise<AlertResult> {
  const { db } = context;
  const now = context.now();
  const subscribers = await listAlertSubscribers(db);
  if (subscribers.length === 0) return { ok: true, kind: "noPreferences" };

  const recipients = new Map<string, Recipient>();
  for (const row of subscribers) {
    if (!row.email) continue;
    const recipient = recipients.get(row.userId) ?? {
      userId: row.userId,
      email: row.email,
      firstName: row.firstName ?? "",
      language: uiLanguageFor(row.language) ?? FALLBACK_LANGUAGE,
      countries: new Set<string>(),
    };
    recipient.countries.add(row.country.trim().toLowerCase());
    recipients.set(row.userId, recipient);
  }
  if (recipients.size === 0) return { ok: false, kind: "noProfiles" };

  const flights = await listAlertableFlights(db, { from: now, until: addDays(now, ALERT_WINDOW_DAYS), flightIds });
  if (flights.length === 0) return { ok: true, kind: "noFlights" };
  const flightsByCountry = new Map<string, AlertableFlight[]>();
  for (const flight of flights) {
    const country = flight.fromCountry.trim().toLowerCase();
    flightsByCountry.set(country, [...(flightsByCountry.get(country) ?? []), flight]);
  }

  const pairs: AlertPair[] = [];
  const flightById = new Map(flights.map((flight) => [flight.id, flight]));
  for (const recipient of recipients.values()) {
    const t = translatorFor(recipient.language, "mail");
    for (const country of recipient.countries) {
      for (const flight of flightsByCountry.get(country) ?? []) {
        const departure = new Date(flight.departureMs);
        const values = {
          from: cityName(flight.fromCity, recipient.language),
          to: cityName(flight.toCity, recipient.language),
          date: formatDay(departure, recipient.language),
          time: formatTime(departure),
        };
        pairs.push({
          userId: recipient.userId,
          flightId: flight.id,
          title: t("flightAlert.notificationTitle", values),
          message: t("flightAlert.notificationMessage", values),
        });
      }
    }
  }

  const alerted = await recordAlerts(db, pairs, now);
  const flightsByUser = new Map<string, AlertableFlight[]>();
  for (const { userId, flightId } of alerted) flightsByUser.set(userId, [...(flightsByUser.get(userId) ?? []), flightById.get(flightId)!]);

  let mailed = 0;
  let mailFailures = 0;
  const queue = [...flightsByUser.entries()];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const [userId, userFlights] = next;
      const recipient = recipients.get(userId)!;
      try {
        const result = await sendMail(context, {
          to: recipient.email,
          locale: recipient.language,
          template: "alerts/flight-alert",
          data: {
            firstName: recipient.firstName,
            flights: userFlights.map((flight) => ({
              from: flight.fromCity,
              to: flight.toCity,
              departure: new Date(flight.departureMs).toISOString(),
              url: absoluteUrl(context.env.APP_URL, `/checkout/${flight.id}`),
            })),
            listUrl: absoluteUrl(context.env.APP_URL, "/empty-legs"),
            profileUrl: absoluteUrl(context.env.APP_URL, "/profile"),
            unsubscribeUrl: await alertUnsubscribeUrl(context, { userId, language: recipient.language }),
          },
        });
        if (result.status === "sent") mailed++;
        else mailFailures++;
      } catch (error) {
        // A bad address or a database error for one customer never stops the others.
        mailFailures++;
        console.error(`alerts: the mail to user ${userId} could not be queued`, error);
      }
    }
  };
  await Promise.all(Array.from({ length: MAIL_CONCURRENCY }, worker));
  return { ok: true, kind: "sent", sent: alerted.length, mailed, mailFailures };
}
