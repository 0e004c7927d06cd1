// A flight's manifest as a CSV for the operator (docs/privacy.md 'Manifests'), the spreadsheet conventions of
// the orders' export (docs/decisions/026-csv-for-french-excel.md): a BOM, semicolons, formulas defused.
import { csvRow, EXCEL_SEPARATOR, UTF8_BOM } from "#app/utils/csv";
import { zurichDay } from "#app/utils/format";
import type { TFunction } from "#app/utils/translator";

import type { FlightManifest } from "./flight-manifest.server";
import { MANIFEST_FIELDS, type ManifestLineView } from "./manifest-state";

const LUGGAGE_COLUMNS = ["luggagePieces", "luggageKg", "pets"] as const;

export function manifestColumns(t: TFunction): string[] {
  return ["reference", ...MANIFEST_FIELDS, ...LUGGAGE_COLUMNS].map((column) => t(`manifestStaff.columns.${column}`));
}

/** A field as the operator reads it: the document's kind in words, the rest as given (dates YYYY-MM-DD). */
export function manifestValue(line: ManifestLineView, field: (typeof MANIFEST_FIELDS)[number], t: TFunction) {
  const value = line[field];
  if (value === undefined) return "";
  return field === "documentKind" ? t(`manifestStaff.documentKinds.${value}`) : value;
}

/** One row per passenger; a booking's luggage on its first passenger's row only, so that a column's sum is the flight's. */
export function flightManifestCsv({ bookings }: FlightManifest, t: TFunction): string {
  let csv = UTF8_BOM + csvRow(manifestColumns(t), EXCEL_SEPARATOR);
  for (const booking of bookings) {
    booking.lines.forEach((line, index) => {
      const luggage = index === 0 ? [booking.luggagePieces, booking.luggageKg, booking.pets] : ["", "", ""];
      const fields = MANIFEST_FIELDS.map((field) => manifestValue(line, field, t));
      csv += csvRow([booking.reference, ...fields, ...luggage], EXCEL_SEPARATOR);
    });
  }
  return csv;
}

/** `manifeste_LSGG-LFMN_2026-12-03.csv`: the route and the Zurich day, in the staff member's language. */
export function manifestFileName({ flight }: FlightManifest, extension: "csv" | "pdf", t: TFunction): string {
  return `${t("manifestStaff.fileName")}_${flight.fromIcao}-${flight.toIcao}_${zurichDay(flight.departureDate)}.${extension}`;
}
