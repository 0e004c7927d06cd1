import type { Language } from "#app/i18n";

import type { NumberLocale } from "./format";

/**
 * A Swiss reader is one whose browser's first regional language tag is Swiss: 'de-CH', 'fr-CH',
 * 'it-CH', 'gsw' (Swiss German) or Liechtenstein's. A bare 'de' says nothing of a region: German.
 * Decision 052.
 */
export function isSwissReader(acceptLanguage: string | null): boolean {
  for (const entry of (acceptLanguage ?? "").split(",")) {
    const tag = entry.split(";")[0]!.trim().toLowerCase();
    if (tag === "gsw" || tag.startsWith("gsw-")) return true;
    const region = tag.split("-")[1];
    if (region && /^([a-z]{2}|\d{3})$/.test(region)) return region === "ch" || region === "li";
  }
  return false;
}

export function numberLocaleFor(language: Language, swiss: boolean): NumberLocale {
  if (!swiss || language === "en") return language;
  return language === "de" ? "de-CH" : "fr-CH";
}
