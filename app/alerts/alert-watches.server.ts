/**
 * The route alerts a user watches, as the profile's 'Alertes de vols' reads and changes
 * them: the watches and the weekly cap on alert mails (the sending is flight-alerts.server.ts).
 */
import type { AppLoadContext } from "@remix-run/cloudflare";

import { cityName, sortByName } from "#app/content/city-names";
import { countryName } from "#app/content/country-names";
import type { Language } from "#app/i18n";
import { MAX_ALERT_WATCHES } from "#app/utils/constants";
import { logError } from "#app/utils/request-log.server";

import type { AlertsPageChange } from "./alert-forms";
import {
  addUserWatch,
  type AlertPlace,
  type AlertWatch,
  getUserAlertCap,
  listAlertPlaces,
  listUserWatches,
  removeUserWatch,
  setUserAlertCap,
} from "./alert-watches.queries.server";
import { pushDevices, removePushDevice, subscribePushDevice } from "./push.server";

/**
 * The alert section's data: the places a watch can name (stored values, sorted by their
 * name in `language`: the page shows them named in it), the user's watches and weekly cap.
 */
export async function alertChoices(context: AppLoadContext, userId: string, language: Language) {
  const [stored, watches, weeklyCap] = await Promise.all([
    listAlertPlaces(context.db),
    listUserWatches(context.db, userId),
    getUserAlertCap(context.db, userId),
  ]);
  const places = {
    cities: sortByName(stored.cities, (city) => cityName(city, language), language),
    countries: sortByName(stored.countries, (country) => countryName(country, language), language),
  };
  return {
    places,
    watches,
    weeklyCap,
    maxWatches: MAX_ALERT_WATCHES,
    pushDevices: await pushDevices(context, userId),
    pushKey: context.env.VAPID_PUBLIC_KEY,
    localPushService: context.env.isLocal,
  };
}

export type AlertsChangeOutcome =
  | { ok: true; done: "watchAdded" | "watchRemoved" | "capSaved" | "pushOn" | "pushDeviceRemoved" }
  | {
      ok: false;
      reason:
        | "unknownPlace"
        | "sameCity"
        | "tooManyWatches"
        | "notFound"
        | "failed"
        | "tooManyDevices"
        | "badEndpoint"
        | "rateLimited"
        | "deviceNotFound";
    };

/**
 * 'Ajouter' / 'Supprimer' / 'Enregistrer la limite' of 'Alertes de vols': a watch names
 * only places the airports have, at most `MAX_ALERT_WATCHES` per user (the insert's own
 * condition); a user removes only their own watches.
 */
export async function changeAlerts(
  context: AppLoadContext,
  { userId, change, userAgent = null }: { userId: string; change: AlertsPageChange; userAgent?: string | null },
): Promise<AlertsChangeOutcome> {
  try {
    const { db } = context;
    if (change.intent === "subscribePush") {
      const { endpoint, p256dh, auth } = change;
      const outcome = await subscribePushDevice(context, {
        userId,
        subscription: { endpoint, p256dh: p256dh.replace(/=+$/, ""), auth: auth.replace(/=+$/, "") },
        userAgent,
      });
      return outcome.ok ? { ok: true, done: "pushOn" } : outcome;
    }
    if (change.intent === "removePushDevice") {
      return (await removePushDevice(context, { userId, deviceId: change.deviceId }))
        ? { ok: true, done: "pushDeviceRemoved" }
        : { ok: false, reason: "deviceNotFound" };
    }
    if (change.intent === "removeWatch") {
      return (await removeUserWatch(db, { userId, watchId: change.watchId }))
        ? { ok: true, done: "watchRemoved" }
        : { ok: false, reason: "notFound" };
    }
    if (change.intent === "setCap") {
      await setUserAlertCap(db, { userId, cap: change.cap ?? null, now: context.now() });
      return { ok: true, done: "capSaved" };
    }
    const places = await listAlertPlaces(db);
    const known = (place: AlertPlace) =>
      (place.kind === "city" ? places.cities : places.countries).includes(place.value);
    if (!known(change.from) || (change.to && !known(change.to))) return { ok: false, reason: "unknownPlace" };
    // A city to itself is no route (two countries alike are: a flight inside France).
    if (change.to?.kind === "city" && change.from.kind === "city" && change.to.value === change.from.value)
      return { ok: false, reason: "sameCity" };
    const watch = {
      from: change.from,
      to: change.to ?? null,
      windowDays: change.windowDays as AlertWatch["windowDays"],
      // A radius widens a city; a country has none (the table's check).
      radiusKm: (change.from.kind === "city" ? (change.radiusKm ?? 0) : 0) as AlertWatch["radiusKm"],
    };
    const added = await addUserWatch(db, { userId, watch, now: context.now() });
    return added ? { ok: true, done: "watchAdded" } : { ok: false, reason: "tooManyWatches" };
  } catch (error) {
    logError("profile.alerts-change-failed", error, { requestId: context.requestId, userId, intent: change.intent });
    return { ok: false, reason: "failed" };
  }
}
