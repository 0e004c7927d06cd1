import type { Language } from "#app/i18n";

import { cityName } from "./city-names";
import { countryName } from "./country-names";

/** An airport as a reader of `language` names it: its city and country in that language (decision 023). */
export function airportInLanguage<T extends { servedCity: string; country: string }>(
  airport: T,
  language: Language,
): T {
  return {
    ...airport,
    servedCity: cityName(airport.servedCity, language),
    country: countryName(airport.country, language),
  };
}
