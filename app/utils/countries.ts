import type { Language } from "#app/i18n";
import { COUNTRY_CODES } from "#app/utils/forms/requests";

/** The billing countries, named in `language`, sorted by French name whatever the language (traveller.md section 3). */
export function countryChoices(language: Language) {
  const french = new Intl.DisplayNames("fr", { type: "region" });
  const local = new Intl.DisplayNames(language, { type: "region" });
  return [...COUNTRY_CODES]
    .sort((a, b) => french.of(a)!.localeCompare(french.of(b)!, "fr"))
    .map((code) => ({ code, name: local.of(code)! }));
}
