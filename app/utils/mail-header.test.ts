import { describe, expect, it } from "vitest";
import { headerSafe } from "./mail-header";

describe("headerSafe", () => {
  it.each([
    ["Léa\r\nBcc: x@evil.example", "Léa Bcc: x@evil.example"],
    ["a\nb\rc\td\u0000e\u2028f", "a b c d e f"],
    ["  Jean-Luc  ", "Jean-Luc"],
    ["Zoë Müller", "Zoë Müller"],
  ])("%j -> %j", (input, expected) => {
    expect(headerSafe(input)).toBe(expected);
  });
});
