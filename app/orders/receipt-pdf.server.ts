// A receipt or a credit note as a one-page PDF, its font and bundling: docs/decisions/035-receipts.md.
import { cityName } from "#app/content/city-names";
import type { Language } from "#app/i18n";
import { translatorFor } from "#app/i18n.server";
import type { ReceiptKind } from "#app/utils/constants";
import { formatDay, formatOrderAmount, formatTime, withColon } from "#app/utils/format";
import { carrierText, type OperatingCarrier } from "#app/utils/operating-carrier";

import { drawableText, pdfLibrary, wrap, writeRight } from "./pdf-library.server";

/** The company as it was when the document was issued (content/company.ts then: decision 054). */
export type IssuingCompany = {
  name: string;
  legalName: string;
  address: { street: string; postalCode: string; city: string };
  reservationsPhone: string;
  customerServiceEmail: string;
  uid: string;
};

export type ReceiptDocument = {
  company: IssuingCompany;
  kind: ReceiptKind;
  number: number;
  issuedAt: Date;
  language: Language;
  orderReference: string;
  customerName: string;
  from: string;
  to: string;
  fromIcao: string;
  toIcao: string;
  departure: Date;
  aircraftType: string;
  seats: number;
  wholeAircraft: boolean;
  passengers: string[];
  amountCents: number;
  payment: "card" | "offline" | null;
  receiptNumber: number | null;
  /** Named on the receipt when given, null reading "to be named". */
  carrier?: OperatingCarrier | null;
};

export function receiptNumberText(number: number): string {
  return String(number).padStart(6, "0");
}

const A4: [number, number] = [595.28, 841.89];
const PAGE = { width: A4[0], height: A4[1], margin: 56 };
const AMOUNT_COLUMN = 130;

export async function renderReceiptPdf(document: ReceiptDocument): Promise<Uint8Array<ArrayBuffer>> {
  const { language, kind, company } = document;
  const t = translatorFor(language, "catalogue");
  const { pdfLib, fontkit, bytes, face, colors } = await pdfLibrary();
  const { ink: INK, muted: MUTED, rule: RULE } = colors;
  const pdf = await pdfLib.PDFDocument.create();
  pdf.registerFontkit(fontkit);
  const font = await pdf.embedFont(bytes, { subset: true });
  const clean = (text: string) => drawableText(text, (codePoint) => face.hasGlyphForCodePoint(codePoint));
  const number = receiptNumberText(document.number);
  const title = t(`receipt.kind.${kind}`);

  pdf.setTitle(clean(t("receipt.documentTitle", { kind: title, number, reference: document.orderReference })));
  pdf.setSubject(`${document.orderReference} ${formatOrderAmount(document.amountCents, language)}`);
  pdf.setAuthor(company.legalName);
  pdf.setCreator(company.name);
  pdf.setProducer(company.name);
  pdf.setLanguage(language);
  pdf.setCreationDate(document.issuedAt);
  pdf.setModificationDate(document.issuedAt);

  const page = pdf.addPage(A4);
  const write = (text: string, x: number, y: number, size = 10, color = INK) =>
    page.drawText(clean(text), { x, y, size, font, color });
  const right = PAGE.width - PAGE.margin;

  let y = PAGE.height - PAGE.margin - 14;
  write(company.legalName, PAGE.margin, y, 14);
  const companyLines = [
    company.address.street,
    `${company.address.postalCode} ${company.address.city}`,
    company.reservationsPhone,
    company.customerServiceEmail,
  ];
  companyLines.forEach((line, index) => write(line, PAGE.margin, y - 16 - index * 13, 9, MUTED));
  writeRight(page, font, clean(title), right, y, 20, INK);
  writeRight(page, font, clean(t("receipt.number", { number })), right, y - 22, 11, INK);
  const issued = `${withColon(t("receipt.issuedOn"), language)} ${formatDay(document.issuedAt, language)}`;
  writeRight(page, font, clean(issued), right, y - 38, 9, MUTED);

  y -= 16 + companyLines.length * 13 + 30;
  write(`${withColon(t("receipt.order"), language)} ${document.orderReference}`, PAGE.margin, y, 11);
  write(`${withColon(t("receipt.customer"), language)} ${document.customerName}`, PAGE.margin, y - 16, 11);

  y -= 48;
  page.drawRectangle({
    x: PAGE.margin,
    y: y - 6,
    width: right - PAGE.margin,
    height: 20,
    color: colors.shade,
  });
  write(t("receipt.description"), PAGE.margin + 6, y, 9, MUTED);
  writeRight(page, font, clean(t("receipt.amount")), right - 6, y, 9, MUTED);
  y -= 24;
  const amount = formatOrderAmount(document.amountCents, language);
  const route = t("flight.route", { from: cityName(document.from, language), to: cityName(document.to, language) });
  write(t("receipt.line", { route }), PAGE.margin + 6, y, 11);
  writeRight(page, font, clean(amount), right - 6, y, 11, INK);
  const details = [
    t("receipt.departure", { date: formatDay(document.departure, language), time: formatTime(document.departure) }),
    `${document.fromIcao} → ${document.toIcao}`,
    t("receipt.aircraft", { aircraft: document.aircraftType }),
    ...(document.carrier !== undefined ? [carrierText(document.carrier, t, language)] : []),
    document.wholeAircraft
      ? t("checkout.wholeAircraftSeats", { count: document.seats })
      : `${withColon(t("order.seats"), language)} ${document.seats}`,
    ...(document.passengers.length > 0 ? [t("receipt.passengers", { names: document.passengers.join(", ") })] : []),
  ];
  const descriptionWidth = right - PAGE.margin - 12 - AMOUNT_COLUMN;
  for (const line of details.flatMap((detail) => wrap(clean(detail), font, 9, descriptionWidth))) {
    y -= 14;
    write(line, PAGE.margin + 6, y, 9, MUTED);
  }
  y -= 16;
  page.drawLine({ start: { x: PAGE.margin, y }, end: { x: right, y }, thickness: 0.8, color: RULE });
  y -= 20;
  write(t(`receipt.total.${kind}`), PAGE.margin + 6, y, 12);
  writeRight(page, font, clean(amount), right - 6, y, 14, INK);

  y -= 44;
  const closing = [
    t(`receipt.statement.${kind}`, { reference: document.orderReference, company: company.legalName }),
    ...(document.payment ? [t(`receipt.payment.${document.payment}`)] : []),
    ...(document.receiptNumber !== null
      ? [t("receipt.relatesTo", { number: receiptNumberText(document.receiptNumber) })]
      : []),
  ];
  for (const line of closing.flatMap((text) => wrap(clean(text), font, 10, right - PAGE.margin))) {
    write(line, PAGE.margin, y, 10);
    y -= 15;
  }

  page.drawLine({
    start: { x: PAGE.margin, y: PAGE.margin + 26 },
    end: { x: right, y: PAGE.margin + 26 },
    thickness: 0.5,
    color: RULE,
  });
  const address = `${company.legalName} · ${company.address.street} · ${company.address.postalCode} ${company.address.city}`;
  write(address, PAGE.margin, PAGE.margin + 12, 8, MUTED);
  const questions = t("receipt.questions", { phone: company.reservationsPhone, email: company.customerServiceEmail });
  write(questions, PAGE.margin, PAGE.margin, 8, MUTED);

  // A copy on an ArrayBuffer of its own: what a Response's body accepts.
  return new Uint8Array(await pdf.save());
}
