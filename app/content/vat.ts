// Swiss VAT on a passenger flight, by where it starts and ends: docs/payments.md 'VAT on the documents'.

/** The standard rate (LTVA art. 25 al. 1), which domestic passenger transport pays. */
export const SWISS_VAT_STANDARD_PERCENT = 8.1;

/**
 * `exemptInternational`: one end in Switzerland (LTVA art. 23 al. 2 ch. 8, exempt with credit);
 * `domestic`: both ends (taxed at the standard rate, included in the price);
 * `abroad`: neither end (the transport takes place abroad, LTVA art. 8 al. 2 let. e: not Swiss VAT).
 */
export const VAT_TREATMENTS = ["exemptInternational", "domestic", "abroad"] as const;
export type VatTreatment = (typeof VAT_TREATMENTS)[number];

/** Swiss aerodromes are the ICAO codes of region LS (Liechtenstein, in the Swiss VAT area, has none). */
export function isSwissAerodrome(icaoCode: string): boolean {
  return /^LS[A-Z]{2}$/i.test(icaoCode.trim());
}

export function vatTreatment(fromIcao: string, toIcao: string): VatTreatment {
  const swissEnds = [fromIcao, toIcao].filter(isSwissAerodrome).length;
  return swissEnds === 1 ? "exemptInternational" : swissEnds === 2 ? "domestic" : "abroad";
}

/** The VAT an amount includes at the standard rate, rounded to the cent: 108.10 includes 8.10. */
export function includedVatCents(amountCents: number, ratePercent = SWISS_VAT_STANDARD_PERCENT): number {
  return Math.round((amountCents * ratePercent * 10) / (1000 + ratePercent * 10));
}
