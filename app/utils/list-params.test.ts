import { describe, expect, it } from "vitest";

import {
  containsPattern,
  LIKE_PATTERN_MAX_BYTES,
  orderFilterFrom,
  pageParam,
  searchParam,
  searchTerm,
} from "./list-params";

const bytes = (text: string) => new TextEncoder().encode(text).length;
/** The text a pattern searches for: the `%` around it dropped, escapes undone. */
const unescaped = (pattern: string) => pattern.slice(1, -1).replace(/\\(.)/gu, "$1");

/** Inputs that overflowed D1's limit, and some that mix every kind of width. */
const LONG_INPUTS = {
  "60 accented letters": "é".repeat(60),
  "49 ASCII letters": "a".repeat(49),
  "100 percent signs": "%".repeat(100),
  "underscores and percents": "_%".repeat(40),
  backslashes: "\\".repeat(30),
  "emoji (surrogate pairs)": "😀".repeat(20),
  "a letter then emoji": `a${"😀".repeat(20)}`,
  "CJK (3 bytes)": "東京".repeat(20),
  "all widths mixed": "aé東😀%_\\".repeat(10),
};

describe("containsPattern", () => {
  it("fits in D1's limit, escapes included, whatever it is given", () => {
    for (const [name, input] of Object.entries(LONG_INPUTS)) {
      const pattern = containsPattern(input);
      expect(bytes(pattern), name).toBeLessThanOrEqual(LIKE_PATTERN_MAX_BYTES);
      expect(pattern.startsWith("%") && pattern.endsWith("%"), name).toBe(true);
      // A start of the input, whole characters only: no lone surrogate left behind.
      expect(input.startsWith(unescaped(pattern)), name).toBe(true);
      expect(unescaped(pattern), name).not.toMatch(/\p{Cs}/u);
    }
  });

  it("keeps as much as fits: 24 'é', 48 ASCII letters, 24 escaped percents, 12 emoji", () => {
    expect(containsPattern("é".repeat(60))).toBe(`%${"é".repeat(24)}%`);
    expect(containsPattern("a".repeat(49))).toBe(`%${"a".repeat(48)}%`);
    expect(containsPattern("a".repeat(48))).toBe(`%${"a".repeat(48)}%`);
    expect(containsPattern("%".repeat(100))).toBe(`%${"\\%".repeat(24)}%`);
    // 2 + 12 × 4 = 50 bytes: exactly the limit.
    expect(containsPattern("😀".repeat(20))).toBe(`%${"😀".repeat(12)}%`);
    // 'a' + 11 emoji = 47 bytes: the 12th would make 51, and half of one is never taken.
    expect(containsPattern(`a${"😀".repeat(20)}`)).toBe(`%a${"😀".repeat(11)}%`);
  });

  it("takes LIKE's wildcards and its escape character literally", () => {
    expect(containsPattern("r_s")).toBe("%r\\_s%");
    expect(containsPattern("50%")).toBe("%50\\%%");
    expect(containsPattern("a\\b")).toBe("%a\\\\b%");
    expect(containsPattern("Zoé")).toBe("%Zoé%");
  });
});

describe("searchTerm", () => {
  it("trims, drops controls and bidi marks, and keeps short text as typed", () => {
    expect(searchTerm("  Zoé Dupont \n")).toBe("Zoé Dupont");
    expect(searchTerm("Zo\u202Eé\u0000\u200F\u2066x\u2069")).toBe("Zoéx");
    expect(searchTerm("\uFEFFZo\u200Bé\u2028\u2060\u0085\u007F")).toBe("Zoé");
    expect(searchTerm("\u202E")).toBe("");
    // A lone surrogate (never valid UTF-8) goes too; a pair stays.
    expect(searchTerm("a\uD83Db😀")).toBe("ab😀");
  });

  it("composes accents as stored (NFC), so a decomposed 'é' finds a composed one", () => {
    expect(searchTerm("Ze\u0301")).toBe("Zé");
  });

  it("is what containsPattern sends: nothing more is cut from it", () => {
    for (const [name, input] of Object.entries(LONG_INPUTS)) {
      const term = searchTerm(input);
      expect(input.startsWith(term), name).toBe(true);
      expect(unescaped(containsPattern(term)), name).toBe(term);
      expect(bytes(containsPattern(term)), name).toBeLessThanOrEqual(LIKE_PATTERN_MAX_BYTES);
    }
  });

  it("does not end on the space a cut left", () => {
    expect(searchTerm(`${"a".repeat(47)} bcd`)).toBe("a".repeat(47));
  });

  it("reads only text: a missing value or a file is no search", () => {
    expect(searchTerm(null)).toBe("");
    expect(searchTerm(new File(["x"], "x.txt"))).toBe("");
  });
});

describe("the list parameters", () => {
  it("the users tab, the orders tab and the export form read `q` through the one rule", () => {
    const q = "  " + "é".repeat(60);
    const form = new FormData();
    form.set("q", q);
    form.set("status", "pending");
    expect(searchParam(new URLSearchParams({ q }))).toBe("é".repeat(24));
    expect(orderFilterFrom(new URLSearchParams({ q, status: "nope" }))).toEqual({
      status: null,
      search: "é".repeat(24),
      refundToHandle: false,
    });
    expect(orderFilterFrom(form)).toEqual({ status: "pending", search: "é".repeat(24), refundToHandle: false });
    expect(orderFilterFrom(new URLSearchParams({ payment: "refundFailed" }))).toMatchObject({ refundToHandle: true });
  });

  it("a page is a whole number from 1, anything else is 1", () => {
    expect(pageParam(new URLSearchParams("page=3"))).toBe(3);
    for (const page of ["", "0", "-2", "1.5", "abc", "1e9"]) expect(pageParam(new URLSearchParams({ page }))).toBe(1);
  });
});
