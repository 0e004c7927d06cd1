// A flight's CO2: docs/decisions/037-co2-estimate.md. Pure: the cards, the checkout and the FAQ read the same numbers.
import type { Language } from "#app/i18n";
import { seatCapacityFor } from "#app/utils/aircraft";
import { memoized } from "#app/utils/format";

export const CO2_KG_PER_KG_FUEL = 3.16;

/** Any other type counts as the jet: an estimate errs on the high side. */
export const FUEL_KG_PER_HOUR: Record<string, number> = { PC12: 200, PC24: 450 };

export function fuelKgPerHourFor(aircraftType: string): number {
  return FUEL_KG_PER_HOUR[aircraftType.toUpperCase()] ?? FUEL_KG_PER_HOUR.PC24!;
}

export function co2Estimate(flight: { aircraftType: string; flightTime: number }) {
  const flightKg = fuelKgPerHourFor(flight.aircraftType) * (flight.flightTime / 60) * CO2_KG_PER_KG_FUEL;
  return {
    flightKg: Math.round(flightKg),
    perSeatKg: Math.round(flightKg / seatCapacityFor(flight.aircraftType)),
  };
}

const numberLocales: Record<Language, string> = { fr: "fr-FR", en: "en-GB", de: "de-DE" };
// A no-break space keeps the number and its unit on one line.
const NBSP = "\u00a0";

// Made once per locale: a formatter costs more to make than a page's cards take to format.
const tonneFormat = memoized(
  (locale) => new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
);
const kgFormat = memoized((locale) => new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }));

export function formatCo2Tonnes(kg: number, language: Language): string {
  return `${tonneFormat(numberLocales[language]).format(kg / 1000)}${NBSP}t${NBSP}CO₂`;
}

export function formatCo2Kg(kg: number, language: Language): string {
  return `${kgFormat(numberLocales[language]).format(kg)}${NBSP}kg${NBSP}CO₂`;
}
