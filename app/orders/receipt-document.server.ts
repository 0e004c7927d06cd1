// What a receipt or a credit note says, taken once when it is issued and stored with its number
// (docs/decisions/054-documents-issued-once.md): later changes to the order, the flight or the content never reach it.
import { company } from "#app/content/company";
import { FALLBACK_LANGUAGE, uiLanguageFor } from "#app/i18n";
import type { ReceiptKind } from "#app/utils/constants";
import { operatingCarrier } from "#app/utils/operating-carrier";

import type { findOrderWithFlight } from "./orders.queries.server";
import type { ReceiptDocument } from "./receipt-pdf.server";
import type { ReceiptRow } from "./receipts.queries.server";

type FoundOrder = NonNullable<Awaited<ReturnType<typeof findOrderWithFlight>>>;

/** The document's own columns in D1; the rest is the snapshot. */
type RowFields = "kind" | "number" | "issuedAt" | "language" | "amountCents";
export type ReceiptSnapshot = Omit<ReceiptDocument, RowFields>;

/** The snapshot's fields that are dates, read back as such from their JSON. */
const DATE_FIELDS = ["departure"] as const satisfies readonly (keyof ReceiptSnapshot)[];

/** The one mapping from an order to what its document says, beyond the row's number, date, amount and language. */
export function receiptSnapshot(
  { order, flight, from, to }: FoundOrder,
  kind: ReceiptKind,
  documents: readonly ReceiptRow[],
): ReceiptSnapshot {
  return {
    company,
    orderReference: order.reference ?? order.id,
    customerName: `${order.customerInfo.firstName} ${order.customerInfo.lastName}`.trim(),
    from: from.servedCity,
    to: to.servedCity,
    fromIcao: from.icaoCode,
    toIcao: to.icaoCode,
    departure: flight.departureDate,
    aircraftType: flight.aircraftType,
    carrier: operatingCarrier(flight),
    seats: order.seats,
    wholeAircraft: order.wholeAircraft,
    passengers: (order.passengers ?? []).filter((name) => name.trim() !== ""),
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
  const snapshot = JSON.parse(snapshotJson) as Record<string, unknown>;
  for (const field of DATE_FIELDS) snapshot[field] = new Date(snapshot[field] as string);
  return {
    ...(snapshot as ReceiptSnapshot),
    kind: row.kind,
    number: row.number,
    issuedAt: row.issuedAt,
    language: uiLanguageFor(row.language) ?? FALLBACK_LANGUAGE,
    amountCents: row.amountCents,
  };
}
