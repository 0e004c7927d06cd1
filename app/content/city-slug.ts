// Apart from the artwork table (cities.ts), so that a card's <img> does not bring the whole
// table into the browser.

export const normaliseCity = (city: string) =>
  city
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .trim();

export const citySlug = (city: string) => normaliseCity(city).replace(/[^a-z0-9]+/g, "-");
