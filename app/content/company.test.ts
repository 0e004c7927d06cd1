import { describe, expect, it } from "vitest";

import { company } from "./company";

/** The UID's check digit: the eight first digits weighted 5 4 3 2 7 6 5 4, modulo 11 (eCH-0097). */
function uidCheckDigit(digits: string) {
  const weights = [5, 4, 3, 2, 7, 6, 5, 4];
  const sum = weights.reduce((total, weight, index) => total + weight * Number(digits[index]), 0);
  return (11 - (sum % 11)) % 11;
}

describe("the company's business identification number", () => {
  it("has the UID's format and a check digit that matches", () => {
    const match = /^CHE-(\d{3})\.(\d{3})\.(\d{3})$/.exec(company.uid);
    expect(match, company.uid).not.toBeNull();
    const digits = match!.slice(1).join("");
    expect(Number(digits[8])).toBe(uidCheckDigit(digits));
  });

  it("rejects a number whose check digit is wrong", () => {
    expect(uidCheckDigit("12345678")).toBe(8);
    expect(uidCheckDigit("12345678")).not.toBe(9);
  });
});
