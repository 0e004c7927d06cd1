// A flight's manifest as a PDF for the operator (docs/privacy.md 'Manifests'): A4 landscape, one row per
// passenger, the table's head repeated on each page; the receipts' font (pdf-library.server.ts).
import type { PDFPage } from "@cantoo/pdf-lib";

import { cityName } from "#app/content/city-names";
import { company } from "#app/content/company";
import type { Language } from "#app/i18n";
import { translatorFor } from "#app/i18n.server";
import { formatDateTime, formatDay, formatTime, withColon } from "#app/utils/format";

import type { FlightManifest } from "./flight-manifest.server";
import { manifestColumns, manifestValue } from "./flight-manifest-export.server";
import { formatManifestDay, MANIFEST_FIELDS } from "./manifest-state";
import { drawableText, pdfLibrary, wrap, writeRight } from "./pdf-library.server";

const PAGE = { width: 841.89, height: 595.28, margin: 36 };
/** Relative widths of the columns: reference, the eight fields, pieces, kg, pets. */
const WEIGHTS = [62, 100, 100, 58, 40, 76, 90, 40, 58, 44, 40, 40];
const ROW = 14;
const HEAD = 24;
const DATES = new Set<string>(["birthDate", "expiresOn"]);

export async function renderFlightManifestPdf(
  manifest: FlightManifest,
  { language, issuedAt }: { language: Language; issuedAt: Date },
): Promise<Uint8Array<ArrayBuffer>> {
  const t = translatorFor(language, "admin");
  const { pdfLib, fontkit, bytes, face, colors } = await pdfLibrary();
  const pdf = await pdfLib.PDFDocument.create();
  pdf.registerFontkit(fontkit);
  const font = await pdf.embedFont(bytes, { subset: true });
  const clean = (text: string) => drawableText(text, (codePoint) => face.hasGlyphForCodePoint(codePoint));
  const { flight } = manifest;
  const route = `${cityName(flight.from, language)} (${flight.fromIcao}) → ${cityName(flight.to, language)} (${flight.toIcao})`;
  const title = t("manifestStaff.pdf.title");
  pdf.setTitle(clean(`${title} ${route}`));
  pdf.setAuthor(company.legalName);
  pdf.setCreator(company.name);
  pdf.setProducer(company.name);
  pdf.setLanguage(language);
  pdf.setCreationDate(issuedAt);
  pdf.setModificationDate(issuedAt);

  const width = PAGE.width - 2 * PAGE.margin;
  const total = WEIGHTS.reduce((sum, weight) => sum + weight, 0);
  const widths = WEIGHTS.map((weight) => (weight / total) * width);
  const lefts = widths.map((_, index) => PAGE.margin + widths.slice(0, index).reduce((sum, w) => sum + w, 0));
  const headers = manifestColumns(t);
  let page: PDFPage = pdf.addPage([PAGE.width, PAGE.height]);
  const write = (text: string, x: number, y: number, size = 9, color = colors.ink) =>
    page.drawText(clean(text), { x, y, size, font, color });

  let y = PAGE.height - PAGE.margin - 14;
  write(`${title} · ${route}`, PAGE.margin, y, 15);
  writeRight(page, font, clean(company.legalName), PAGE.width - PAGE.margin, y, 10, colors.muted);
  const departure = t("manifestStaff.pdf.departure", {
    day: formatDay(flight.departureDate, language),
    time: formatTime(flight.departureDate),
  });
  const details = [
    departure,
    [
      `${withColon(t("manifestStaff.flight.aircraft"), language)} ${flight.aircraftType}`,
      flight.aircraftRegistration
        ? `${withColon(t("manifestStaff.flight.registration"), language)} ${flight.aircraftRegistration}`
        : null,
    ],
    [
      flight.operatorName ? `${withColon(t("manifestStaff.flight.operator"), language)} ${flight.operatorName}` : null,
      flight.operatorAoc ? `${withColon(t("manifestStaff.flight.aoc"), language)} ${flight.operatorAoc}` : null,
    ],
  ]
    .map((line) => (Array.isArray(line) ? line.filter(Boolean).join(" · ") : line))
    .filter(Boolean);
  for (const line of details) {
    y -= 14;
    write(line, PAGE.margin, y, 10, colors.muted);
  }
  y -= 22;

  const drawHead = () => {
    page.drawRectangle({ x: PAGE.margin, y: y - HEAD + 10, width, height: HEAD, color: colors.shade });
    headers.forEach((header, index) => {
      wrap(clean(header), font, 7, widths[index]! - 4)
        .slice(0, 2)
        .forEach((line, row) => write(line, lefts[index]! + 2, y - row * 9, 7, colors.muted));
    });
    y -= HEAD;
  };
  const fit = (text: string, room: number, size: number) => {
    let out = clean(text);
    while (out.length > 1 && font.widthOfTextAtSize(out, size) > room) out = `${out.slice(0, -2)}…`;
    return out;
  };
  drawHead();
  const bottom = PAGE.margin + 30;
  for (const booking of manifest.bookings) {
    booking.lines.forEach((line, index) => {
      let newPage = false;
      if (y < bottom) {
        newPage = true;
        page = pdf.addPage([PAGE.width, PAGE.height]);
        y = PAGE.height - PAGE.margin - 10;
        write(`${title} · ${route} · ${formatDateTime(flight.departureDate)}`, PAGE.margin, y, 9, colors.muted);
        y -= 20;
        drawHead();
      }
      const luggage = index === 0 ? [booking.luggagePieces, booking.luggageKg, booking.pets] : [null, null, null];
      const cells = [
        // A booking carried over to a new page is named again there.
        index === 0 || newPage ? booking.reference : "",
        ...MANIFEST_FIELDS.map((field) => {
          const value = manifestValue(line, field, t);
          return value === "" ? "—" : DATES.has(field) ? (formatManifestDay(value) ?? value) : value;
        }),
        ...luggage.map((value, column) => (value === null ? (index === 0 && column < 2 ? "—" : "") : String(value))),
      ];
      cells.forEach((cell, column) => write(fit(cell, widths[column]! - 4, 8), lefts[column]! + 2, y, 8));
      y -= 4;
      page.drawLine({
        start: { x: PAGE.margin, y },
        end: { x: PAGE.width - PAGE.margin, y },
        thickness: index === booking.lines.length - 1 ? 0.8 : 0.3,
        color: colors.rule,
      });
      y -= ROW - 4;
    });
  }
  if (manifest.bookings.length === 0) write(t("manifestStaff.empty"), PAGE.margin, y, 10);

  const pages = pdf.getPages();
  const issued = t("manifestStaff.pdf.issued", { date: formatDateTime(issuedAt) });
  pages.forEach((each, index) => {
    each.drawText(clean(`${t("manifestStaff.pdf.confidential")} · ${issued}`), {
      x: PAGE.margin,
      y: PAGE.margin - 12,
      size: 7,
      font,
      color: colors.muted,
    });
    const number = clean(t("manifestStaff.pdf.page", { page: index + 1, total: pages.length }));
    writeRight(each, font, number, PAGE.width - PAGE.margin, PAGE.margin - 12, 7, colors.muted);
  });
  return new Uint8Array(await pdf.save());
}
