import type { Language } from "./i18n";
import { translationsHref } from "./utils/translations";
import type { LanguageTexts, NamespaceTexts } from "./utils/translator";

/** Each language's object grows in place as namespaces load. */
const loaded: Record<Language, Record<string, NamespaceTexts>> = { fr: {}, en: {}, de: {} };
let pageLanguage: Language | null = null;
let textsVersion = "";

export function currentLanguage(): Language | null {
  return pageLanguage;
}

/** One JSON file per namespace (routes/locales.$lng.$file.ts): data, no script. */
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

/** Switches only once every namespace the page had is loaded in `language`. */
export async function switchLanguage(language: Language): Promise<LanguageTexts> {
  const inUse = pageLanguage ? Object.keys(loaded[pageLanguage]) : [];
  const texts = await loadNamespaces(language, inUse);
  pageLanguage = language;
  return texts;
}
