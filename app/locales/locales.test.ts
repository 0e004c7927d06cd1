import { describe, expect, it } from "vitest";

import { SUPPORTED_LANGUAGES } from "#app/i18n";

import { NAMESPACES, resources } from "./resources";

/** Every key path of a nested translation object, e.g. "footer.about". */
function keyPaths(value: unknown, prefix = ""): string[] {
  if (value === null || typeof value !== "object") return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keyPaths(child, prefix ? `${prefix}.${key}` : key));
}

describe.each(NAMESPACES)("translations: %s namespace", (namespace) => {
  const french = keyPaths(resources.fr[namespace]).sort();

  it.each(SUPPORTED_LANGUAGES.filter((lng) => lng !== "fr"))("%s has exactly the French keys", (language) => {
    expect(keyPaths(resources[language][namespace]).sort()).toEqual(french);
  });

  it.each(SUPPORTED_LANGUAGES)("%s has no empty text", (language) => {
    const empty = keyPaths(resources[language][namespace]).filter((path) => {
      const text = path
        .split(".")
        .reduce<unknown>((node, key) => (node as Record<string, unknown>)?.[key], resources[language][namespace]);
      return typeof text !== "string" || text.trim() === "";
    });
    expect(empty.filter((path) => path !== "")).toEqual([]);
  });

  it.each(SUPPORTED_LANGUAGES)("%s keeps the French placeholders", (language) => {
    const placeholders = (lng: typeof language) =>
      keyPaths(resources[lng][namespace])
        .map((path) => {
          const text = path
            .split(".")
            .reduce<unknown>((node, key) => (node as Record<string, unknown>)?.[key], resources[lng][namespace]);
          return `${path}:${[...String(text).matchAll(/\{\{(\w+)\}\}/g)]
            .map((m) => m[1])
            .sort()
            .join(",")}`;
        })
        .sort();
    expect(placeholders(language)).toEqual(placeholders("fr"));
  });
});
