import { useTranslation } from "react-i18next";
import { cityName } from "#app/content/city-names";
import { FALLBACK_LANGUAGE, isSupportedLanguage, type Language } from "#app/i18n";

/** The page's language, always one the app has. */
export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return isSupportedLanguage(i18n.language) ? i18n.language : FALLBACK_LANGUAGE;
}

/** A stored city name in the page's language (app/content/city-names.ts). */
export function useCityName(): (stored: string) => string {
  const language = useLanguage();
  return (stored) => cityName(stored, language);
}
