// Receipts and credit notes, each written once and numbered from one sequence: docs/decisions/035-receipts.md;
// what they say taken with the number, drawn once and stored: 054-documents-issued-once.md.
import type { AppLoadContext } from "@remix-run/cloudflare";

import type { ReceiptKind } from "#app/utils/constants";
import { logError } from "#app/utils/request-log.server";

import { orderAudienceLanguage } from "./order-language";
import { findOrderWithFlight } from "./orders.queries.server";
import { receiptSnapshot, serializeSnapshot } from "./receipt-contents.server";
import { storeReceiptPdf } from "./receipt-files.server";
import { insertReceipt, listReceipts, type ReceiptRow } from "./receipts.queries.server";

export type IssueOutcome = { ok: true; receipt: ReceiptRow } | { ok: false; reason: "notEligible" | "failed" };

/** Never throws: the money has moved by then; a failure is logged, and calling it again writes the document. */
export function issueReceipt(context: AppLoadContext, orderId: string): Promise<IssueOutcome> {
  return issue(context, orderId, "receipt");
}

export function issueCreditNote(context: AppLoadContext, orderId: string): Promise<IssueOutcome> {
  return issue(context, orderId, "creditNote");
}

async function issue(context: AppLoadContext, orderId: string, kind: ReceiptKind): Promise<IssueOutcome> {
  try {
    // Issued in the language the order speaks now: the customer may have switched since the booking.
    const [found, documents] = await Promise.all([
      findOrderWithFlight(context.db, orderId),
      listReceipts(context.db, orderId),
    ]);
    if (!found) return { ok: false, reason: "notEligible" };
    const language = orderAudienceLanguage(found);
    const snapshot = serializeSnapshot(receiptSnapshot(found, kind, documents, language));
    const stored = await insertReceipt(context.db, { orderId, kind, language, snapshot, now: context.now() });
    if (!stored) return { ok: false, reason: "notEligible" };
    const { orderId: _, snapshot: kept, ...receipt } = stored;
    // Drawn once, now, from what was stored with the number (a replay's snapshot is not the one kept); a row
    // issued before snapshots were kept gets its own at its first download.
    if (receipt.pdfSha256 !== null || kept === null) return { ok: true, receipt };
    return { ok: true, receipt: { ...receipt, pdfSha256: await storeReceiptPdf(context, receipt, kept) } };
  } catch (error) {
    logError("orders.receipt-failed", error, { requestId: context.requestId, orderId, kind });
    return { ok: false, reason: "failed" };
  }
}

export async function orderReceiptKinds(context: AppLoadContext, orderId: string): Promise<ReceiptKind[]> {
  return (await listReceipts(context.db, orderId)).map((receipt) => receipt.kind);
}
