import { describe, expect, it } from "vitest";
import { DEMO_AIRPORTS } from "#app/db/demo-data";
import { CITY_ARTWORK, cityArtworkFor, DEFAULT_CITY_ARTWORK } from "./cities";

describe("city artwork", () => {
  it("maps about twenty cities, each once", () => {
    expect(CITY_ARTWORK.length).toBeGreaterThanOrEqual(20);
    expect(new Set(CITY_ARTWORK.map((city) => city.key)).size).toBe(CITY_ARTWORK.length);
  });

  it("finds a city whatever its accents, case or language", () => {
    expect(cityArtworkFor("GENÈVE").key).toBe("geneve");
    expect(cityArtworkFor("Geneva").key).toBe("geneve");
    expect(cityArtworkFor("Zürich").key).toBe("zurich");
    expect(cityArtworkFor("München").key).toBe("munich");
  });

  it("draws every demo city, and the default scene for an unknown one", () => {
    for (const airport of DEMO_AIRPORTS) expect(cityArtworkFor(airport.servedCity)).not.toBe(DEFAULT_CITY_ARTWORK);
    expect(cityArtworkFor("Reykjavik")).toBe(DEFAULT_CITY_ARTWORK);
  });
});
