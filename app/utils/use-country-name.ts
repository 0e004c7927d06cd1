import { countryName } from "#app/content/country-names";

import { useLanguage } from "./use-language";

/** Apart from use-language.ts: docs/speed.md 'What a page's JavaScript leaves out'. */
export function useCountryName(): (stored: string) => string {
  const language = useLanguage();
  return (stored) => countryName(stored, language);
}
