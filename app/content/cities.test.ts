import { describe, expect, it } from "vitest";

import { DEMO_AIRPORTS } from "#app/db/demo-data";
import { simulatedFlights } from "#app/feed/feed-simulator";

import { CITY_ARTWORK, cityArtworkFor, DEFAULT_CITY_ARTWORK } from "./cities";
import { CITY_NAMES } from "./city-names";
import { citySlug } from "./city-slug";

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

  it("draws every city of the demo data, of the feed's simulator and of the names table, and the default scene for an unknown one", () => {
    const feedCities = simulatedFlights(new Date("2026-11-24T00:00:00Z"), 2_000).flatMap((flight) => [
      flight.departure_airport.served_city,
      flight.arrival_airport.served_city,
    ]);
    const cities = new Set([
      ...DEMO_AIRPORTS.map((airport) => airport.servedCity),
      ...feedCities,
      ...CITY_NAMES.flatMap((city) => [city.fr, city.en, city.de]),
    ]);
    // The simulator flies to cities the demo data lacks (Lugano, Samedan, Chambéry, Vienne).
    expect(cities.size).toBeGreaterThan(DEMO_AIRPORTS.length + 3);
    const undrawn = [...cities].filter((city) => cityArtworkFor(city) === DEFAULT_CITY_ARTWORK);
    expect(undrawn).toEqual([]);
    // The /art route gets the slug: the same answer.
    for (const city of cities) expect(cityArtworkFor(citySlug(city))).toBe(cityArtworkFor(city));
    expect(cityArtworkFor("Reykjavik")).toBe(DEFAULT_CITY_ARTWORK);
  });

  it("finds a city the feed names with its airport", () => {
    expect(cityArtworkFor("Paris Le Bourget").key).toBe("paris");
    expect(cityArtworkFor("Nice Côte d'Azur").key).toBe("nice");
    expect(cityArtworkFor("Palma de Mallorca").key).toBe("palma");
  });
});
