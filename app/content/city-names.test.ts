import { describe, expect, it } from "vitest";

import { DEMO_AIRPORTS } from "#app/db/demo-data";
import { SUPPORTED_LANGUAGES } from "#app/i18n";

import { CITY_NAMES, cityAliases, cityName } from "./city-names";

describe("city names per language", () => {
  it("names a city in each language, whatever the stored spelling", () => {
    expect(SUPPORTED_LANGUAGES.map((language) => cityName("Genève", language))).toEqual(["Genève", "Geneva", "Genf"]);
    expect(SUPPORTED_LANGUAGES.map((language) => cityName("Londres", language))).toEqual([
      "Londres",
      "London",
      "London",
    ]);
    expect(SUPPORTED_LANGUAGES.map((language) => cityName("Munich", language))).toEqual([
      "Munich",
      "Munich",
      "München",
    ]);
    expect(cityName("GENEVA", "de")).toBe("Genf");
    expect(cityName("Zuerich", "de")).toBe("Zürich");
  });

  it("covers every demo city, and shows a missing one as stored", () => {
    const known = new Set(CITY_NAMES.map((city) => city.fr));
    for (const airport of DEMO_AIRPORTS) expect(known).toContain(airport.servedCity);
    expect(cityName("Reykjavik", "de")).toBe("Reykjavik");
    expect(cityAliases("Reykjavik")).toEqual(["Reykjavik"]);
  });

  it("gives every name of a city, so a search in any language finds it", () => {
    expect(cityAliases("Genève")).toEqual(expect.arrayContaining(["Genève", "Geneva", "Genf"]));
  });
});
