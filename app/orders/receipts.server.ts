/**
 * Receipts and credit notes (docs/decisions/035-receipts.md). `issueReceipt` follows a
 * capture or an offline payment (order-life.server.ts `validateOrder`); `issueCreditNote`
 * follows a refund (the refund's service calls it once the provider has refunded and the
 * order row holds `refunded_cents`). Each document is written once, numbered from one
 * sequence without gaps; the PDF is drawn on each download (receipt-document.server.ts).
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { logError } from "#app/utils/request-log.server";
import type { ReceiptKind } from "#app/utils/constants";
import { insertReceipt, listReceipts, type ReceiptRow } from "./receipts.queries.server";

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
