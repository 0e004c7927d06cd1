/**
 * Receipts and credit notes (docs/decisions/035-receipts.md). `issueReceipt` follows a
 * capture or an offline payment (order-life.server.ts `validateOrder`); `issueCreditNote`
 * follows a refund (the refund's service calls it once the provider has refunded and the
 * order row holds `refunded_cents`). Each document is written once, numbered from one
 * sequence without gaps; the PDF is drawn on each download from that row and the order.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { FALLBACK_LANGUAGE, uiLanguageFor } from "#app/i18n";
import { logError } from "#app/utils/request-log.server";
import { findOrderWithFlight } from "./orders.queries.server";
import type { ReceiptKind } from "#app/utils/constants";
import { insertReceipt, listReceipts, type ReceiptRow } from "./receipts.queries.server";
import { renderReceiptPdf } from "./receipt-pdf.server";

export type { ReceiptRow };

export type IssueOutcome = { ok: true; receipt: ReceiptRow } | { ok: false; reason: "notEligible" | "failed" };

/**
 * The order's receipt, written the first time (for the order's amount) once the money was
 * taken; a replay returns the same document. Never throws: the money has moved by then, and
 * a failure is logged (calling it again writes the document).
 */
export function issueReceipt(context: AppLoadContext, orderId: string): Promise<IssueOutcome> {
  return issue(context, orderId, "receipt");
}

/** The order's credit note, for `refunded_cents`, once money went back; as `issueReceipt`. */
export function issueCreditNote(context: AppLoadContext, orderId: string): Promise<IssueOutcome> {
  return issue(context, orderId, "creditNote");
}

async function issue(context: AppLoadContext, orderId: string, kind: ReceiptKind): Promise<IssueOutcome> {
  try {
    const receipt = await insertReceipt(context.db, { orderId, kind, now: context.now() });
    return receipt ? { ok: true, receipt } : { ok: false, reason: "notEligible" };
  } catch (error) {
    logError("orders.receipt-failed", error, { requestId: context.requestId, orderId, kind });
    return { ok: false, reason: "failed" };
  }
}

/** The kinds of document an order has, for its page and its mails. */
export async function orderReceiptKinds(context: AppLoadContext, orderId: string): Promise<ReceiptKind[]> {
  return (await listReceipts(context.db, orderId)).map((receipt) => receipt.kind);
}

export type ReceiptPdfOutcome =
  { ok: true; body: Uint8Array<ArrayBuffer>; filename: string } | { ok: false; reason: "notFound" };

const FILE_NAMES: Record<ReceiptKind, string> = { receipt: "receipt", creditNote: "credit-note" };

/** The PDF of the order's document of `kind`; notFound when it has none. The caller checks who may read the order. */
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
  const body = await renderReceiptPdf({
    kind,
    number: receipt.number,
    issuedAt: receipt.issuedAt,
    language: uiLanguageFor(receipt.language) ?? FALLBACK_LANGUAGE,
    orderReference: reference,
    customerName: `${order.customerInfo.firstName} ${order.customerInfo.lastName}`.trim(),
    from: from.servedCity,
    to: to.servedCity,
    fromIcao: from.icaoCode,
    toIcao: to.icaoCode,
    departure: flight.departureDate,
    aircraftType: flight.aircraftType,
    seats: order.seats,
    wholeAircraft: order.wholeAircraft,
    passengers: (order.passengers ?? []).filter((name) => name.trim() !== ""),
    amountCents: receipt.amountCents,
    payment:
      kind === "receipt" ? (order.paymentIntentId && order.paymentState !== "offline" ? "card" : "offline") : null,
    receiptNumber: kind === "creditNote" ? (documents.find((other) => other.kind === "receipt")?.number ?? null) : null,
  });
  return { ok: true, body, filename: `JetMalin-${FILE_NAMES[kind]}-${reference}.pdf` };
}
