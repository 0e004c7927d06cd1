import { describe, expect, it } from "vitest";

import { TERMS } from "./documents/terms";
import { includedVatCents, isSwissAerodrome, vatTreatment } from "./vat";

describe("vatTreatment", () => {
  it("exempts a flight with one end in Switzerland, either way", () => {
    expect(vatTreatment("LSGG", "LFMN")).toBe("exemptInternational");
    expect(vatTreatment("LFMN", "LSZH")).toBe("exemptInternational");
  });

  it("taxes a flight within Switzerland and leaves a flight abroad out of Swiss VAT", () => {
    expect(vatTreatment("LSGG", "LSZH")).toBe("domestic");
    expect(vatTreatment("LSGS", "lsza")).toBe("domestic");
    expect(vatTreatment("LFMN", "LFPB")).toBe("abroad");
  });

  it("reads only region LS as Swiss: not a French code that starts with L", () => {
    expect(isSwissAerodrome("LSGG")).toBe(true);
    expect(isSwissAerodrome("LFSB")).toBe(false);
    expect(isSwissAerodrome("LS")).toBe(false);
  });
});

describe("includedVatCents", () => {
  it("is the share of 8.1 in 108.1, to the cent", () => {
    expect(includedVatCents(10_810)).toBe(810);
    // 1,234.56 x 8.1 / 108.1 = 92.506...: 92.51
    expect(includedVatCents(123_456)).toBe(9_251);
    expect(includedVatCents(0)).toBe(0);
  });
});

describe("the terms", () => {
  it.each([
    ["fr", "exonéré de la TVA suisse (art. 23, al. 2, ch. 8 LTVA)"],
    ["en", "exempt from Swiss VAT (Swiss VAT Act, art. 23 para. 2 no. 8)"],
    ["de", "von der Schweizer Mehrwertsteuer befreit (Art. 23 Abs. 2 Ziff. 8 MWSTG)"],
  ] as const)("in %s say the exemption the documents state", (language, sentence) => {
    const text = TERMS[language].sections.flatMap((section) => section.paragraphs).join(" ");
    expect(text).toContain(sentence);
  });
});
