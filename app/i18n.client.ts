import type { Language } from "./i18n";
import { translationsHref } from "./utils/translations";
import type { LanguageTexts, NamespaceTexts } from "./utils/translator";

/** What the browser has loaded so far, by language; each language's object grows in place. */
const loaded: Record<Language, Record<string, NamespaceTexts>> = { fr: {}, en: {}, de: {} };
let pageLanguage: Language | null = null;
let textsVersion = "";

/** The language the page shows now (null before the entry has started). */
export function currentLanguage(): Language | null {
  return pageLanguage;
}

/**
 * Loads what `language` lacks of `namespaces` and returns its texts: one JSON file each
 * (routes/locales.$lng.$file.ts), data and no script.
 */
export async function loadNamespaces(language: Language, namespaces: readonly string[]): Promise<LanguageTexts> {
  const texts = loaded[language];
  await Promise.all(
    namespaces
      .filter((namespace) => !texts[namespace])
      .map(async (namespace) => {
        const response = await fetch(translationsHref(language, namespace, textsVersion));
        if (!response.ok) throw new Error(`No translations for ${language}/${namespace} (${response.status})`);
        texts[namespace] = (await response.json()) as NamespaceTexts;
      }),
  );
  return texts;
}

/** The page's first texts: the namespaces its head preloads (`TranslationLinks`). */
export async function startTranslations(
  language: Language,
  namespaces: readonly string[],
  version: string,
): Promise<LanguageTexts> {
  textsVersion = version;
  const texts = await loadNamespaces(language, namespaces);
  pageLanguage = language;
  return texts;
}

/** Switches the page to `language` once it has every namespace the page had loaded. */
export async function switchLanguage(language: Language): Promise<LanguageTexts> {
  const inUse = pageLanguage ? Object.keys(loaded[pageLanguage]) : [];
  const texts = await loadNamespaces(language, inUse);
  pageLanguage = language;
  return texts;
}
