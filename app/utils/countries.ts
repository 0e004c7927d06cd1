import { sortByName } from "#app/content/city-names";
import { BILLING_COUNTRY_CODES, countryName } from "#app/content/country-names";
import type { Language } from "#app/i18n";

type CountryChoice = { code: (typeof BILLING_COUNTRY_CODES)[number]; name: string };
const choicesByLanguage = new Map<Language, readonly CountryChoice[]>();

/** Made once per language and isolate: every checkout's loader asks. */
export function countryChoices(language: Language): CountryChoice[] {
  let choices = choicesByLanguage.get(language);
  if (!choices) {
    const named = BILLING_COUNTRY_CODES.map((code) => Object.freeze({ code, name: countryName(code, language) }));
    choices = Object.freeze(sortByName(named, (choice) => choice.name, language));
    choicesByLanguage.set(language, choices);
  }
  return [...choices];
}
