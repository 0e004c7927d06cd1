import { describe, expect, it } from "vitest";

import { DEMO_AIRPORTS } from "#app/db/demo-data";
import { FEED_ONLY_AIRPORTS } from "#app/feed/feed-simulator";

import { airportCountryCode, DOCUMENT_COUNTRY_CODES, documentCountryName } from "./document-countries";

describe("document countries", () => {
  it("lists ISO 3166-1's 249 assigned codes and Kosovo, each once and named in French", () => {
    expect(DOCUMENT_COUNTRY_CODES).toHaveLength(250);
    expect(new Set(DOCUMENT_COUNTRY_CODES).size).toBe(250);
    const french = new Intl.DisplayNames("fr", { type: "region", fallback: "none" });
    for (const code of DOCUMENT_COUNTRY_CODES) expect(french.of(code), code).not.toBe(code);
    expect(french.of("XK")).toBe("Kosovo");
    expect(["fr", "en", "de"].map((language) => documentCountryName("AD", language))).toEqual([
      "Andorre",
      "Andorra",
      "Andorra",
    ]);
    expect(documentCountryName("MA", "de")).toBe("Marokko");
  });

  it("places every airport of the seed and of the feed simulator", () => {
    for (const airport of [...DEMO_AIRPORTS, ...FEED_ONLY_AIRPORTS])
      expect(airportCountryCode(airport.country), airport.country).toMatch(/^[A-Z]{2}$/);
    expect(airportCountryCode("Switzerland")).toBe("CH");
    expect(airportCountryCode("Morocco")).toBe("MA");
    expect(airportCountryCode("United Kingdom")).toBe("GB");
    expect(airportCountryCode("Atlantis")).toBeUndefined();
  });
});
