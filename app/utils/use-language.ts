import { cityName } from "#app/content/city-names";
import type { Language } from "#app/i18n";
import { useTranslation } from "#app/utils/translations";

export function useLanguage(): Language {
  return useTranslation().language;
}

export function useCityName(): (stored: string) => string {
  const language = useLanguage();
  return (stored) => cityName(stored, language);
}
