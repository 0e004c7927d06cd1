// A month's receipts and credit notes for the bookkeeper (docs/decisions/054-documents-issued-once.md): a CSV in
// the format of decision 026, and the month's stored PDFs as one ZIP, streamed.
import { TZDate } from "@date-fns/tz";
import type { AppLoadContext } from "@remix-run/cloudflare";

import type { VatTreatment } from "#app/content/vat";
import { csvRow, decimalComma, EXCEL_SEPARATOR, UTF8_BOM } from "#app/utils/csv";
import { DISPLAY_TIME_ZONE, formatDateTime } from "#app/utils/format";
import { logEvent } from "#app/utils/request-log.server";
import { type ZipEntry, zipStream } from "#app/utils/zip";

import type { ReceiptSnapshot } from "./receipt-contents.server";
import { openReceiptPdf } from "./receipt-files.server";
import { listIssuedBetween } from "./receipts.queries.server";

export const ACCOUNTING_HEADER = [
  "Numéro",
  "Date",
  "Type",
  "Commande",
  "Client",
  "Montant",
  "Traitement TVA",
  "SHA-256",
] as const;

const KIND_LABELS = { receipt: "Reçu", creditNote: "Note de crédit" } as const;
const FILE_PREFIXES = { receipt: "recu", creditNote: "note-de-credit" } as const;
/** The Swiss VAT treatment each document states (content/vat.ts; docs/payments.md 'VAT on the documents'). */
export const VAT_TREATMENT_LABELS: Record<VatTreatment, (ratePercent: number) => string> = {
  exemptInternational: () => "Exonéré (LTVA art. 23 al. 2 ch. 8)",
  domestic: (ratePercent) => `TVA ${decimalComma(ratePercent, 1)} % incluse`,
  abroad: () => "Hors du champ de la TVA suisse (LTVA art. 8 al. 2 let. e)",
};

/** "2026-11": its first instant and the next month's, in Zurich time. */
export function monthRange(month: string): { from: Date; to: Date } {
  const [year, index] = month.split("-").map(Number) as [number, number];
  return {
    from: new Date(new TZDate(year, index - 1, 1, DISPLAY_TIME_ZONE).getTime()),
    to: new Date(new TZDate(year, index, 1, DISPLAY_TIME_ZONE).getTime()),
  };
}

type Issued = Awaited<ReturnType<typeof listIssuedBetween>>[number];

/**
 * Amounts as written on the documents, a credit note's too: the Type column says which way the money went (a
 * leading minus would be read as a formula and escaped, decision 026, so Excel would not sum it).
 */
export function accountingCsvRecord(document: Issued) {
  const amount = document.amountCents / 100;
  // What the document itself says (its snapshot); a row issued before snapshots were kept names it at its first download.
  const snapshot = document.snapshot === null ? null : (JSON.parse(document.snapshot) as ReceiptSnapshot);
  return [
    String(document.number).padStart(6, "0"),
    formatDateTime(document.issuedAt),
    KIND_LABELS[document.kind],
    document.orderReference ?? document.orderId,
    snapshot?.customer.name ?? `${document.customerInfo.firstName} ${document.customerInfo.lastName}`.trim(),
    decimalComma(amount, 2),
    snapshot ? VAT_TREATMENT_LABELS[snapshot.vatTreatment](snapshot.vatRatePercent) : "",
    document.pdfSha256 ?? "",
  ];
}

export async function accountingCsv(context: AppLoadContext, month: string): Promise<string> {
  const documents = await listIssuedBetween(context.db, monthRange(month));
  return (
    UTF8_BOM +
    csvRow(ACCOUNTING_HEADER, EXCEL_SEPARATOR) +
    documents.map((document) => csvRow(accountingCsvRecord(document), EXCEL_SEPARATOR)).join("")
  );
}

/**
 * Each stored file read and checked as a download is (a missing one drawn from its snapshot); one that cannot be
 * served is left out of the archive and logged, the CSV still naming it with its checksum.
 */
export function accountingZip(context: AppLoadContext, month: string): ReadableStream<Uint8Array> {
  async function* entries(): AsyncGenerator<ZipEntry> {
    for (const document of await listIssuedBetween(context.db, monthRange(month))) {
      const file = await openReceiptPdf(context, document.orderId, document.kind);
      if (!file.ok) {
        logEvent("error", "orders.accounting-zip-skipped", {
          requestId: context.requestId,
          number: document.number,
          reason: file.reason,
        });
        continue;
      }
      const number = String(document.number).padStart(6, "0");
      yield { name: `${number}-${FILE_PREFIXES[document.kind]}.pdf`, bytes: file.body, modified: document.issuedAt };
    }
  }
  return zipStream(entries());
}

export function accountingFileName(month: string, extension: "csv" | "zip") {
  return `comptabilite_${month}.${extension}`;
}
