// Apart from receipts.server.ts on purpose: only the download route imports it, so the font's `?inline`
// import stays out of wrangler's esbuild bundle (docs/decisions/035-receipts.md).
import type { AppLoadContext } from "@remix-run/cloudflare";

import { FALLBACK_LANGUAGE, uiLanguageFor } from "#app/i18n";
import { translatorFor } from "#app/i18n.server";
import type { ReceiptKind } from "#app/utils/constants";
import { operatingCarrier } from "#app/utils/operating-carrier";

import { findOrderWithFlight } from "./orders.queries.server";
import { renderReceiptPdf } from "./receipt-pdf.server";
import { listReceipts } from "./receipts.queries.server";

export type ReceiptPdfOutcome =
  { ok: true; body: Uint8Array<ArrayBuffer>; filename: string } | { ok: false; reason: "notFound" };

/** The caller checks who may read the order. */
export async function receiptPdf(
  context: AppLoadContext,
  orderId: string,
  kind: ReceiptKind,
): Promise<ReceiptPdfOutcome> {
  const [documents, found] = await Promise.all([
    listReceipts(context.db, orderId),
    findOrderWithFlight(context.db, orderId),
  ]);
  const receipt = documents.find((candidate) => candidate.kind === kind);
  if (!receipt || !found) return { ok: false, reason: "notFound" };
  const { order, flight, from, to } = found;
  const reference = order.reference ?? order.id;
  const language = uiLanguageFor(receipt.language) ?? FALLBACK_LANGUAGE;
  const body = await renderReceiptPdf({
    kind,
    number: receipt.number,
    issuedAt: receipt.issuedAt,
    language,
    orderReference: reference,
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
    amountCents: receipt.amountCents,
    payment:
      kind === "receipt" ? (order.paymentIntentId && order.paymentState !== "offline" ? "card" : "offline") : null,
    receiptNumber: kind === "creditNote" ? (documents.find((other) => other.kind === "receipt")?.number ?? null) : null,
  });
  const filename = translatorFor(language, "catalogue")(`receipt.fileName.${kind}`, { reference });
  return { ok: true, body, filename };
}
