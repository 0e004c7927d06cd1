import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { getRequestI18n } from "#app/i18n.server";
import { canReadOrder } from "#app/orders/order-access.server";
import { RECEIPT_FILES } from "#app/utils/order-urls";
import { receiptPdf } from "#app/orders/receipt-document.server";
import type { ReceiptKind } from "#app/utils/constants";
import { contentDisposition } from "#app/utils/content-disposition";
import { boundedParam, MAX_TOKEN_LENGTH, refusal } from "#app/utils/responses.server";

/** The document a URL names: /confirmation/{orderId}/receipt.pdf or credit-note.pdf. */
function documentKind(file: string | undefined): ReceiptKind | null {
  const entry = Object.entries(RECEIPT_FILES).find(([, name]) => name === file);
  return entry ? (entry[0] as ReceiptKind) : null;
}

/**
 * An order's receipt or credit note as a PDF (docs/decisions/035-receipts.md), read like the
 * order page (`canReadOrder`: its owner, staff who manage orders, or a mail's link key).
 * Anyone else, an order without that document, or another file name, gets the page's 404.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const orderId = boundedParam(params.orderId);
  const linkKey = boundedParam(new URL(request.url).searchParams.get("key"), MAX_TOKEN_LENGTH);
  const kind = documentKind(params.document);
  const outcome =
    orderId && kind && (await canReadOrder(request, context, orderId, linkKey))
      ? await receiptPdf(context, orderId, kind)
      : null;
  if (!outcome?.ok) {
    const { t } = await getRequestI18n(request, context, "catalogue");
    throw refusal(t("order.notFound.text"), 404);
  }
  return new Response(outcome.body, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": contentDisposition("inline", outcome.filename),
      // It names the traveller and what they paid: kept by no shared cache, nor by the browser.
      "Cache-Control": "private, no-store",
    },
  });
}
