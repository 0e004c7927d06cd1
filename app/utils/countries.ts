import type { Language } from "#app/i18n";
import { sortByName } from "#app/content/city-names";
import { BILLING_COUNTRY_CODES, countryName } from "#app/content/country-names";

/** The billing countries, named and sorted in the reader's language (decision 023). */
export function countryChoices(language: Language) {
  const choices = BILLING_COUNTRY_CODES.map((code) => ({ code, name: countryName(code, language) }));
  return sortByName(choices, (choice) => choice.name, language);
}
