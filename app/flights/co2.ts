/**
 * A flight's CO2, estimated the way docs/decisions/037-co2-estimate.md explains: the
 * aircraft type's fuel burn per hour × the flight time × 3.16 kg of CO2 per kg of fuel
 * (ICAO), the whole aircraft's emission whoever flies; per seat, shared by the seats of
 * the aircraft. Pure: the cards, the checkout and the FAQ's figures read the same numbers.
 */
import type { Language } from "#app/i18n";
import { seatCapacityFor } from "#app/utils/aircraft";
import { memoized } from "#app/utils/format";

/** kg of CO2 released by burning 1 kg of jet fuel (ICAO Carbon Emissions Calculator Methodology). */
export const CO2_KG_PER_KG_FUEL = 3.16;

/**
 * Block fuel burn, kg per hour, from public manufacturer and operator figures
 * (decision 037): the PC-12 NG/NGX's ~440 lb/h at cruise, the PC-24's ~1,000 lb/h block
 * average. Any other type is counted as the jet: an estimate errs on the high side.
 */
export const FUEL_KG_PER_HOUR: Record<string, number> = { PC12: 200, PC24: 450 };

export function fuelKgPerHourFor(aircraftType: string): number {
  return FUEL_KG_PER_HOUR[aircraftType.toUpperCase()] ?? FUEL_KG_PER_HOUR.PC24!;
}

/** The whole flight's and one seat's CO2, in kg, rounded to the kg. */
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

/** The flight's CO2 in tonnes, one decimal: "1,2 t CO₂", "1.2 t CO₂", "1,2 t CO₂". */
export function formatCo2Tonnes(kg: number, language: Language): string {
  return `${tonneFormat(numberLocales[language]).format(kg / 1000)}${NBSP}t${NBSP}CO₂`;
}

/** One seat's CO2 in whole kg: "178 kg CO₂" (a thousand and more grouped as the language does). */
export function formatCo2Kg(kg: number, language: Language): string {
  return `${kgFormat(numberLocales[language]).format(kg)}${NBSP}kg${NBSP}CO₂`;
}
