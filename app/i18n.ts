/** Language settings shared by the server and the browser (docs/i18n.md). */
export const SUPPORTED_LANGUAGES = ["fr", "en", "de"] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = "en";
export const DEFAULT_NAMESPACE = "translation";
/** The cookie that keeps the visitor's choice, named as in the earlier app. */
export const LANGUAGE_COOKIE_NAME = "i18nextLng";

export function isSupportedLanguage(value: unknown): value is Language {
  return typeof value === "string" && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}

/** A profile language the UI does not have (es) falls back to English. */
export function uiLanguageFor(profileLanguage: string | null | undefined): Language | null {
  if (!profileLanguage) return null;
  return isSupportedLanguage(profileLanguage) ? profileLanguage : FALLBACK_LANGUAGE;
}
