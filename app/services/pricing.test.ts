import { describe, expect, it } from "vitest";
import { pricePerMinuteFor, pricePerPerson, seatCapacityFor, totalPrice } from "./pricing";

describe("pricing (DECISIONS.md D2)", () => {
  it("sets the rate per minute from the aircraft", () => {
    expect(pricePerMinuteFor("PC12")).toBe(50);
    expect(pricePerMinuteFor("PC24")).toBe(75);
    expect(pricePerMinuteFor("C25A")).toBe(50);
  });

  it("multiplies minutes by the rate", () => {
    expect(totalPrice(60, 75)).toBe(4500);
  });

  it("divides the total by the available seats, rounded to whole euros", () => {
    expect(pricePerPerson({ flightTime: 95, pricePerMinute: 50, availableSeats: 6, aircraftType: "PC12" })).toBe(792);
    expect(pricePerPerson({ flightTime: 80, pricePerMinute: 75, availableSeats: 3, aircraftType: "PC24" })).toBe(2000);
  });

  it("spreads a sold-out flight over the aircraft's capacity", () => {
    expect(seatCapacityFor("PC24")).toBe(8);
    expect(seatCapacityFor("PC12")).toBe(6);
    expect(pricePerPerson({ flightTime: 80, pricePerMinute: 75, availableSeats: 0, aircraftType: "PC24" })).toBe(750);
  });
});
