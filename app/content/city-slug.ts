/**
 * A served city's name as code compares it and as an address carries it. Apart from the
 * artwork table (cities.ts), so that a card's `<img>` (components/city-art.tsx) does not
 * bring the whole table into the browser.
 */

/** A city name to compare: accents and case dropped, trimmed ("GENÈVE " and "geneve" agree). */
export const normaliseCity = (city: string) =>
  city
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .trim();

/** The city as it appears in an address: normalised, words joined by "-" ("Palma de Majorque" → palma-de-majorque). */
export const citySlug = (city: string) => normaliseCity(city).replace(/[^a-z0-9]+/g, "-");
