import { execFileSync } from "node:child_process";

import { PDFDocument } from "@cantoo/pdf-lib";
import { describe, expect, test } from "vitest";

import { drawableText } from "./pdf-library.server";
import { type ReceiptDocument, receiptNumberText, renderReceiptPdf } from "./receipt-pdf.server";

const receipt: ReceiptDocument = {
  kind: "receipt",
  number: 42,
  issuedAt: "2026-11-27T09:30:00.000Z",
  language: "fr",
  seller: {
    name: "JetMalin",
    legalName: "JetMalin SA",
    addressLines: ["Route de l'Aéroport 21", "1215 Genève 15", "Suisse"],
    uid: "CHE-123.456.788",
    phone: "+41 22 518 07 70",
    email: "service@jetmalin.ch",
  },
  orderReference: "JM-ABC234",
  customer: { name: "Zoé Müller-Großmann", addressLines: ["Avenue de la Gare 10", "1003 Lausanne", "Suisse"] },
  flight: {
    from: "Genève",
    to: "Nice",
    fromIcao: "LSGG",
    toIcao: "LFMN",
    departure: "2026-12-05T13:30:00.000Z",
    aircraft: "Pilatus PC-12",
    aircraftType: "PC12",
    registration: "HB-FVX",
  },
  carrier: { name: "Alpine Air Services SA", aoc: "CH.AOC.1042", state: "Suisse" },
  seats: 2,
  wholeAircraft: false,
  amountCents: 123_450,
  settlement: null,
  vat: { treatment: "exemptInternational", ratePercent: 0, includedCents: 0 },
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
  const flight = { ...receipt.flight, from: "Genf", to: "Nizza" };
  const text = pdftotext!(await renderReceiptPdf({ ...receipt, flight, language: "de" }));
  for (const expected of [
    "Quittung",
    "Nr. 000042",
    "Bestellung: JM-ABC234",
    "Zoé Müller-Großmann",
    "Leerflug Genf → Nizza",
    "5. Dezember 2026 um 14:30 Uhr",
    "1.234,50 €",
    "JetMalin SA",
  ]) {
    expect(text).toContain(expected);
  }
  // Names from anywhere: a glyph the font lacks is replaced, never a failure.
  const customer = { ...receipt.customer, name: "François « Fanfan » Lefèvre, Ødegård Łukasz, 李小龍" };
  const named = pdftotext!(await renderReceiptPdf({ ...receipt, customer, language: "de" }));
  expect(named).toContain("François « Fanfan » Lefèvre, Ødegård Łukasz, ???");
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

/** The words of the document as a reader gets them: pdftotext's layout joins a line's words with any spaces. */
const words = (text: string) => text.replace(/\s+/g, " ");

describe.skipIf(!pdftotext)("what an accountant reads on it", () => {
  const seller = (country: string) => ({
    ...receipt.seller,
    addressLines: [...receipt.seller.addressLines.slice(0, 2), country],
  });
  const customer = (country: string) => ({
    ...receipt.customer,
    addressLines: ["Avenue de la Gare 10", "1003 Lausanne", country],
  });
  const expectations = {
    fr: {
      country: "Suisse",
      lines: [
        "N° TVA : CHE-123.456.788 TVA",
        "Adresse de facturation",
        "Appareil : Pilatus PC-12 (PC12), immatriculé HB-FVX",
        "Transporteur aérien : Alpine Air Services SA, AOC CH.AOC.1042 (Suisse)",
        "Transport aérien international de personnes, exonéré de la TVA suisse (art. 23, al. 2, ch. 8 LTVA).",
      ],
    },
    en: {
      country: "Switzerland",
      lines: [
        "VAT No.: CHE-123.456.788 VAT",
        "Billing address",
        "Aircraft: Pilatus PC-12 (PC12), registration HB-FVX",
        "Operating carrier: Alpine Air Services SA, AOC CH.AOC.1042 (Switzerland)",
        "International passenger air transport, exempt from Swiss VAT (Swiss VAT Act, art. 23 para. 2 no. 8).",
      ],
    },
    de: {
      country: "Schweiz",
      lines: [
        "MWST-Nr.: CHE-123.456.788 MWST",
        "Rechnungsadresse",
        "Flugzeug: Pilatus PC-12 (PC12), Kennzeichen HB-FVX",
        "Ausführendes Luftfahrtunternehmen: Alpine Air Services SA, AOC CH.AOC.1042 (Schweiz)",
        "Grenzüberschreitende Personenbeförderung im Luftverkehr, von der Schweizer Mehrwertsteuer befreit (Art. 23 Abs. 2 Ziff. 8 MWSTG).",
      ],
    },
  } as const;

  test.each(["fr", "en", "de"] as const)(
    "a %s receipt names the seller with its UID, the billing address, the carrier, the aircraft and the VAT exemption",
    async (language) => {
      const { country, lines } = expectations[language];
      const carrier = { ...receipt.carrier!, state: country };
      const text = words(
        pdftotext!(
          await renderReceiptPdf({
            ...receipt,
            language,
            seller: seller(country),
            customer: customer(country),
            carrier,
          }),
        ),
      );
      for (const expected of [
        "JetMalin SA",
        "Route de l'Aéroport 21",
        "1215 Genève 15",
        "Avenue de la Gare 10",
        "1003 Lausanne",
        ...lines,
      ]) {
        expect(text).toContain(expected);
      }
      expect(text).not.toContain("Appareil : PC12");
    },
  );

  test("a credit note shows what was paid, the fee kept and what went back, which add up", async () => {
    // 1,234.50 paid; the terms kept 30 %, rounded down: 370.35; 864.15 went back.
    const text = words(
      pdftotext!(
        await renderReceiptPdf({
          ...receipt,
          kind: "creditNote",
          number: 43,
          amountCents: 86_415,
          settlement: { paidCents: 123_450, keptCents: 37_035 },
          payment: null,
          receiptNumber: 42,
        }),
      ),
    );
    expect(text).toMatch(/Montant payé 1 234,50 €/);
    expect(text).toMatch(/Frais d'annulation retenus − 370,35 €/);
    expect(text).toMatch(/Montant remboursé 864,15 €/);
    expect(text).toContain("Se rapporte au reçu n° 000042.");
    expect(text).toContain("exonéré de la TVA suisse");
  });

  test.each([
    ["fr", "le montant ci-dessus comprend 92,51 € de TVA (8,1 %)"],
    ["en", "the amount above includes €92.51 of VAT (8.1%)"],
    ["de", "Der obige Betrag enthält 92,51 € MWST (8,1 %)"],
  ] as const)("a domestic flight's %s receipt states the VAT it includes", async (language, sentence) => {
    const text = words(
      pdftotext!(
        await renderReceiptPdf({
          ...receipt,
          language,
          amountCents: 123_456,
          vat: { treatment: "domestic", ratePercent: 8.1, includedCents: 9_251 },
        }),
      ),
    );
    expect(text).toContain(sentence);
  });

  test("a flight with neither end in Switzerland says Swiss VAT does not apply", async () => {
    const text = words(
      pdftotext!(
        await renderReceiptPdf({
          ...receipt,
          language: "en",
          vat: { treatment: "abroad", ratePercent: 0, includedCents: 0 },
        }),
      ),
    );
    expect(text).toContain("Transport entirely outside Switzerland: not subject to Swiss VAT");
  });
});
