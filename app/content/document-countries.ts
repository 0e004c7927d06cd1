// The states a passenger's nationality and travel document can name: ISO 3166-1's assigned codes and
// Kosovo's XK, which ICAO accepts on travel documents. Named by Intl.DisplayNames in the reader's language.
import { countryCode } from "./country-names";

// prettier-ignore
export const DOCUMENT_COUNTRY_CODES = [
  "AD", "AE", "AF", "AG", "AI", "AL", "AM", "AO", "AQ", "AR", "AS", "AT", "AU", "AW", "AX", "AZ",
  "BA", "BB", "BD", "BE", "BF", "BG", "BH", "BI", "BJ", "BL", "BM", "BN", "BO", "BQ", "BR", "BS",
  "BT", "BV", "BW", "BY", "BZ", "CA", "CC", "CD", "CF", "CG", "CH", "CI", "CK", "CL", "CM", "CN",
  "CO", "CR", "CU", "CV", "CW", "CX", "CY", "CZ", "DE", "DJ", "DK", "DM", "DO", "DZ", "EC", "EE",
  "EG", "EH", "ER", "ES", "ET", "FI", "FJ", "FK", "FM", "FO", "FR", "GA", "GB", "GD", "GE", "GF",
  "GG", "GH", "GI", "GL", "GM", "GN", "GP", "GQ", "GR", "GS", "GT", "GU", "GW", "GY", "HK", "HM",
  "HN", "HR", "HT", "HU", "ID", "IE", "IL", "IM", "IN", "IO", "IQ", "IR", "IS", "IT", "JE", "JM",
  "JO", "JP", "KE", "KG", "KH", "KI", "KM", "KN", "KP", "KR", "KW", "KY", "KZ", "LA", "LB", "LC",
  "LI", "LK", "LR", "LS", "LT", "LU", "LV", "LY", "MA", "MC", "MD", "ME", "MF", "MG", "MH", "MK",
  "ML", "MM", "MN", "MO", "MP", "MQ", "MR", "MS", "MT", "MU", "MV", "MW", "MX", "MY", "MZ", "NA",
  "NC", "NE", "NF", "NG", "NI", "NL", "NO", "NP", "NR", "NU", "NZ", "OM", "PA", "PE", "PF", "PG",
  "PH", "PK", "PL", "PM", "PN", "PR", "PS", "PT", "PW", "PY", "QA", "RE", "RO", "RS", "RU", "RW",
  "SA", "SB", "SC", "SD", "SE", "SG", "SH", "SI", "SJ", "SK", "SL", "SM", "SN", "SO", "SR", "SS",
  "ST", "SV", "SX", "SY", "SZ", "TC", "TD", "TF", "TG", "TH", "TJ", "TK", "TL", "TM", "TN", "TO",
  "TR", "TT", "TV", "TW", "TZ", "UA", "UG", "UM", "US", "UY", "UZ", "VA", "VC", "VE", "VG", "VI",
  "VN", "VU", "WF", "WS", "XK", "YE", "YT", "ZA", "ZM", "ZW",
] as const;

const CODES: ReadonlySet<string> = new Set(DOCUMENT_COUNTRY_CODES);

export const isDocumentCountry = (code: string) => CODES.has(code);

let byEnglishName: Map<string, string> | undefined;

/** The ISO code of an airport's stored country (an English name or a code); undefined when unknown. */
export function airportCountryCode(country: string): string | undefined {
  if (CODES.has(country)) return country;
  const known = countryCode(country);
  if (known) return known;
  if (!byEnglishName) {
    const names = new Intl.DisplayNames("en", { type: "region", fallback: "none" });
    byEnglishName = new Map(DOCUMENT_COUNTRY_CODES.map((code) => [(names.of(code) ?? code).toLowerCase(), code]));
  }
  return byEnglishName.get(country.toLowerCase());
}

const names = new Map<string, Intl.DisplayNames>();

/** A document country in `language`: `countryName` knows the billing countries only, this names all 250. */
export function documentCountryName(code: string, language: string): string {
  let display = names.get(language);
  if (!display) names.set(language, (display = new Intl.DisplayNames(language, { type: "region", fallback: "code" })));
  return display.of(code) ?? code;
}
