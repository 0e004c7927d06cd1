import { describe, expect, it } from "vitest";

import { luggageLimitsFor } from "./luggage";

describe("luggage limits", () => {
  it("gives the PC-24's to its spellings and the PC-12's to the others", () => {
    expect(luggageLimitsFor("PC24")).toEqual({ piecesPerPassenger: 2, kgPerPassenger: 23, pets: 1 });
    expect(luggageLimitsFor("pc-24").kgPerPassenger).toBe(23);
    expect(luggageLimitsFor("PC12")).toEqual({ piecesPerPassenger: 1, kgPerPassenger: 20, pets: 1 });
  });

  it("keeps six PC-12 passengers' bags well inside a 2,500 lb payload and the PC-24's eight too", () => {
    const kg = (type: string, passengers: number) => luggageLimitsFor(type).kgPerPassenger * passengers;
    expect(kg("PC12", 6)).toBeLessThan(200);
    expect(kg("PC24", 8)).toBeLessThan(2500 * 0.4536 * 0.25);
  });
});
