// Apart from receipts.server.ts on purpose: only the download route imports it, so the font's `?inline`
// import stays out of wrangler's esbuild bundle (docs/decisions/035-receipts.md).
import type { AppLoadContext } from "@remix-run/cloudflare";

import { translatorFor } from "#app/i18n.server";
import type { ReceiptKind } from "#app/utils/constants";

import { receiptDocumentFor } from "./receipt-contents.server";
import { renderReceiptPdf } from "./receipt-pdf.server";

export type ReceiptPdfOutcome =
  { ok: true; body: Uint8Array<ArrayBuffer>; filename: string } | { ok: false; reason: "notFound" };

/** The caller checks who may read the order. */
export async function receiptPdf(
  context: AppLoadContext,
  orderId: string,
  kind: ReceiptKind,
): Promise<ReceiptPdfOutcome> {
  const document = await receiptDocumentFor(context.db, orderId, kind);
  if (!document) return { ok: false, reason: "notFound" };
  const body = await renderReceiptPdf(document);
  const filename = translatorFor(document.language, "catalogue")(`receipt.fileName.${kind}`, {
    reference: document.orderReference,
  });
  return { ok: true, body, filename };
}
