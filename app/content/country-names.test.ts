import { join } from "node:path";

import { describe, expect, it } from "vitest";
import { unstable_startWorker } from "wrangler";

import { DEMO_AIRPORTS } from "#app/db/demo-data";
import { FEED_ONLY_AIRPORTS } from "#app/feed/feed-simulator";
import { SUPPORTED_LANGUAGES } from "#app/i18n";
import { CUSTOM_DEPARTURES } from "#app/requests/request-forms";
import { countryChoices } from "#app/utils/countries";

import { CITY_NAMES, cityName } from "./city-names";
import { countryCode, countryName, KNOWN_COUNTRY_CODES } from "./country-names";
import { EXCLUSIVE_FLIGHTS } from "./exclusive-flights";

const AIRPORTS = [...DEMO_AIRPORTS, ...FEED_ONLY_AIRPORTS];

describe("country names per language", () => {
  it("names every country the app uses in fr, en and de, never as its code", () => {
    const codes = new Set([...KNOWN_COUNTRY_CODES, ...AIRPORTS.map((airport) => countryCode(airport.country))]);
    expect(codes).not.toContain(undefined);
    for (const code of codes) {
      const names = SUPPORTED_LANGUAGES.map((language) => countryName(code!, language));
      for (const name of names) expect(name, code).not.toBe(code);
      expect(new Set(names).size, `${code}: ${names.join(", ")}`).toBeGreaterThan(
        code === "MC" || code === "FR" || code === "LU" ? 0 : 1,
      );
    }
    expect(SUPPORTED_LANGUAGES.map((language) => countryName("CH", language))).toEqual([
      "Suisse",
      "Switzerland",
      "Schweiz",
    ]);
  });

  it("reads the airports' stored English names as well as codes", () => {
    expect(SUPPORTED_LANGUAGES.map((language) => countryName("Austria", language))).toEqual([
      "Autriche",
      "Austria",
      "Österreich",
    ]);
    expect(countryName("United Kingdom", "de")).toBe("Vereinigtes Königreich");
    expect(countryName("Unknown", "fr")).toBe("Inconnu");
    expect(countryName("Atlantis", "de")).toBe("Atlantis");
  });

  it("sorts the billing countries in the reader's language", () => {
    expect(
      countryChoices("fr")
        .map((choice) => choice.name)
        .slice(0, 3),
    ).toEqual(["Allemagne", "Autriche", "Belgique"]);
    expect(
      countryChoices("en")
        .map((choice) => choice.name)
        .slice(0, 3),
    ).toEqual(["Austria", "Belgium", "France"]);
    const german = countryChoices("de").map((choice) => choice.name);
    // German collation puts 'Österreich' with the O's, after 'Niederlande', before 'Schweiz'.
    expect(german.indexOf("Österreich")).toBe(german.indexOf("Niederlande") + 1);
    expect(german.at(-1)).toBe("Vereinigtes Königreich");
  });

  it("gives the same names and order inside workerd", { timeout: 60_000 }, async () => {
    const worker = await unstable_startWorker({
      config: join(import.meta.dirname, "../../tests/wrangler.test.toml"),
      entrypoint: join(import.meta.dirname, "../../tests/unit/country-names.worker.ts"),
      dev: { server: { port: 0 }, inspector: false, logLevel: "none" },
    });
    try {
      const response = await worker.fetch("http://worker/");
      const inWorkerd = (await response.json()) as { names: Record<string, string[]>; order: Record<string, string[]> };
      for (const language of SUPPORTED_LANGUAGES) {
        expect(inWorkerd.names[language]).toEqual(KNOWN_COUNTRY_CODES.map((code) => countryName(code, language)));
        expect(inWorkerd.order[language]).toEqual(countryChoices(language).map((choice) => choice.name));
      }
    } finally {
      await worker.dispose();
    }
  });
});

describe("city names everywhere", () => {
  it("has fr, en and de names for every city of the seed, the feed simulator and the content", () => {
    const cities = [
      ...AIRPORTS.map((airport) => airport.servedCity),
      ...EXCLUSIVE_FLIGHTS.flatMap((flight) => [flight.departure, flight.arrival]),
      ...CUSTOM_DEPARTURES,
    ];
    const known = new Set(CITY_NAMES.map((city) => city.fr));
    for (const city of cities) expect(known, city).toContain(city);
    for (const row of CITY_NAMES)
      for (const language of SUPPORTED_LANGUAGES) expect(row[language].trim(), row.fr).not.toBe("");
    expect(SUPPORTED_LANGUAGES.map((language) => cityName("Bâle", language))).toEqual(["Bâle", "Basel", "Basel"]);
    expect(SUPPORTED_LANGUAGES.map((language) => cityName("Milan", language))).toEqual(["Milan", "Milan", "Mailand"]);
    expect(SUPPORTED_LANGUAGES.map((language) => cityName("Vienne", language))).toEqual(["Vienne", "Vienna", "Wien"]);
  });
});
