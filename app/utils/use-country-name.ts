import { countryName } from "#app/content/country-names";
import { useLanguage } from "./use-language";

/**
 * A stored country (code or name) in the page's language (app/content/country-names.ts).
 * Apart from use-language.ts, so the pages that name no country (/home) do not load the
 * country table.
 */
export function useCountryName(): (stored: string) => string {
  const language = useLanguage();
  return (stored) => countryName(stored, language);
}
