import { useRouteLoaderData } from "@remix-run/react";

import { cityName } from "#app/content/city-names";
import type { Language } from "#app/i18n";
import type { NumberLocale } from "#app/utils/format";
import { numberLocaleFor } from "#app/utils/number-locale";
import type { RootLoaderData } from "#app/utils/root-data";
import { useTranslation } from "#app/utils/translations";

export function useLanguage(): Language {
  return useTranslation().language;
}

export function useCityName(): (stored: string) => string {
  const language = useLanguage();
  return (stored) => cityName(stored, language);
}

/** The root loader's reading of the reader's region, so the server and the browser write the same amounts. */
export function useNumberLocale(): NumberLocale {
  const language = useLanguage();
  const swissReader = useRouteLoaderData<RootLoaderData>("root")?.swissReader ?? false;
  return numberLocaleFor(language, swissReader);
}
