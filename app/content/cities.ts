/**
 * Artwork for the flight cards' backgrounds (DECISIONS.md D8): no photos, a small
 * drawn scene per city, described here and drawn by app/content/city-art-svg.ts.
 * `names` are the served-city spellings the feed uses, compared without accents or case.
 */
export type CityScene = "lake" | "alps" | "coast" | "city" | "island" | "snow" | "hills";

export type CityArtwork = {
  key: string;
  names: string[];
  scene: CityScene;
  /** Sky top and bottom, then the ground colour. */
  colors: [string, string, string];
  /** A landmark drawn on the scene. */
  landmark?: "jet-deau" | "tower" | "dome" | "castle" | "windmill" | "lighthouse" | "arch";
};

export const CITY_ARTWORK: CityArtwork[] = [
  { key: "geneve", names: ["geneve", "geneva", "genf"], scene: "lake", colors: ["#7fb4e6", "#dbeafe", "#1e6091"], landmark: "jet-deau" },
  { key: "lausanne", names: ["lausanne"], scene: "lake", colors: ["#93c5fd", "#e0f2fe", "#2a6f97"], landmark: "tower" },
  { key: "sion", names: ["sion", "sitten"], scene: "alps", colors: ["#a5c8ef", "#eef6ff", "#4d7c0f"], landmark: "castle" },
  { key: "zurich", names: ["zurich", "zuerich"], scene: "lake", colors: ["#8ab6e8", "#e7f0fb", "#245b8a"], landmark: "tower" },
  { key: "st-tropez", names: ["st-tropez", "saint-tropez", "sttropez"], scene: "coast", colors: ["#f6b26b", "#fde9c9", "#0e7490"], landmark: "lighthouse" },
  { key: "nice", names: ["nice", "nizza"], scene: "coast", colors: ["#60a5fa", "#e0f2fe", "#0369a1"] },
  { key: "cannes", names: ["cannes"], scene: "coast", colors: ["#fbbf77", "#fef3c7", "#0c4a6e"] },
  { key: "monaco", names: ["monaco"], scene: "coast", colors: ["#f59e9e", "#ffe4e6", "#155e75"], landmark: "castle" },
  { key: "paris", names: ["paris"], scene: "city", colors: ["#c4b5fd", "#f5f3ff", "#475569"], landmark: "tower" },
  { key: "courchevel", names: ["courchevel"], scene: "snow", colors: ["#9cc3f0", "#f8fbff", "#e2e8f0"] },
  { key: "londres", names: ["londres", "london"], scene: "city", colors: ["#94a3b8", "#e2e8f0", "#334155"], landmark: "tower" },
  { key: "milan", names: ["milan", "milano", "mailand"], scene: "city", colors: ["#fcd34d", "#fef9c3", "#57534e"], landmark: "dome" },
  { key: "rome", names: ["rome", "roma", "rom"], scene: "city", colors: ["#fdba74", "#ffedd5", "#78350f"], landmark: "arch" },
  { key: "olbia", names: ["olbia"], scene: "island", colors: ["#67e8f9", "#ecfeff", "#0e7490"] },
  { key: "ibiza", names: ["ibiza"], scene: "island", colors: ["#f9a8d4", "#fce7f3", "#0891b2"], landmark: "windmill" },
  { key: "palma", names: ["palma", "palma de majorque", "palma de mallorca"], scene: "island", colors: ["#7dd3fc", "#f0f9ff", "#0284c7"], landmark: "dome" },
  { key: "barcelone", names: ["barcelone", "barcelona"], scene: "coast", colors: ["#fca5a5", "#fff1f2", "#1d4ed8"], landmark: "dome" },
  { key: "madrid", names: ["madrid"], scene: "hills", colors: ["#fdba74", "#fff7ed", "#a16207"], landmark: "arch" },
  { key: "munich", names: ["munich", "muenchen", "munchen"], scene: "alps", colors: ["#93c5fd", "#eff6ff", "#3f6212"], landmark: "dome" },
  { key: "mykonos", names: ["mykonos"], scene: "island", colors: ["#38bdf8", "#f0f9ff", "#1e3a8a"], landmark: "windmill" },
];

export const DEFAULT_CITY_ARTWORK: CityArtwork = {
  key: "default",
  names: [],
  scene: "hills",
  colors: ["#93b4dd", "#e8eef8", "#2b4a7e"],
};

/** A city name to compare: accents and case dropped, trimmed ("GENÈVE " and "geneve" agree). */
export const normaliseCity = (city: string) =>
  city
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .trim();

/** The city as it appears in an address: normalised, words joined by "-" ("Palma de Majorque" → palma-de-majorque). */
export const citySlug = (city: string) => normaliseCity(city).replace(/[^a-z0-9]+/g, "-");

export function cityArtworkFor(servedCity: string): CityArtwork {
  const wanted = citySlug(servedCity);
  return CITY_ARTWORK.find((city) => city.names.some((name) => citySlug(name) === wanted)) ?? DEFAULT_CITY_ARTWORK;
}
