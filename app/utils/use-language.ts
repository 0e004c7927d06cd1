import { useTranslation } from "#app/utils/translations";
import { cityName } from "#app/content/city-names";
import type { Language } from "#app/i18n";

/** The page's language, always one the app has. */
export function useLanguage(): Language {
  return useTranslation().language;
}

/** A stored city name in the page's language (app/content/city-names.ts). */
export function useCityName(): (stored: string) => string {
  const language = useLanguage();
  return (stored) => cityName(stored, language);
}
