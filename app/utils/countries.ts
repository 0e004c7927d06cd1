import type { Language } from "#app/i18n";
import { sortByName } from "#app/content/city-names";
import { countryName } from "#app/content/country-names";
import { COUNTRY_CODES } from "#app/requests/request-forms";

/** The billing countries, named and sorted in the reader's language (decision 023). */
export function countryChoices(language: Language) {
  const choices = COUNTRY_CODES.map((code) => ({ code, name: countryName(code, language) }));
  return sortByName(choices, (choice) => choice.name, language);
}
