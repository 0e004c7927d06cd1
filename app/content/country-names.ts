import type { Language } from "#app/i18n";

// Decision 023. Orders and requests store an ISO code, the feed and the airports an English
// name; both read `countryName`. Intl.DisplayNames names them (workerd, Node and browsers carry
// its data); `NAMES` covers what it lacks.

export const BILLING_COUNTRY_CODES = ["CH", "FR", "DE", "IT", "ES", "GB", "BE", "LU", "NL", "AT", "MC"] as const;

const AIRPORT_COUNTRY_CODES = ["GR"] as const;

export const KNOWN_COUNTRY_CODES: readonly string[] = [
  ...new Set([...BILLING_COUNTRY_CODES, ...AIRPORT_COUNTRY_CODES]),
];

/** Names `Intl.DisplayNames` lacks (the feed's default country). */
const NAMES: Record<string, Record<Language, string>> = {
  Unknown: { fr: "Inconnu", en: "Unknown", de: "Unbekannt" },
};

const ALIASES: Record<string, string[]> = { GB: ["UK", "Great Britain"] };

const displayNames = new Map<Language, Intl.DisplayNames>();
function regionName(code: string, language: Language): string | undefined {
  let names = displayNames.get(language);
  if (!names)
    displayNames.set(language, (names = new Intl.DisplayNames(language, { type: "region", fallback: "none" })));
  try {
    const name = names.of(code);
    return name && name !== code ? name : undefined;
  } catch {
    return undefined;
  }
}

const normalise = (name: string) =>
  name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .trim();

let byName: Map<string, string> | undefined;
export function countryCode(value: string): string | undefined {
  if (!byName) {
    byName = new Map();
    for (const [key, names] of Object.entries(NAMES)) {
      for (const name of [key, names.fr, names.en, names.de]) byName.set(normalise(name), key);
    }
    for (const code of KNOWN_COUNTRY_CODES) {
      for (const name of [code, ...(ALIASES[code] ?? [])]) byName.set(normalise(name), code);
      for (const language of ["fr", "en", "de"] as const) {
        const name = regionName(code, language);
        if (name) byName.set(normalise(name), code);
      }
    }
  }
  return byName.get(normalise(value));
}

/** A stored country (an ISO code or a name) in `language`; a value it cannot place is shown as stored. */
export function countryName(value: string, language: Language): string {
  const code = countryCode(value);
  if (!code) return value;
  return NAMES[code]?.[language] ?? regionName(code, language) ?? value;
}

/** An ISO 3166 code of any state (the one that issued an AOC) in `language`; shown as stored if unknown. */
export function stateName(code: string, language: Language): string {
  return regionName(code.toUpperCase(), language) ?? code;
}
