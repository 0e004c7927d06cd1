/**
 * The orders as a CSV file for accounting (docs/decisions/010-csv-export.md):
 * the spec's columns ID, Date, Client, Email, Vol, Statut, Montant, then the order's own
 * reference and where its payment stands (docs/payments.md), after them so a
 * sheet built on the spec's columns still reads them in place. For French-locale Excel
 * (docs/decisions/026-csv-for-french-excel.md): semicolons between cells, a decimal
 * comma in amounts, UTF-8 with a BOM. Streamed one page of 1,000 orders at a time, so
 * the Worker never holds the whole file.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { EXPORT_PAGE_SIZE, listOrdersAfter, type AdminOrder, type OrderFilter } from "./admin-orders.queries.server";
import type { PaymentState } from "#app/utils/constants";
import { csvRow, decimalComma, EXCEL_SEPARATOR, UTF8_BOM } from "#app/utils/csv";
import { formatDateTime } from "#app/utils/format";
import { logError } from "#app/utils/request-log.server";

export const CSV_HEADER = [
  "ID",
  "Date",
  "Client",
  "Email",
  "Vol",
  "Statut",
  "Montant",
  "Référence",
  "Paiement",
] as const;

/** The spec's French status labels, like the header. */
const STATUS_LABELS = {
  pending: "En attente",
  processing: "En traitement",
  completed: "Confirmé",
  cancelled: "Annulé",
} as const;
/** Where the money stands, in the back-office's French words (admin `orders.paymentState`). */
const PAYMENT_LABELS: Record<PaymentState, string> = {
  none: "Aucun paiement",
  authorised: "Carte autorisée",
  captured: "Encaissé",
  released: "Autorisation libérée",
  offline: "Payé hors ligne",
  failed: "Paiement échoué",
  refunded: "Remboursé",
  refundFailed: "Remboursement à traiter",
};

export function orderCsvRecord(order: AdminOrder) {
  return [
    order.id,
    formatDateTime(order.createdAt),
    `${order.customerInfo.firstName} ${order.customerInfo.lastName}`,
    order.customerInfo.email,
    `${order.from} → ${order.to} ${formatDateTime(order.departureDate)}`,
    STATUS_LABELS[order.status],
    // EUR with 2 decimals and a comma: a number, not text, in French-locale Excel.
    decimalComma(order.amountCents / 100, 2),
    order.reference ?? "",
    PAYMENT_LABELS[order.paymentState],
  ];
}

/** The export's bytes: the BOM and header, then each page as the reader asks for it. */
export function ordersCsvStream(context: AppLoadContext, filter: OrderFilter): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let after: { createdAt: Date; id: string } | null = null;
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(UTF8_BOM + csvRow(CSV_HEADER, EXCEL_SEPARATOR)));
        return;
      }
      try {
        const page = await listOrdersAfter(context.db, filter, after);
        if (page.length > 0) {
          controller.enqueue(
            encoder.encode(page.map((order) => csvRow(orderCsvRecord(order), EXCEL_SEPARATOR)).join("")),
          );
          const last = page[page.length - 1]!;
          after = { createdAt: last.createdAt, id: last.id };
        }
        if (page.length < EXPORT_PAGE_SIZE) controller.close();
      } catch (error) {
        logError("orders.export-page-failed", error, { requestId: context.requestId });
        controller.error(error);
      }
    },
  });
}

/** commandes_{date}.csv, the date of the export in Zurich. */
export function exportFileName(dayKey: string) {
  return `commandes_${dayKey}.csv`;
}
