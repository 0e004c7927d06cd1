import { execFileSync } from "node:child_process";

import { PDFDocument } from "@cantoo/pdf-lib";
import { describe, expect, test } from "vitest";

import { company } from "#app/content/company";

import { drawableText } from "./pdf-library.server";
import { type ReceiptDocument, receiptNumberText, renderReceiptPdf } from "./receipt-pdf.server";

const receipt: ReceiptDocument = {
  company,
  kind: "receipt",
  number: 42,
  issuedAt: new Date("2026-11-27T09:30:00Z"),
  language: "fr",
  orderReference: "JM-ABC234",
  customerName: "Zoé Müller-Großmann",
  from: "Genève",
  to: "Zurich",
  fromIcao: "LSGG",
  toIcao: "LSZH",
  departure: new Date("2026-12-05T13:30:00Z"),
  aircraftType: "Citation XLS",
  seats: 2,
  wholeAircraft: false,
  passengers: ["Zoé Müller-Großmann", "François « Fanfan » Lefèvre", "Ødegård Łukasz", "李小龍"],
  amountCents: 123_450,
  payment: "card",
  receiptNumber: null,
};

describe("renderReceiptPdf", () => {
  test.each(["fr", "en", "de"] as const)(
    "a %s receipt is a PDF that names its order, amount and kind",
    async (language) => {
      const bytes = await renderReceiptPdf({ ...receipt, language });
      expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
      const loaded = await PDFDocument.load(bytes);
      expect(loaded.getPageCount()).toBe(1);
      const [width, height] = [loaded.getPage(0).getWidth(), loaded.getPage(0).getHeight()];
      expect([Math.round(width), Math.round(height)]).toEqual([595, 842]);
      const kind = { fr: "Reçu", en: "Receipt", de: "Quittung" }[language];
      expect(loaded.getTitle()).toContain(`${kind} 000042`);
      expect(loaded.getTitle()).toContain("JM-ABC234");
      const amount = { fr: "1\u202f234,50\u00a0€", en: "€1,234.50", de: "1.234,50\u00a0€" }[language];
      expect(loaded.getSubject()).toBe(`JM-ABC234 ${amount}`);
      expect(loaded.getLanguage()).toBe(language);
      // One subset font: the document stays small.
      expect(bytes.byteLength).toBeLessThan(60_000);
    },
  );

  test("a credit note says so and names the receipt it corrects", async () => {
    const bytes = await renderReceiptPdf({
      ...receipt,
      kind: "creditNote",
      number: 43,
      language: "de",
      payment: null,
      receiptNumber: 42,
    });
    const loaded = await PDFDocument.load(bytes);
    expect(loaded.getTitle()).toBe("Gutschrift 000043 – Bestellung JM-ABC234");
  });
});

/** poppler's pdftotext, when the machine has it (Debian: poppler-utils): the drawn text itself. */
const pdftotext = (() => {
  try {
    execFileSync("pdftotext", ["-v"], { stdio: "ignore" });
    return (bytes: Uint8Array) => execFileSync("pdftotext", ["-layout", "-", "-"], { input: bytes }).toString("utf8");
  } catch {
    return null;
  }
})();

test.skipIf(!pdftotext)("the page shows the kind, number, order, customer, route in German and amount", async () => {
  const text = pdftotext!(await renderReceiptPdf({ ...receipt, language: "de" }));
  for (const expected of [
    "Quittung",
    "Nr. 000042",
    "Bestellung: JM-ABC234",
    "Kunde: Zoé Müller-Großmann",
    "Leerflug Genf → Zürich",
    "5. Dezember 2026 um 14:30 Uhr",
    "François « Fanfan » Lefèvre",
    "1.234,50 €",
    "JetMalin SA",
  ]) {
    expect(text).toContain(expected);
  }
  // A glyph the font lacks is replaced, never a failure.
  expect(text).toContain("Łukasz, ???");
});

describe("drawableText", () => {
  test("keeps what the font draws and replaces the rest", () => {
    const latin = (codePoint: number) => codePoint < 0x2000 || codePoint === 0x20ac;
    expect(drawableText("é ß € \u202f 李", latin)).toBe("é ß € \u00a0 ?");
    expect(drawableText("a\nb\u0007c", latin)).toBe("a b c");
  });
});

test("receipt numbers print with six digits at least", () => {
  expect(receiptNumberText(42)).toBe("000042");
  expect(receiptNumberText(1_234_567)).toBe("1234567");
});
