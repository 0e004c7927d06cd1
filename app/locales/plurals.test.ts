import { describe, expect, it } from "vitest";

import { SUPPORTED_LANGUAGES } from "#app/i18n";
import { createTranslator } from "#app/utils/translator";

import { NAMESPACES, resources } from "./resources";

/** Every text of a namespace by its key path, e.g. "header.notifications_one". */
function texts(value: unknown, prefix = ""): [string, string][] {
  if (typeof value === "string") return [[prefix, value]];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) =>
    texts(child, prefix ? `${prefix}.${key}` : key),
  );
}

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/**
 * The forms a language needs (docs/i18n.md "Plurals"): the categories of its
 * Intl.PluralRules. "many" is left out: French uses it for round millions only
 * ("1 000 000 de places"), and the translator then takes `_other`.
 */
const neededForms = (language: string) =>
  new Intl.PluralRules(language)
    .resolvedOptions()
    .pluralCategories.filter((category) => category !== "many")
    .sort();

/**
 * Texts with a `{{count}}` that need no plural forms: the number stands after a colon
 * or as a unit, so no word agrees with it.
 */
const COUNT_WITHOUT_AGREEMENT = new Set([
  "admin:flights.tiles.minutes", // "{{count}} min"
  "admin:flights.search.results", // "Vols à venir : {{count}}"
  "admin:flights.search.resultsFor",
  "admin:flights.pagination.page", // "Page {{page}} sur {{count}}"
]);

describe("plural forms", () => {
  it("fr, en and de need exactly _one and _other (French counts 0 as one)", () => {
    for (const language of SUPPORTED_LANGUAGES) expect(neededForms(language)).toEqual(["one", "other"]);
    expect(new Intl.PluralRules("fr").select(0)).toBe("one");
    expect(new Intl.PluralRules("en").select(0)).toBe("other");
    expect(new Intl.PluralRules("de").select(0)).toBe("other");
  });

  describe.each(NAMESPACES)("%s namespace", (namespace) => {
    it.each(SUPPORTED_LANGUAGES)("every plural key of %s has the forms the language needs", (language) => {
      const keys = texts(resources[language][namespace]).map(([key]) => key);
      const bases = new Set(keys.filter((key) => PLURAL_SUFFIX.test(key)).map((key) => key.replace(PLURAL_SUFFIX, "")));
      const missing = [...bases].flatMap((base) =>
        neededForms(language)
          .filter((form) => !keys.includes(`${base}_${form}`))
          .map((form) => `${base}_${form}`),
      );
      expect(missing).toEqual([]);
      // A plural key is never also a plain one: the plain text would hide the forms from a reader of the file.
      expect([...bases].filter((base) => keys.includes(base))).toEqual([]);
    });

    it.each(SUPPORTED_LANGUAGES)(
      "every {{count}} text of %s is a plural form, or a number no word agrees with",
      (language) => {
        const loose = texts(resources[language][namespace])
          .filter(([key, text]) => text.includes("{{count}}") && !PLURAL_SUFFIX.test(key))
          .map(([key]) => `${namespace}:${key}`)
          .filter((key) => !COUNT_WITHOUT_AGREEMENT.has(key));
        expect(loose).toEqual([]);
      },
    );
  });

  it("reads the customer's small texts in each language's grammar", () => {
    const t = (language: "fr" | "en" | "de", namespace: string) =>
      createTranslator({ language, texts: resources[language], namespace });
    const seats = (language: "fr" | "en" | "de", count: number) =>
      t(language, "admin")("flights.list.seatsValue", { count, total: 3 });
    expect(seats("fr", 1)).toBe("1 disponible sur 3");
    expect(seats("fr", 0)).toBe("0 disponible sur 3");
    expect(seats("fr", 2)).toBe("2 disponibles sur 3");
    expect(seats("en", 1)).toBe("1 available of 3");
    expect(seats("de", 1)).toBe("1 von 3 verfügbar");
    expect(t("fr", "translation")("header.notifications", { count: 0 })).toBe("Notifications, 0 non lue");
    expect(t("fr", "translation")("header.notifications", { count: 2 })).toBe("Notifications, 2 non lues");
    expect(t("fr", "admin")("flights.edit.seatsHeld", { count: 1 })).toBe(
      "Impossible : une commande retient déjà 1 place sur ce vol.",
    );
    expect(t("fr", "catalogue")("flight.seatsLeft", { count: 1 })).toBe("1 place libre");
    expect(t("de", "catalogue")("flight.seatsLeft", { count: 6 })).toMatch(/^6 /);
  });
});
