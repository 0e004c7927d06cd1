import { createContext, useContext, useEffect, useMemo } from "react";
import { DEFAULT_NAMESPACE, type Language } from "#app/i18n";
import { createTranslator, type LanguageTexts, type TFunction } from "./translator";

/**
 * The page's language and texts for React components (docs/decisions/012-translation-runtime.md).
 * The server reads every namespace of the request's language. The browser reads the
 * namespaces of the matched routes (their `handle.i18n`): the page preloads them as
 * JSON files (`TranslationLinks`), the entry reads them before hydrating, and a
 * client-side navigation loads more (route-translations.ts).
 */
export type TranslationsValue = {
  language: Language;
  /** The language's loaded namespaces; the browser adds to it in place. */
  texts: LanguageTexts;
  /** Answers for a text the language lacks (the server's English). */
  fallback?: { language: Language; texts: LanguageTexts };
  /** The namespaces the page started with, preloaded by `TranslationLinks`. */
  pageNamespaces: readonly string[];
  /** Changes whenever a text does: part of each file's address, so files can be cached for good. */
  version: string;
  /** Browser only: loads the namespaces in use in another language, then switches. */
  changeLanguage?: (language: Language) => void;
};

const TranslationsContext = createContext<TranslationsValue | null>(null);

export const TranslationsProvider = TranslationsContext.Provider;

function useTranslations(): TranslationsValue {
  const value = useContext(TranslationsContext);
  if (!value) throw new Error("useTranslation outside TranslationsProvider (entry.server.tsx, entry.client.tsx)");
  return value;
}

/** `t` for one namespace (`translation` by default) and the page's language. */
export function useTranslation(namespace: string = DEFAULT_NAMESPACE): { t: TFunction; language: Language } {
  const { language, texts, fallback } = useTranslations();
  const t = useMemo(
    () => createTranslator({ language, texts, namespace, fallback }),
    [language, texts, namespace, fallback],
  );
  return { t, language };
}

/** Follows the language the root loader detected (a `?lng=` link, a sign-in with a profile language). */
export function useFollowLanguage(language: Language) {
  const { language: current, changeLanguage } = useTranslations();
  useEffect(() => {
    if (language !== current) changeLanguage?.(language);
  }, [language, current, changeLanguage]);
}

/** Where a namespace's texts are served (routes/locales.$lng.$file.ts). */
export function translationsHref(language: Language, namespace: string, version: string) {
  return `/locales/${language}/${encodeURIComponent(namespace)}.json?v=${encodeURIComponent(version)}`;
}

export const TRANSLATION_LINK_ATTRIBUTE = "data-translations";

/**
 * In the page's head: the namespaces the page starts with, fetched while the scripts
 * load (entry.client.tsx reads these links, then hydrates).
 */
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
