import { describe, expect, it } from "vitest";

import { pricePerMinuteFor, seatCapacityFor } from "#app/utils/aircraft";

import { pricePerPerson, totalPrice, wholeAircraftOffered } from "./pricing";

describe("pricing (DECISIONS.md D2)", () => {
  it("sets the rate per minute from the aircraft", () => {
    expect(pricePerMinuteFor("PC12")).toBe(50);
    expect(pricePerMinuteFor("PC24")).toBe(75);
    expect(pricePerMinuteFor("C25A")).toBe(50);
  });

  it("multiplies minutes by the rate", () => {
    expect(totalPrice(60, 75)).toBe(4500);
  });

  it("divides the total by the seats offered, rounded to whole euros", () => {
    // 95 x 50 = 4,750 over 6 = 791.67 -> 792; 80 x 75 = 6,000 over 3 = 2,000.
    expect(pricePerPerson({ flightTime: 95, pricePerMinute: 50, offeredSeats: 6, aircraftType: "PC12" })).toBe(792);
    expect(pricePerPerson({ flightTime: 80, pricePerMinute: 75, offeredSeats: 3, aircraftType: "PC24" })).toBe(2000);
  });

  it("keeps the price per person when orders hold seats: the seats left do not divide it", () => {
    // 100 x 50 = 5,000 over the 4 seats offered = 1,250, whether 4 or 2 are left (not 5,000 / 2).
    const flight = { flightTime: 100, pricePerMinute: 50, offeredSeats: 4, aircraftType: "PC12" };
    const before = { ...flight, availableSeats: 4, heldSeats: 0 };
    const after = { ...flight, availableSeats: 2, heldSeats: 2 };
    expect(pricePerPerson(before)).toBe(1250);
    expect(pricePerPerson(after)).toBe(1250);
  });

  it("spreads a flight offering no seat over the aircraft's capacity", () => {
    expect(seatCapacityFor("PC24")).toBe(8);
    expect(seatCapacityFor("PC12")).toBe(6);
    // 80 x 75 = 6,000 over 8 = 750.
    expect(pricePerPerson({ flightTime: 80, pricePerMinute: 75, offeredSeats: 0, aircraftType: "PC24" })).toBe(750);
  });

  it("offers the whole aircraft only while none of its seats is held and some are left", () => {
    expect(wholeAircraftOffered({ heldSeats: 0, availableSeats: 4 })).toBe(true);
    expect(wholeAircraftOffered({ heldSeats: 2, availableSeats: 2 })).toBe(false);
    expect(wholeAircraftOffered({ heldSeats: 1, availableSeats: 5 })).toBe(false);
    expect(wholeAircraftOffered({ heldSeats: 0, availableSeats: 0 })).toBe(false);
  });
});
