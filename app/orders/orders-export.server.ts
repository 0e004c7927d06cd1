// The orders as CSV for accounting: docs/decisions/010-csv-export.md, for French-locale Excel
// docs/decisions/026-csv-for-french-excel.md.
import type { AppLoadContext } from "@remix-run/cloudflare";

import type { PaymentState } from "#app/utils/constants";
import { csvRow, decimalComma, EXCEL_SEPARATOR, UTF8_BOM } from "#app/utils/csv";
import { formatDateTime } from "#app/utils/format";
import { logError } from "#app/utils/request-log.server";

import { type AdminOrder, EXPORT_PAGE_SIZE, listOrdersAfter, type OrderFilter } from "./admin-orders.queries.server";

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

const STATUS_LABELS = {
  pending: "En attente",
  processing: "En traitement",
  completed: "Confirmé",
  cancelled: "Annulé",
} as const;
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
    // A decimal comma: a number, not text, in French-locale Excel.
    decimalComma(order.amountCents / 100, 2),
    order.reference ?? "",
    PAYMENT_LABELS[order.paymentState],
  ];
}

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

export function exportFileName(dayKey: string) {
  return `commandes_${dayKey}.csv`;
}
