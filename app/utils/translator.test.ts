import { describe, expect, it } from "vitest";

import { resources } from "#app/locales/resources";

import { createTranslator } from "./translator";

const texts = {
  catalogue: {
    flight: { route: "{{from}} → {{to}}", seats_one: "{{count}} place", seats_other: "{{count}} places" },
    onlyHere: "seulement ici",
  },
  translation: { common: { hello: "Bonjour {{name}}", zeroed_zero: "aucun", zeroed_other: "{{count}} éléments" } },
};
const english = { catalogue: { onlyInEnglish: "English only" } };

describe("the translator", () => {
  const t = createTranslator({
    language: "fr",
    texts,
    namespace: "catalogue",
    fallback: { language: "en", texts: english },
  });

  it("reads nested keys and puts values in", () => {
    expect(t("flight.route", { from: "Genève", to: "Nice" })).toBe("Genève → Nice");
  });

  it("chooses the plural by the language's rules: French 0 and 1 are singular", () => {
    expect(t("flight.seats", { count: 0 })).toBe("0 place");
    expect(t("flight.seats", { count: 1 })).toBe("1 place");
    expect(t("flight.seats", { count: 2 })).toBe("2 places");
    // French "many" (a million) has no text of its own: the plural answers.
    expect(t("flight.seats", { count: 1_000_000 })).toBe("1000000 places");
    const en = createTranslator({ language: "en", texts, namespace: "catalogue" });
    expect(en("flight.seats", { count: 0 })).toBe("0 places");
  });

  it("uses _zero when the file has one", () => {
    expect(t("translation:common.zeroed", { count: 0 })).toBe("aucun");
    expect(t("translation:common.zeroed", { count: 3 })).toBe("3 éléments");
  });

  it("reads another namespace by prefix", () => {
    expect(t("translation:common.hello", { name: "Ana" })).toBe("Bonjour Ana");
  });

  it("falls back to English, then to the default value, then to the key", () => {
    expect(t("onlyInEnglish")).toBe("English only");
    expect(t("missing.key", { defaultValue: "par défaut" })).toBe("par défaut");
    expect(t("missing.key")).toBe("missing.key");
    expect(t("flight")).toBe("flight");
  });

  it("leaves a placeholder without a value as it is", () => {
    expect(t("flight.route", { from: "Sion" })).toBe("Sion → {{to}}");
  });

  it("answers the app's own files: the French seats of a card", () => {
    const real = createTranslator({ language: "fr", texts: resources.fr, namespace: "catalogue" });
    const realDe = createTranslator({ language: "de", texts: resources.de, namespace: "catalogue" });
    expect(real("flight.seatsLeft", { count: 1 })).toBe("1 place libre");
    expect(realDe("flight.seatsLeft", { count: 4 })).toBe("4 Plätze frei");
  });
});
