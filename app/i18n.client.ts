import type { Language } from "./i18n";

type Resources = Record<string, unknown>;
const localeLoaders = import.meta.glob<Resources>("./locales/*/translation.json", { import: "default" });

/** Loads one language's texts; in the browser each language is its own small chunk. */
export async function loadTranslations(language: Language): Promise<Resources> {
  const load = localeLoaders[`./locales/${language}/translation.json`];
  if (!load) throw new Error(`No translations for ${language}`);
  return load();
}
