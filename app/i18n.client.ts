import type { Language } from "./i18n";

type Resources = Record<string, Record<string, unknown>>;
const localeLoaders = import.meta.glob<Record<string, unknown>>("./locales/*/*.json", { import: "default" });

/**
 * Loads every namespace of one language; in the browser each file is its own small
 * chunk, fetched in parallel.
 */
export async function loadTranslations(language: Language): Promise<Resources> {
  const prefix = `./locales/${language}/`;
  const entries = await Promise.all(
    Object.entries(localeLoaders)
      .filter(([path]) => path.startsWith(prefix))
      .map(async ([path, load]) => [path.slice(prefix.length, -".json".length), await load()] as const),
  );
  if (entries.length === 0) throw new Error(`No translations for ${language}`);
  return Object.fromEntries(entries);
}
