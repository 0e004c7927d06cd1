import { describe, expect, it } from "vitest";

import { EFTA, EU, identityCardAccepted, SCHENGEN } from "./travel-areas";

describe("where an identity card is enough", () => {
  it("holds the 29 Schengen states, the 27 of the EU and the 4 of EFTA, each once", () => {
    expect(new Set(EU).size).toBe(27);
    expect(new Set(EFTA).size).toBe(4);
    // The Commission's list, as published: Bulgaria and Romania in, Cyprus and Ireland out.
    expect(SCHENGEN).toEqual(
      "AT BE BG CH CZ DE DK EE ES FI FR GR HR HU IS IT LI LT LU LV MT NL NO PL PT RO SE SI SK".split(" "),
    );
  });

  it("takes a card between two such countries, and asks a passport when one end is outside", () => {
    expect(identityCardAccepted({ from: "FR", to: "IT", issuer: "FR" })).toBe(true); // Nice -> Olbia
    expect(identityCardAccepted({ from: "CH", to: "ES", issuer: "CH" })).toBe(true);
    expect(identityCardAccepted({ from: "CH", to: "IE", issuer: "DE" })).toBe(true); // EU, outside Schengen
    expect(identityCardAccepted({ from: "CH", to: "GB", issuer: "CH" })).toBe(false); // Geneva -> London
    expect(identityCardAccepted({ from: "CH", to: "MA", issuer: "CH" })).toBe(false); // Geneva -> Marrakech
    expect(identityCardAccepted({ from: "MC", to: "FR", issuer: "FR" })).toBe(false); // not a member
    // A card from outside the area is no travel document here.
    expect(identityCardAccepted({ from: "FR", to: "IT", issuer: "GB" })).toBe(false);
  });
});
