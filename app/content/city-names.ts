import type { Language } from "#app/i18n";

/**
 * Decision 023, docs/i18n.md 'City names'. One stored name per airport (mostly French), shown as
 * `cityName(stored, language)`; a city missing here shows its stored name. `also`: other
 * spellings a feed or a visitor may use.
 */
type CityNames = Record<Language, string> & { also?: string[] };

export const CITY_NAMES: CityNames[] = [
  { fr: "Genève", en: "Geneva", de: "Genf", also: ["Ginevra"] },
  { fr: "Lausanne", en: "Lausanne", de: "Lausanne" },
  { fr: "Sion", en: "Sion", de: "Sitten" },
  { fr: "Zurich", en: "Zurich", de: "Zürich", also: ["Zuerich"] },
  { fr: "Bâle", en: "Basel", de: "Basel", also: ["Bale", "Basilea"] },
  { fr: "Berne", en: "Bern", de: "Bern" },
  { fr: "Lugano", en: "Lugano", de: "Lugano" },
  { fr: "Samedan", en: "Samedan", de: "Samedan" },
  { fr: "St-Tropez", en: "St-Tropez", de: "St-Tropez", also: ["Saint-Tropez"] },
  { fr: "Nice", en: "Nice", de: "Nizza" },
  { fr: "Cannes", en: "Cannes", de: "Cannes" },
  { fr: "Monaco", en: "Monaco", de: "Monaco" },
  { fr: "Paris", en: "Paris", de: "Paris" },
  { fr: "Courchevel", en: "Courchevel", de: "Courchevel" },
  { fr: "Chambéry", en: "Chambéry", de: "Chambéry", also: ["Chambery"] },
  { fr: "Londres", en: "London", de: "London" },
  { fr: "Milan", en: "Milan", de: "Mailand", also: ["Milano"] },
  { fr: "Rome", en: "Rome", de: "Rom", also: ["Roma"] },
  { fr: "Venise", en: "Venice", de: "Venedig", also: ["Venezia"] },
  { fr: "Florence", en: "Florence", de: "Florenz", also: ["Firenze"] },
  { fr: "Naples", en: "Naples", de: "Neapel", also: ["Napoli"] },
  { fr: "Olbia", en: "Olbia", de: "Olbia" },
  { fr: "Ibiza", en: "Ibiza", de: "Ibiza" },
  { fr: "Palma", en: "Palma", de: "Palma", also: ["Palma de Majorque", "Palma de Mallorca"] },
  { fr: "Barcelone", en: "Barcelona", de: "Barcelona" },
  { fr: "Madrid", en: "Madrid", de: "Madrid" },
  { fr: "Lisbonne", en: "Lisbon", de: "Lissabon", also: ["Lisboa"] },
  { fr: "Munich", en: "Munich", de: "München", also: ["Muenchen"] },
  { fr: "Vienne", en: "Vienna", de: "Wien" },
  { fr: "Bruxelles", en: "Brussels", de: "Brüssel" },
  { fr: "Mykonos", en: "Mykonos", de: "Mykonos" },
  { fr: "Athènes", en: "Athens", de: "Athen" },
];

const normalise = (name: string) =>
  name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .trim();

const byName = new Map<string, CityNames>();
for (const city of CITY_NAMES) {
  for (const name of [city.fr, city.en, city.de, ...(city.also ?? [])]) byName.set(normalise(name), city);
}

export function cityName(stored: string, language: Language): string {
  return byName.get(normalise(stored))?.[language] ?? stored;
}

const collators = new Map<Language, Intl.Collator>();

/** Sorts values by their name in `language` (its own collation: 'Österreich' with the O's in German). */
export function sortByName<T>(values: readonly T[], nameOf: (value: T) => string, language: Language): T[] {
  // Making a collator costs more than sorting a short list with it: one per language.
  let collator = collators.get(language);
  if (!collator) collators.set(language, (collator = new Intl.Collator(language)));
  return [...values].sort((a, b) => collator.compare(nameOf(a), nameOf(b)));
}

/** Every known name of a stored city (itself included), so a search in any language finds it. */
export function cityAliases(stored: string): string[] {
  const city = byName.get(normalise(stored));
  return city ? [...new Set([stored, city.fr, city.en, city.de, ...(city.also ?? [])])] : [stored];
}
