/**
 * The profile page's work: the user's own details and language, and 'Supprimer mon
 * compte' (the password, then privacy/privacy.server.ts `eraseUser`). Its route alerts
 * are alerts/alert-watches.server.ts.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";

import { type Language, uiLanguageFor } from "#app/i18n";
import { eraseUser } from "#app/privacy/privacy.server";
import { logError } from "#app/utils/request-log.server";

import type { ProfileChanges } from "./account-forms";
import { checkPassword } from "./password-check.server";
import { fillMissingPhone, type SessionUser, updateProfile, updateUserLanguage } from "./users.queries.server";

export type ProfileUpdateOutcome =
  { ok: true; languageChanged: boolean; uiLanguage: Language } | { ok: false; reason: "failed" | "languageFailed" };

/** `uiLanguage`: es shows English (docs/i18n.md). */
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

/**
 * The phone a signed-in buyer gives at checkout becomes the profile's when it has none, so the
 * profile and the next checkout know it. The order stands whatever this does: a failure is logged.
 */
export async function rememberCheckoutPhone(context: AppLoadContext, userId: string, phone: string) {
  try {
    await fillMissingPhone(context.db, userId, phone, context.now());
  } catch (error) {
    logError("profile.phone-failed", error, { requestId: context.requestId, userId });
  }
}

export type LanguageSwitchOutcome = { ok: true; changed: boolean } | { ok: false; reason: "languageFailed" };

/** Their profile language, so their mails follow the pages (decision 024). */
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

export type OwnErasureOutcome =
  { ok: true } | { ok: false; reason: "wrongPassword" | "rateLimited" | "lastAdmin" | "activeOrders" | "failed" };

/**
 * 'Supprimer mon compte': the current password first, checked and counted like a
 * sign-in's (a stolen session cannot guess it faster than the sign-in form could),
 * then the erasure. `ip` is the request's (utils/client-key.server.ts `clientIp`).
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
