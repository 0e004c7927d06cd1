import { describe, expect, it } from "vitest";

import { headerSafe, unsubscribeHeaders } from "./mail-header";

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

describe("unsubscribeHeaders", () => {
  it("gives the link in angle brackets and the one-click promise of RFC 8058", () => {
    expect(unsubscribeHeaders("https://jetmalin.ch/alerts/unsubscribe?token=a.b&lng=de")).toEqual({
      "List-Unsubscribe": "<https://jetmalin.ch/alerts/unsubscribe?token=a.b&lng=de>",
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
  });

  it("never lets a line break into the header", () => {
    expect(unsubscribeHeaders("https://jetmalin.ch/x\r\nBcc: y@evil.example")["List-Unsubscribe"]).toBe(
      "<https://jetmalin.ch/x Bcc: y@evil.example>",
    );
  });
});
