// What a booking may bring (docs/orders.md 'Luggage'): JetMalin's own limits per passenger, set well inside what
// each aircraft carries; the operator confirms the load before the flight. The aircraft's figures, and where
// they come from:
// - PC-12 NG/NGX: an aft cargo compartment of 40 ft³ (1.13 m³) reached from the cabin, with the large cargo door
//   (Pilatus's published specifications; not checked against a copy here, hence the wide margin below).
// - PC-24: a cabin of 501 ft³ with a 4.1 × 4.25 ft cargo door (AIN, "Inside the Pilatus PC-24", 14 June 2013) and
//   a maximum payload of 2,500 lb (Twin & Turbine, March 2020, p. 18).
// One small pet travels in the cabin, in its carrier, per booking: the operator may refuse another.

export type LuggageLimits = { piecesPerPassenger: number; kgPerPassenger: number; pets: number };

export const LUGGAGE_LIMITS: Record<"PC12" | "PC24", LuggageLimits> = {
  PC12: { piecesPerPassenger: 1, kgPerPassenger: 20, pets: 1 },
  PC24: { piecesPerPassenger: 2, kgPerPassenger: 23, pets: 1 },
};

export function luggageLimitsFor(aircraftType: string): LuggageLimits {
  return aircraftType.toUpperCase().replace("-", "") === "PC24" ? LUGGAGE_LIMITS.PC24 : LUGGAGE_LIMITS.PC12;
}
