// Receipts and credit notes drawn once and stored whole in R2, their SHA-256 in D1; a download streams the stored
// file, checked: docs/decisions/054-documents-issued-once.md.
import type { AppLoadContext } from "@remix-run/cloudflare";

import { FALLBACK_LANGUAGE, uiLanguageFor } from "#app/i18n";
import { translatorFor } from "#app/i18n.server";
import type { ReceiptKind } from "#app/utils/constants";
import { sha256Hex } from "#app/utils/crypto.server";
import { logError, logEvent } from "#app/utils/request-log.server";

import { findOrderWithFlight } from "./orders.queries.server";
import { receiptDocument, receiptSnapshot, serializeSnapshot } from "./receipt-contents.server";
import {
  findStoredReceipt,
  listReceipts,
  receiptPdfSha,
  type ReceiptRow,
  recordReceiptPdf,
  type StoredReceipt,
  writeLateSnapshot,
} from "./receipts.queries.server";

export type ReceiptFileOutcome =
  | { ok: true; body: Uint8Array<ArrayBuffer>; filename: string }
  | { ok: false; reason: "notFound" | "corrupted" | "unavailable" };

/** Named by number and checksum: a file, once written, is never overwritten, even by two drawings at once. */
export function receiptFileKey(number: number, sha256: string): string {
  return `receipts/${String(number).padStart(6, "0")}-${sha256}.pdf`;
}

/**
 * Draws the document from its snapshot, stores it and records its checksum over `row.pdfSha256` (null: the first
 * file; else the one found missing). Returns the checksum recorded (this call's, or that of a call that recorded
 * first, whose file stays), or null when the drawing or storing failed (logged: the next issue or download tries).
 */
export async function storeReceiptPdf(
  context: AppLoadContext,
  row: ReceiptRow,
  snapshot: string,
): Promise<string | null> {
  const { bucket, renderer } = context.documents;
  const fields = { requestId: context.requestId, number: row.number, kind: row.kind };
  try {
    if (!bucket) throw new Error("DOCUMENTS (R2) is not bound");
    const body = await renderer.renderReceipt(receiptDocument(row, snapshot));
    const sha256 = await sha256Hex(body);
    const key = receiptFileKey(row.number, sha256);
    await bucket.put(key, body, { httpMetadata: { contentType: "application/pdf" }, sha256 });
    const previous = row.pdfSha256;
    if (!(await recordReceiptPdf(context.db, { number: row.number, sha256, previous, now: context.now() }))) {
      // Another drawing recorded first: the same bytes share its file (the same key), other bytes go.
      const recorded = await receiptPdfSha(context.db, row.number);
      if (recorded !== sha256) await bucket.delete(key);
      return recorded;
    }
    if (previous !== null) logEvent("warn", "orders.receipt-redrawn", { ...fields, missing: previous });
    return sha256;
  } catch (error) {
    logError("orders.receipt-store-failed", error, fields);
    return null;
  }
}

/** The caller checks who may read the order. Reads the stored file; draws only a missing one, from its snapshot. */
export async function openReceiptPdf(
  context: AppLoadContext,
  orderId: string,
  kind: ReceiptKind,
): Promise<ReceiptFileOutcome> {
  const stored = await findStoredReceipt(context.db, orderId, kind);
  if (!stored) return { ok: false, reason: "notFound" };
  const snapshot = stored.snapshot ?? (await takeLateSnapshot(context, stored));
  if (snapshot === null) return { ok: false, reason: "notFound" };
  const filename = fileName(stored, snapshot);
  if (stored.pdfSha256 !== null) {
    const object = await context.documents.bucket?.get(receiptFileKey(stored.number, stored.pdfSha256));
    if (object) {
      // Read whole before the first byte leaves: a file that fails its checksum is never served, even in part.
      const body = new Uint8Array(await object.arrayBuffer());
      if ((await sha256Hex(body)) === stored.pdfSha256) return { ok: true, body, filename };
      logEvent("error", "orders.receipt-corrupted", {
        requestId: context.requestId,
        number: stored.number,
        kind,
        bytes: body.byteLength,
      });
      return { ok: false, reason: "corrupted" };
    }
  }
  // Missing (or never stored): drawn again from the snapshot, recorded; a call drawing it at once may win.
  const sha256 = await storeReceiptPdf(context, stored, snapshot);
  const drawn = sha256 === null ? null : await context.documents.bucket?.get(receiptFileKey(stored.number, sha256));
  return drawn
    ? { ok: true, body: new Uint8Array(await drawn.arrayBuffer()), filename }
    : { ok: false, reason: "unavailable" };
}

/** A document issued before its snapshot was kept: taken from the order as it is at its first download, once. */
async function takeLateSnapshot(context: AppLoadContext, stored: StoredReceipt): Promise<string | null> {
  const [found, documents] = await Promise.all([
    findOrderWithFlight(context.db, stored.orderId),
    listReceipts(context.db, stored.orderId),
  ]);
  if (!found) return null;
  logEvent("warn", "orders.receipt-snapshot-late", { requestId: context.requestId, number: stored.number });
  return writeLateSnapshot(
    context.db,
    stored.number,
    serializeSnapshot(
      receiptSnapshot(found, stored.kind, documents, uiLanguageFor(stored.language) ?? FALLBACK_LANGUAGE),
    ),
  );
}

function fileName(stored: StoredReceipt, snapshot: string): string {
  const { language, orderReference } = receiptDocument(stored, snapshot);
  return translatorFor(language, "catalogue")(`receipt.fileName.${stored.kind}`, { reference: orderReference });
}
