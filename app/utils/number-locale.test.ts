import { describe, expect, it } from "vitest";

import { isSwissReader, numberLocaleFor } from "./number-locale";

describe("the reader's region", () => {
  it("is Swiss when the first tag with a region names Switzerland or Liechtenstein", () => {
    expect(isSwissReader("de-CH,de;q=0.9,en;q=0.8")).toBe(true);
    expect(isSwissReader("fr-ch, fr;q=0.9")).toBe(true);
    expect(isSwissReader("de,de-CH;q=0.9")).toBe(true);
    expect(isSwissReader("gsw,en;q=0.5")).toBe(true);
    expect(isSwissReader("de-LI")).toBe(true);
  });

  it("is not Swiss for another region, no region at all or no header", () => {
    expect(isSwissReader("de-DE,de;q=0.9,de-CH;q=0.8")).toBe(false);
    expect(isSwissReader("fr-FR")).toBe(false);
    expect(isSwissReader("de")).toBe(false);
    expect(isSwissReader("")).toBe(false);
    expect(isSwissReader(null)).toBe(false);
    expect(isSwissReader("es-419,de-CH")).toBe(false);
  });

  it("gives Swiss number locales to French and German only", () => {
    expect(numberLocaleFor("de", true)).toBe("de-CH");
    expect(numberLocaleFor("fr", true)).toBe("fr-CH");
    expect(numberLocaleFor("en", true)).toBe("en");
    expect(numberLocaleFor("de", false)).toBe("de");
  });
});
