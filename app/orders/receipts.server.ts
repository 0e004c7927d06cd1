// Receipts and credit notes, each written once and numbered from one sequence: docs/decisions/035-receipts.md.
import type { AppLoadContext } from "@remix-run/cloudflare";

import type { ReceiptKind } from "#app/utils/constants";
import { logError } from "#app/utils/request-log.server";

import { orderAudienceLanguage } from "./order-language";
import { findOrderWithFlight } from "./orders.queries.server";
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
    const found = await findOrderWithFlight(context.db, orderId);
    if (!found) return { ok: false, reason: "notEligible" };
    const language = orderAudienceLanguage(found);
    const receipt = await insertReceipt(context.db, { orderId, kind, language, now: context.now() });
    return receipt ? { ok: true, receipt } : { ok: false, reason: "notEligible" };
  } catch (error) {
    logError("orders.receipt-failed", error, { requestId: context.requestId, orderId, kind });
    return { ok: false, reason: "failed" };
  }
}

export async function orderReceiptKinds(context: AppLoadContext, orderId: string): Promise<ReceiptKind[]> {
  return (await listReceipts(context.db, orderId)).map((receipt) => receipt.kind);
}
