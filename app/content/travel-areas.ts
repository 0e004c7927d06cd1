// Where a national identity card is enough to fly (docs/decisions/048-travel-documents.md): both
// ends of the flight in the Schengen area or the EU/EFTA, and a card issued by one of them.
// Sources: the European Commission's list of Schengen states (29 since Bulgaria and Romania joined
// on 1 January 2025), the EU's 27 member states, EFTA's 4; checked 2026-11-29.

// prettier-ignore
export const EU = [
  "AT", "BE", "BG", "CY", "CZ", "DE", "DK", "EE", "ES", "FI", "FR", "GR", "HR", "HU", "IE",
  "IT", "LT", "LU", "LV", "MT", "NL", "PL", "PT", "RO", "SE", "SI", "SK",
] as const;

export const EFTA = ["CH", "IS", "LI", "NO"] as const;

/** The EU but Cyprus and Ireland, and EFTA's four: 29 states. */
export const SCHENGEN: readonly string[] = [...EU.filter((code) => code !== "CY" && code !== "IE"), ...EFTA].sort();

/** Schengen is within it: every member is in the EU or EFTA. */
const CARD_AREA: ReadonlySet<string> = new Set<string>([...EU, ...EFTA]);

/** True when an identity card issued by `issuer` is enough for a flight from `from` to `to` (ISO codes). */
export function identityCardAccepted({ from, to, issuer }: { from: string; to: string; issuer: string }) {
  return CARD_AREA.has(from) && CARD_AREA.has(to) && CARD_AREA.has(issuer);
}
