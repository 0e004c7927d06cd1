import { describe, expect, it } from "vitest";

import { contentDisposition } from "./content-disposition";

describe("contentDisposition", () => {
  it("names an ASCII file once", () => {
    expect(contentDisposition("attachment", "jetmalin-data-2026-11-27.json")).toBe(
      'attachment; filename="jetmalin-data-2026-11-27.json"',
    );
  });

  it("gives a name with accents in ASCII, and exactly in UTF-8 as filename*", () => {
    expect(contentDisposition("inline", "JetMalin-note-de-crédit-JM-7K4Q2P.pdf")).toBe(
      "inline; filename=\"JetMalin-note-de-credit-JM-7K4Q2P.pdf\"; filename*=UTF-8''JetMalin-note-de-cr%C3%A9dit-JM-7K4Q2P.pdf",
    );
    expect(contentDisposition("attachment", "Zürich (l'été).json")).toBe(
      "attachment; filename=\"Zurich (l'ete).json\"; filename*=UTF-8''Z%C3%BCrich%20%28l%27%C3%A9t%C3%A9%29.json",
    );
  });

  it("never lets a quote, a backslash or a letter without ASCII form into the plain name", () => {
    expect(contentDisposition("attachment", 'a"b\\c→d.txt')).toBe(
      "attachment; filename=\"a_b_c_d.txt\"; filename*=UTF-8''a%22b%5Cc%E2%86%92d.txt",
    );
  });
});
