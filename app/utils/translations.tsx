import { createContext, useContext, useEffect, useMemo } from "react";

import { DEFAULT_NAMESPACE, type Language } from "#app/i18n";

import { createTranslator, type LanguageTexts, type TFunction } from "./translator";

// The page's language and texts for components: docs/decisions/012-translation-runtime.md.
export type TranslationsValue = {
  language: Language;
  /** The browser adds to it in place. */
  texts: LanguageTexts;
  fallback?: { language: Language; texts: LanguageTexts };
  pageNamespaces: readonly string[];
  version: string;
  changeLanguage?: (language: Language) => void;
};

const TranslationsContext = createContext<TranslationsValue | null>(null);

export const TranslationsProvider = TranslationsContext.Provider;

function useTranslations(): TranslationsValue {
  const value = useContext(TranslationsContext);
  if (!value) throw new Error("useTranslation outside TranslationsProvider (entry.server.tsx, entry.client.tsx)");
  return value;
}

export function useTranslation(namespace: string = DEFAULT_NAMESPACE): { t: TFunction; language: Language } {
  const { language, texts, fallback } = useTranslations();
  const t = useMemo(
    () => createTranslator({ language, texts, namespace, fallback }),
    [language, texts, namespace, fallback],
  );
  return { t, language };
}

export function useFollowLanguage(language: Language) {
  const { language: current, changeLanguage } = useTranslations();
  useEffect(() => {
    if (language !== current) changeLanguage?.(language);
  }, [language, current, changeLanguage]);
}

export function translationsHref(language: Language, namespace: string, version: string) {
  return `/locales/${language}/${encodeURIComponent(namespace)}.json?v=${encodeURIComponent(version)}`;
}

export const TRANSLATION_LINK_ATTRIBUTE = "data-translations";

export function TranslationLinks() {
  const { language, pageNamespaces, version } = useTranslations();
  return pageNamespaces.map((namespace) => (
    <link
      key={namespace}
      rel="preload"
      as="fetch"
      crossOrigin="anonymous"
      href={translationsHref(language, namespace, version)}
      {...{ [TRANSLATION_LINK_ATTRIBUTE]: namespace }}
    />
  ));
}
