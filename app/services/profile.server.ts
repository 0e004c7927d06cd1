/**
 * The profile page's work (traveller.md section 5): the user's own details and
 * language, and the countries whose new flights they want alerts for.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { uiLanguageFor, type Language } from "#app/i18n";
import { getUserAlertCountries, listAlertCountries, setUserAlertCountries } from "#app/models/alert-preferences.server";
import { updateProfile, type SessionUser } from "#app/models/users.server";
import type { ProfileChanges } from "#app/utils/forms/account";

export type ProfileUpdateOutcome =
  | { ok: true; languageChanged: boolean; uiLanguage: Language }
  | { ok: false; reason: "updateError" | "languageError" };

/**
 * 'Enregistrer': names, phone and language. `uiLanguage` is the language the pages
 * show from now on (es shows English, DECISIONS.md D7); a failure says whether the
 * language was part of the change.
 */
export async function saveProfile(context: AppLoadContext, user: SessionUser, { phone, ...changes }: ProfileChanges): Promise<ProfileUpdateOutcome> {
  const languageChanged = changes.language !== user.language;
  try {
    await updateProfile(context.db, user.id, { ...changes, phone: phone ?? null }, context.now());
  } catch (error) {
    console.error("profile update failed", error instanceof Error ? error.message : error);
    return { ok: false, reason: languageChanged ? "languageError" : "updateError" };
  }
  return { ok: true, languageChanged, uiLanguage: uiLanguageFor(changes.language)! };
}

/** The alert form's choices: the countries the airports have, and the user's. */
export async function alertChoices(context: AppLoadContext, userId: string) {
  const [countries, chosen] = await Promise.all([listAlertCountries(context.db), getUserAlertCountries(context.db, userId)]);
  return { countries, chosen };
}

export type AlertsUpdateOutcome = { ok: true } | { ok: false; reason: "error" };

/** 'Enregistrer mes alertes': only countries the airports have are kept; anything else is dropped, never stored. */
export async function saveAlertCountries(
  context: AppLoadContext,
  { userId, countries }: { userId: string; countries: string[] },
): Promise<AlertsUpdateOutcome> {
  try {
    const available = new Set(await listAlertCountries(context.db));
    const kept = [...new Set(countries.filter((country) => available.has(country)))];
    await setUserAlertCountries(context.db, { userId, countries: kept, now: context.now() });
    return { ok: true };
  } catch (error) {
    console.error("alerts: the preferences could not be saved", error instanceof Error ? error.message : error);
    return { ok: false, reason: "error" };
  }
}
