// The cards' drawn scenes (docs/catalogue.md), drawn by city-art-svg.ts. `names` are the feed's
// served-city spellings, compared without accents or case.
import { cityAliases } from "./city-names";
import { citySlug } from "./city-slug";

export type CityScene = "lake" | "alps" | "coast" | "city" | "island" | "snow" | "hills" | "sky";

export type CityArtwork = {
  key: string;
  names: string[];
  scene: CityScene;
  /** Sky top and bottom, then the ground colour. */
  colors: [string, string, string];
  landmark?: "jet-deau" | "tower" | "dome" | "castle" | "windmill" | "lighthouse" | "arch";
};

export const CITY_ARTWORK: CityArtwork[] = [
  {
    key: "geneve",
    names: ["geneve", "geneva", "genf"],
    scene: "lake",
    colors: ["#7fb4e6", "#dbeafe", "#1e6091"],
    landmark: "jet-deau",
  },
  { key: "lausanne", names: ["lausanne"], scene: "lake", colors: ["#93c5fd", "#e0f2fe", "#2a6f97"], landmark: "tower" },
  {
    key: "sion",
    names: ["sion", "sitten"],
    scene: "alps",
    colors: ["#a5c8ef", "#eef6ff", "#4d7c0f"],
    landmark: "castle",
  },
  {
    key: "zurich",
    names: ["zurich", "zuerich"],
    scene: "lake",
    colors: ["#8ab6e8", "#e7f0fb", "#245b8a"],
    landmark: "tower",
  },
  {
    key: "st-tropez",
    names: ["st-tropez", "saint-tropez", "sttropez"],
    scene: "coast",
    colors: ["#f6b26b", "#fde9c9", "#0e7490"],
    landmark: "lighthouse",
  },
  { key: "nice", names: ["nice", "nizza"], scene: "coast", colors: ["#60a5fa", "#e0f2fe", "#0369a1"] },
  { key: "cannes", names: ["cannes"], scene: "coast", colors: ["#fbbf77", "#fef3c7", "#0c4a6e"] },
  { key: "monaco", names: ["monaco"], scene: "coast", colors: ["#f59e9e", "#ffe4e6", "#155e75"], landmark: "castle" },
  { key: "paris", names: ["paris"], scene: "city", colors: ["#c4b5fd", "#f5f3ff", "#475569"], landmark: "tower" },
  { key: "courchevel", names: ["courchevel"], scene: "snow", colors: ["#9cc3f0", "#f8fbff", "#e2e8f0"] },
  {
    key: "londres",
    names: ["londres", "london"],
    scene: "city",
    colors: ["#94a3b8", "#e2e8f0", "#334155"],
    landmark: "tower",
  },
  {
    key: "milan",
    names: ["milan", "milano", "mailand"],
    scene: "city",
    colors: ["#fcd34d", "#fef9c3", "#57534e"],
    landmark: "dome",
  },
  {
    key: "rome",
    names: ["rome", "roma", "rom"],
    scene: "city",
    colors: ["#fdba74", "#ffedd5", "#78350f"],
    landmark: "arch",
  },
  { key: "olbia", names: ["olbia"], scene: "island", colors: ["#67e8f9", "#ecfeff", "#0e7490"] },
  { key: "ibiza", names: ["ibiza"], scene: "island", colors: ["#f9a8d4", "#fce7f3", "#0891b2"], landmark: "windmill" },
  {
    key: "palma",
    names: ["palma", "palma de majorque", "palma de mallorca"],
    scene: "island",
    colors: ["#7dd3fc", "#f0f9ff", "#0284c7"],
    landmark: "dome",
  },
  {
    key: "barcelone",
    names: ["barcelone", "barcelona"],
    scene: "coast",
    colors: ["#fca5a5", "#fff1f2", "#1d4ed8"],
    landmark: "dome",
  },
  { key: "madrid", names: ["madrid"], scene: "hills", colors: ["#fdba74", "#fff7ed", "#a16207"], landmark: "arch" },
  {
    key: "munich",
    names: ["munich", "muenchen", "munchen"],
    scene: "alps",
    colors: ["#93c5fd", "#eff6ff", "#3f6212"],
    landmark: "dome",
  },
  {
    key: "mykonos",
    names: ["mykonos"],
    scene: "island",
    colors: ["#38bdf8", "#f0f9ff", "#1e3a8a"],
    landmark: "windmill",
  },
  // Served by the feed (its simulator flies there) or named in content/city-names.ts.
  { key: "lugano", names: ["lugano"], scene: "lake", colors: ["#fcd34d", "#fef3c7", "#0f766e"], landmark: "dome" },
  {
    key: "samedan",
    names: ["samedan", "st-moritz", "saint-moritz"],
    scene: "snow",
    colors: ["#3b82f6", "#dbeafe", "#f1f5f9"],
  },
  {
    key: "chambery",
    names: ["chambery"],
    scene: "alps",
    colors: ["#fda4af", "#ffe4e6", "#4d7c0f"],
    landmark: "castle",
  },
  {
    key: "vienne",
    names: ["vienne", "vienna", "wien"],
    scene: "city",
    colors: ["#f9a8d4", "#fdf2f8", "#4c1d95"],
    landmark: "dome",
  },
  {
    key: "bale",
    names: ["bale", "basel", "basilea"],
    scene: "city",
    colors: ["#fca5a5", "#fef2f2", "#7f1d1d"],
    landmark: "tower",
  },
  {
    key: "berne",
    names: ["berne", "bern"],
    scene: "hills",
    colors: ["#86efac", "#f0fdf4", "#166534"],
    landmark: "tower",
  },
  {
    key: "venise",
    names: ["venise", "venice", "venedig", "venezia"],
    scene: "lake",
    colors: ["#fdba74", "#fff7ed", "#0e7490"],
    landmark: "dome",
  },
  {
    key: "florence",
    names: ["florence", "florenz", "firenze"],
    scene: "hills",
    colors: ["#fcd34d", "#fffbeb", "#9a3412"],
    landmark: "dome",
  },
  {
    key: "naples",
    names: ["naples", "neapel", "napoli"],
    scene: "coast",
    colors: ["#fb923c", "#ffedd5", "#1e40af"],
    landmark: "castle",
  },
  {
    key: "lisbonne",
    names: ["lisbonne", "lisbon", "lissabon", "lisboa"],
    scene: "coast",
    colors: ["#fde047", "#fefce8", "#1d4ed8"],
    landmark: "tower",
  },
  {
    key: "bruxelles",
    names: ["bruxelles", "brussels", "brussel"],
    scene: "city",
    colors: ["#a5b4fc", "#eef2ff", "#312e81"],
    landmark: "tower",
  },
  {
    key: "athenes",
    names: ["athenes", "athens", "athen"],
    scene: "hills",
    colors: ["#7dd3fc", "#f0f9ff", "#a16207"],
    landmark: "arch",
  },
];

/** A city no row names, so that a card never looks unfinished whatever a new airport is called. */
export const DEFAULT_CITY_ARTWORK: CityArtwork = {
  key: "default",
  names: [],
  scene: "sky",
  colors: ["#1e3a8a", "#f9a8d4", "#1e293b"],
};

const bySlug = new Map<string, CityArtwork>();
for (const city of CITY_ARTWORK) for (const name of city.names) bySlug.set(citySlug(name), city);

/**
 * By any name of the row, any name city-names.ts knows ('München'), or the first words when the
 * feed adds an airport's name ('Paris Le Bourget'); else the default.
 */
export function cityArtworkFor(servedCity: string): CityArtwork {
  const wanted = citySlug(servedCity);
  const known =
    bySlug.get(wanted) ??
    cityAliases(servedCity)
      .map((name) => bySlug.get(citySlug(name)))
      .find(Boolean);
  if (known) return known;
  const words = wanted.split("-");
  for (let length = words.length - 1; length > 0; length--) {
    const prefix = bySlug.get(words.slice(0, length).join("-"));
    if (prefix) return prefix;
  }
  return DEFAULT_CITY_ARTWORK;
}
