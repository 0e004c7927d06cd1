// The carrier that operates a flight, as a booking names it (docs/orders.md 'The operating carrier').
import { stateName } from "#app/content/country-names";
import type { Language } from "#app/i18n";

import type { TFunction } from "./translator";

export const MAX_OPERATOR_NAME = 120;
export const MAX_AOC = 40;
export const MAX_REGISTRATION = 10;
export const MAX_TERMINAL = 300;
/** A nationality mark, an optional hyphen, then the aircraft's own letters or digits: HB-FVX, F-HAZA, N123AB. */
export const REGISTRATION_PATTERN = /^[A-Za-z0-9]{1,3}-?[A-Za-z0-9]{1,6}$/;

/** Two letters naming a state: "CH", "fr"; not "XX". */
export function isStateCode(value: string): boolean {
  return /^[A-Za-z]{2}$/.test(value) && stateName(value, "en") !== value.toUpperCase();
}

export type OperatingCarrier = { name: string; aoc: string; state: string; registration: string | null };

/** Null until its name, AOC and the AOC's state are all known: a carrier named in part is not named. */
export function operatingCarrier(flight: {
  operatorName: string | null;
  operatorAoc: string | null;
  operatorState: string | null;
  aircraftRegistration: string | null;
}): OperatingCarrier | null {
  const { operatorName: name, operatorAoc: aoc, operatorState: state } = flight;
  if (!name || !aoc || !state) return null;
  return { name, aoc, state, registration: flight.aircraftRegistration };
}

/** The sentence a booking shows, with the catalogue's `t`: who operates the flight, or that they will be named. */
export function carrierText(carrier: OperatingCarrier | null, t: TFunction, language: Language): string {
  if (!carrier) return t("operator.unknown");
  const values = { name: carrier.name, aoc: carrier.aoc, state: stateName(carrier.state, language) };
  return carrier.registration
    ? t("operator.operatedBy", { ...values, registration: carrier.registration })
    : t("operator.operatedByNoAircraft", values);
}
