import type { Language } from "./i18n";

const localeLoaders = import.meta.glob<Record<string, unknown>>("./locales/*/*.json", { import: "default" });

/** Loads one namespace of one language; in the browser each file is its own small chunk. */
export async function loadNamespace(language: Language, namespace: string): Promise<Record<string, unknown>> {
  const load = localeLoaders[`./locales/${language}/${namespace}.json`];
  if (!load) throw new Error(`No translations for ${language}/${namespace}`);
  return load();
}

/** The namespaces a page needs, fetched in parallel, keyed by namespace. */
export async function loadNamespaces(language: Language, namespaces: readonly string[]) {
  const entries = await Promise.all(namespaces.map(async (namespace) => [namespace, await loadNamespace(language, namespace)] as const));
  return Object.fromEntries(entries);
}
