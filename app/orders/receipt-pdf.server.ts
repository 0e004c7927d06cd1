// A receipt or a credit note as a one-page PDF, its font and bundling: docs/decisions/035-receipts.md;
// what it says and why: docs/decisions/056-what-a-receipt-says.md.
import type { VatTreatment } from "#app/content/vat";
import type { Language } from "#app/i18n";
import { translatorFor } from "#app/i18n.server";
import type { ReceiptKind } from "#app/utils/constants";
import { formatDay, formatOrderAmount, formatTime, withColon } from "#app/utils/format";

import { drawableText, pdfLibrary, wrap, writeRight } from "./pdf-library.server";

/**
 * Everything the document prints, fixed when it is issued: names are already in its language and
 * the seller's details those of that day, so drawing it again later prints the same words. Plain
 * JSON (instants as ISO 8601 text), since it is stored as the snapshot.
 */
export type ReceiptDocument = {
  kind: ReceiptKind;
  number: number;
  issuedAt: string;
  language: Language;
  seller: { name: string; legalName: string; addressLines: string[]; uid: string; phone: string; email: string };
  orderReference: string;
  /** The billing address entered at checkout, its country named in the document's language. */
  customer: { name: string; addressLines: string[] };
  flight: {
    from: string;
    to: string;
    fromIcao: string;
    toIcao: string;
    departure: string;
    /** The type's name and its ICAO designator: "Pilatus PC-12", "PC12". */
    aircraft: string;
    aircraftType: string;
    registration: string | null;
  };
  /** The operating carrier, its AOC's state named in the document's language; null when not yet named. */
  carrier: { name: string; aoc: string; state: string } | null;
  seats: number;
  wholeAircraft: boolean;
  /** What the document attests: the amount paid (a receipt) or refunded (a credit note). */
  amountCents: number;
  /** A credit note's account: paid = kept + refunded (`amountCents`). Null on a receipt. */
  settlement: { paidCents: number; keptCents: number } | null;
  /** `includedCents` at `ratePercent`: 0 and 0 unless the flight is domestic. */
  vat: { treatment: VatTreatment; ratePercent: number; includedCents: number };
  payment: "card" | "offline" | null;
  /** The receipt a credit note corrects. */
  receiptNumber: number | null;
};

export function receiptNumberText(number: number): string {
  return String(number).padStart(6, "0");
}

/** The sentence that states the document's VAT treatment, in its language. */
export function vatStatement(document: Pick<ReceiptDocument, "vat" | "language">): string {
  const t = translatorFor(document.language, "catalogue");
  const { treatment, ratePercent, includedCents } = document.vat;
  const rate = new Intl.NumberFormat(document.language, { maximumFractionDigits: 1 }).format(ratePercent);
  return t(`receipt.vat.${treatment}`, { rate, vat: formatOrderAmount(includedCents, document.language) });
}

const A4: [number, number] = [595.28, 841.89];
const PAGE = { width: A4[0], height: A4[1], margin: 56 };
const AMOUNT_COLUMN = 130;

export async function renderReceiptPdf(document: ReceiptDocument): Promise<Uint8Array<ArrayBuffer>> {
  const { language, kind, seller, flight } = document;
  const t = translatorFor(language, "catalogue");
  const { pdfLib, fontkit, bytes, face, colors } = await pdfLibrary();
  const { ink: INK, muted: MUTED, rule: RULE } = colors;
  const pdf = await pdfLib.PDFDocument.create();
  pdf.registerFontkit(fontkit);
  const font = await pdf.embedFont(bytes, { subset: true });
  const clean = (text: string) => drawableText(text, (codePoint) => face.hasGlyphForCodePoint(codePoint));
  const number = receiptNumberText(document.number);
  const title = t(`receipt.kind.${kind}`);
  const money = (cents: number) => formatOrderAmount(cents, language);
  const issuedAt = new Date(document.issuedAt);
  const departure = new Date(flight.departure);

  pdf.setTitle(clean(t("receipt.documentTitle", { kind: title, number, reference: document.orderReference })));
  pdf.setSubject(`${document.orderReference} ${money(document.amountCents)}`);
  pdf.setAuthor(seller.legalName);
  pdf.setCreator(seller.name);
  pdf.setProducer(seller.name);
  pdf.setLanguage(language);
  pdf.setCreationDate(issuedAt);
  pdf.setModificationDate(issuedAt);

  const page = pdf.addPage(A4);
  const write = (text: string, x: number, y: number, size = 10, color = INK) =>
    page.drawText(clean(text), { x, y, size, font, color });
  const right = PAGE.width - PAGE.margin;
  const half = PAGE.margin + (right - PAGE.margin) / 2;

  // The seller, left; the document's kind, number and date, right.
  let y = PAGE.height - PAGE.margin - 14;
  write(seller.legalName, PAGE.margin, y, 14);
  const sellerLines = [...seller.addressLines, t("receipt.vatNumber", { uid: seller.uid }), seller.phone, seller.email];
  sellerLines.forEach((line, index) => write(line, PAGE.margin, y - 16 - index * 13, 9, MUTED));
  writeRight(page, font, clean(title), right, y, 20, INK);
  writeRight(page, font, clean(t("receipt.number", { number })), right, y - 22, 11, INK);
  const issued = `${withColon(t("receipt.issuedOn"), language)} ${formatDay(issuedAt, language)}`;
  writeRight(page, font, clean(issued), right, y - 38, 9, MUTED);
  writeRight(
    page,
    font,
    clean(`${withColon(t("receipt.order"), language)} ${document.orderReference}`),
    right,
    y - 52,
    9,
    MUTED,
  );

  // The customer's billing address, where a window envelope shows it.
  y -= 16 + sellerLines.length * 13 + 24;
  write(t("receipt.billTo"), half, y, 8, MUTED);
  [document.customer.name, ...document.customer.addressLines].forEach((line, index) =>
    write(line, half, y - 14 - index * 14, 11),
  );
  y -= 14 + (1 + document.customer.addressLines.length) * 14 + 24;

  // One line: the flight, and what was paid for it.
  page.drawRectangle({ x: PAGE.margin, y: y - 6, width: right - PAGE.margin, height: 20, color: colors.shade });
  write(t("receipt.description"), PAGE.margin + 6, y, 9, MUTED);
  writeRight(page, font, clean(t("receipt.amount")), right - 6, y, 9, MUTED);
  y -= 24;
  const paidCents = document.settlement?.paidCents ?? document.amountCents;
  const aircraft =
    flight.aircraft === flight.aircraftType ? flight.aircraft : `${flight.aircraft} (${flight.aircraftType})`;
  write(t("receipt.line", { route: t("flight.route", { from: flight.from, to: flight.to }) }), PAGE.margin + 6, y, 11);
  writeRight(page, font, clean(money(paidCents)), right - 6, y, 11, INK);
  const details = [
    t("receipt.departure", { date: formatDay(departure, language), time: formatTime(departure) }),
    `${flight.fromIcao} → ${flight.toIcao}`,
    flight.registration
      ? t("receipt.aircraftRegistered", { aircraft: aircraft, registration: flight.registration })
      : t("receipt.aircraft", { aircraft }),
    document.carrier ? t("receipt.carrier", document.carrier) : t("receipt.carrierUnknown"),
    document.wholeAircraft
      ? t("checkout.wholeAircraftSeats", { count: document.seats })
      : `${withColon(t("order.seats"), language)} ${document.seats}`,
  ];
  const descriptionWidth = right - PAGE.margin - 12 - AMOUNT_COLUMN;
  for (const line of details.flatMap((detail) => wrap(clean(detail), font, 9, descriptionWidth))) {
    y -= 14;
    write(line, PAGE.margin + 6, y, 9, MUTED);
  }
  y -= 16;

  // A credit note accounts for the money: paid, kept, refunded.
  if (document.settlement) {
    const rows: [string, string][] = [
      [t("receipt.settlement.paid"), money(document.settlement.paidCents)],
      [t("receipt.settlement.kept"), `− ${money(document.settlement.keptCents)}`],
    ];
    for (const [label, amount] of rows) {
      y -= 16;
      write(label, PAGE.margin + 6, y, 10);
      writeRight(page, font, clean(amount), right - 6, y, 10, INK);
    }
    y -= 12;
  }
  page.drawLine({ start: { x: PAGE.margin, y }, end: { x: right, y }, thickness: 0.8, color: RULE });
  y -= 20;
  write(t(`receipt.total.${kind}`), PAGE.margin + 6, y, 12);
  writeRight(page, font, clean(money(document.amountCents)), right - 6, y, 14, INK);

  y -= 40;
  const closing = [
    vatStatement(document),
    t(`receipt.statement.${kind}`, { reference: document.orderReference, company: seller.legalName }),
    ...(document.payment ? [t(`receipt.payment.${document.payment}`)] : []),
    ...(document.receiptNumber !== null
      ? [t("receipt.relatesTo", { number: receiptNumberText(document.receiptNumber) })]
      : []),
  ];
  for (const paragraph of closing) {
    for (const line of wrap(clean(paragraph), font, 10, right - PAGE.margin)) {
      write(line, PAGE.margin, y, 10);
      y -= 14;
    }
    y -= 4;
  }

  page.drawLine({
    start: { x: PAGE.margin, y: PAGE.margin + 26 },
    end: { x: right, y: PAGE.margin + 26 },
    thickness: 0.5,
    color: RULE,
  });
  const footer = [seller.legalName, ...seller.addressLines, seller.uid].join(" · ");
  write(footer, PAGE.margin, PAGE.margin + 12, 8, MUTED);
  write(t("receipt.questions", { phone: seller.phone, email: seller.email }), PAGE.margin, PAGE.margin, 8, MUTED);

  // A copy on an ArrayBuffer of its own: what a Response's body accepts.
  return new Uint8Array(await pdf.save());
}
