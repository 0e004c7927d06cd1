/**
 * The profile page's work: the user's own details and
 * language, their route alerts (watches and the weekly cap on alert mails), and
 * 'Supprimer mon compte' (the password, then privacy/privacy.server.ts `eraseUser`).
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { uiLanguageFor, type Language } from "#app/i18n";
import {
  addUserWatch,
  getUserAlertCap,
  listAlertPlaces,
  listUserWatches,
  removeUserWatch,
  setUserAlertCap,
  type AlertPlace,
  type AlertWatch,
} from "#app/alerts/alert-watches.server";
import { cityName, sortByName } from "#app/content/city-names";
import { countryName } from "#app/content/country-names";
import { MAX_ALERT_WATCHES } from "#app/utils/constants";
import { updateProfile, updateUserLanguage, type SessionUser } from "./users.queries.server";
import type { AlertsPageChange, ProfileChanges } from "./account-forms";
import { eraseUser } from "#app/privacy/privacy.server";
import { checkPassword } from "./password-check.server";
import { logError } from "#app/utils/request-log.server";

export type ProfileUpdateOutcome =
  { ok: true; languageChanged: boolean; uiLanguage: Language } | { ok: false; reason: "failed" | "languageFailed" };

/**
 * 'Enregistrer': names, phone and language. `uiLanguage` is the language the pages
 * show from now on (es shows English, docs/i18n.md); a failure says whether the
 * language was part of the change.
 */
export async function saveProfile(
  context: AppLoadContext,
  user: SessionUser,
  { phone, ...changes }: ProfileChanges,
): Promise<ProfileUpdateOutcome> {
  const languageChanged = changes.language !== user.language;
  try {
    await updateProfile(context.db, user.id, { ...changes, phone: phone ?? null }, context.now());
  } catch (error) {
    logError("profile.update-failed", error, { requestId: context.requestId, userId: user.id });
    return { ok: false, reason: languageChanged ? "languageFailed" : "failed" };
  }
  return { ok: true, languageChanged, uiLanguage: uiLanguageFor(changes.language)! };
}

export type LanguageSwitchOutcome = { ok: true; changed: boolean } | { ok: false; reason: "languageFailed" };

/**
 * The header's language switch of a signed-in user (decision 024): their profile language,
 * so their mails follow the pages.
 */
export async function switchProfileLanguage(
  context: AppLoadContext,
  user: SessionUser,
  language: Language,
): Promise<LanguageSwitchOutcome> {
  if (user.language === language) return { ok: true, changed: false };
  try {
    await updateUserLanguage(context.db, user.id, language, context.now());
  } catch (error) {
    logError("profile.language-switch-failed", error, { requestId: context.requestId, userId: user.id });
    return { ok: false, reason: "languageFailed" };
  }
  return { ok: true, changed: true };
}

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
  return { places, watches, weeklyCap, maxWatches: MAX_ALERT_WATCHES };
}

export type AlertsChangeOutcome =
  | { ok: true; done: "watchAdded" | "watchRemoved" | "capSaved" }
  | { ok: false; reason: "unknownPlace" | "sameCity" | "tooManyWatches" | "notFound" | "failed" };

/**
 * 'Ajouter' / 'Supprimer' / 'Enregistrer la limite' of 'Alertes de vols': a watch names
 * only places the airports have, at most `MAX_ALERT_WATCHES` per user (the insert's own
 * condition); a user removes only their own watches.
 */
export async function changeAlerts(
  context: AppLoadContext,
  { userId, change }: { userId: string; change: AlertsPageChange },
): Promise<AlertsChangeOutcome> {
  try {
    const { db } = context;
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

export type OwnErasureOutcome =
  { ok: true } | { ok: false; reason: "wrongPassword" | "rateLimited" | "lastAdmin" | "activeOrders" | "failed" };

/**
 * 'Supprimer mon compte': the current password first, checked and counted like a
 * sign-in's (a stolen session cannot guess it faster than the sign-in form could),
 * then the erasure. `ip` is the request's (limits/rate-limits.server.ts `clientIp`).
 */
export async function deleteOwnAccount(
  context: AppLoadContext,
  { user, password, ip }: { user: SessionUser; password: string; ip: string },
): Promise<OwnErasureOutcome> {
  try {
    // A wrong password keeps the try counted; the right one is no failure, and clears nothing.
    const checked = await checkPassword(context, { user, password, ip });
    if (!checked.ok) return checked;
    const outcome = await eraseUser(context, { userId: user.id, by: "self" });
    if (outcome.ok) return outcome;
    // The owner is signed in, so neither `self` nor `notFound` can be meant: those are failures.
    return {
      ok: false,
      reason: outcome.reason === "lastAdmin" || outcome.reason === "activeOrders" ? outcome.reason : "failed",
    };
  } catch (error) {
    logError("privacy.erasure-failed", error, { requestId: context.requestId });
    return { ok: false, reason: "failed" };
  }
}
