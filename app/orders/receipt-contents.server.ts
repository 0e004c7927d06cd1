// What a receipt or credit note says, taken once from the order, its flight and the company when it is
// issued, and stored with its number (docs/decisions/054-documents-issued-once.md): later changes to the
// order, the flight or the content never reach it. What it says and why: docs/decisions/056-what-a-receipt-says.md.
// Apart from the drawing (receipt-pdf.server.ts), which only the documents Worker loads.
import { cityName } from "#app/content/city-names";
import { company } from "#app/content/company";
import { countryName, stateName } from "#app/content/country-names";
import { aircraftTypeName } from "#app/content/fleet";
import { includedVatCents, SWISS_VAT_STANDARD_PERCENT, vatTreatment } from "#app/content/vat";
import type { Db } from "#app/db/client.server";
import { FALLBACK_LANGUAGE, type Language, uiLanguageFor } from "#app/i18n";
import type { ReceiptKind } from "#app/utils/constants";

import { findOrderWithFlight } from "./orders.queries.server";
import type { ReceiptDocument } from "./receipt-pdf.server";
import { listReceipts, type ReceiptRow } from "./receipts.queries.server";

function sellerIn(language: Language): ReceiptDocument["seller"] {
  const { street, postalCode, city, country } = company.address;
  return {
    name: company.name,
    legalName: company.legalName,
    addressLines: [street, `${postalCode} ${city}`, countryName(country, language)],
    uid: company.uid,
    phone: company.reservationsPhone,
    email: company.customerServiceEmail,
  };
}

type FoundOrder = NonNullable<Awaited<ReturnType<typeof findOrderWithFlight>>>;

/** The document's own columns in D1 (its number, date, amount and language) and what they decide. */
type RowFields = "kind" | "number" | "issuedAt" | "language" | "amountCents" | "settlement" | "vat";
/**
 * What is stored with the number: everything the document prints but the row's columns. What follows from
 * the row's amount (a credit note's fee kept, the VAT included) is computed from it when drawn.
 */
export type ReceiptSnapshot = Omit<ReceiptDocument, RowFields> & {
  paidCents: number;
  vatTreatment: ReceiptDocument["vat"]["treatment"];
  /** The rate of that day (0 unless domestic): a later change of the law never reaches an issued document. */
  vatRatePercent: number;
};

/** The one mapping from an order to what its document says, in the document's language. */
export function receiptSnapshot(
  { order, flight, from, to }: FoundOrder,
  kind: ReceiptKind,
  documents: readonly ReceiptRow[],
  language: Language,
): ReceiptSnapshot {
  const { firstName, lastName, address, zipCode, city, country } = order.customerInfo;
  const treatment = vatTreatment(from.icaoCode, to.icaoCode);
  const hasCarrier = flight.operatorName && flight.operatorAoc && flight.operatorState;
  return {
    seller: sellerIn(language),
    orderReference: order.reference ?? order.id,
    customer: {
      name: `${firstName} ${lastName}`.trim(),
      addressLines: [address, `${zipCode} ${city}`, country ? countryName(country, language) : ""]
        .map((line) => line.trim())
        .filter(Boolean),
    },
    flight: {
      from: cityName(from.servedCity, language),
      to: cityName(to.servedCity, language),
      fromIcao: from.icaoCode,
      toIcao: to.icaoCode,
      departure: flight.departureDate.toISOString(),
      aircraft: aircraftTypeName(flight.aircraftType),
      aircraftType: flight.aircraftType.toUpperCase(),
      registration: flight.aircraftRegistration?.toUpperCase() ?? null,
    },
    carrier: hasCarrier
      ? { name: flight.operatorName!, aoc: flight.operatorAoc!, state: stateName(flight.operatorState!, language) }
      : null,
    seats: order.seats,
    wholeAircraft: order.wholeAircraft,
    paidCents: order.amountCents,
    vatTreatment: treatment,
    vatRatePercent: treatment === "domestic" ? SWISS_VAT_STANDARD_PERCENT : 0,
    payment:
      kind === "receipt" ? (order.paymentIntentId && order.paymentState !== "offline" ? "card" : "offline") : null,
    receiptNumber: kind === "creditNote" ? (documents.find((other) => other.kind === "receipt")?.number ?? null) : null,
  };
}

export function serializeSnapshot(snapshot: ReceiptSnapshot): string {
  return JSON.stringify(snapshot);
}

/** The whole document: the row's columns and its stored snapshot. */
export function receiptDocument(row: ReceiptRow, snapshotJson: string): ReceiptDocument {
  const {
    paidCents,
    vatTreatment: treatment,
    vatRatePercent: ratePercent,
    ...snapshot
  } = JSON.parse(snapshotJson) as ReceiptSnapshot;
  return {
    ...snapshot,
    kind: row.kind,
    number: row.number,
    issuedAt: row.issuedAt.toISOString(),
    language: uiLanguageFor(row.language) ?? FALLBACK_LANGUAGE,
    amountCents: row.amountCents,
    // What was refunded is the credit note's amount; the rest of what was paid is what the terms kept.
    settlement: row.kind === "creditNote" ? { paidCents, keptCents: paidCents - row.amountCents } : null,
    vat: {
      treatment,
      ratePercent,
      includedCents: ratePercent > 0 ? includedVatCents(row.amountCents, ratePercent) : 0,
    },
  };
}

/**
 * The order's document of that kind as it would read if issued now, in its row's language; null when the
 * order has none. The caller checks access. What a download serves is the stored one (receipt-files.server.ts).
 */
export async function receiptDocumentFor(db: Db, orderId: string, kind: ReceiptKind): Promise<ReceiptDocument | null> {
  const [documents, found] = await Promise.all([listReceipts(db, orderId), findOrderWithFlight(db, orderId)]);
  const receipt = documents.find((candidate) => candidate.kind === kind);
  if (!receipt || !found) return null;
  const language = uiLanguageFor(receipt.language) ?? FALLBACK_LANGUAGE;
  return receiptDocument(receipt, serializeSnapshot(receiptSnapshot(found, kind, documents, language)));
}
