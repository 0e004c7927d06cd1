import type { LoaderFunctionArgs } from "@remix-run/cloudflare";

import { getRequestI18n } from "#app/i18n.server";
import { reportError } from "#app/operations/error-reporting.server";
import { canReadOrder } from "#app/orders/order-access.server";
import { openReceiptPdf } from "#app/orders/receipt-files.server";
import type { ReceiptKind } from "#app/utils/constants";
import { contentDisposition } from "#app/utils/content-disposition";
import { RECEIPT_FILES } from "#app/utils/order-urls";
import { boundedParam, MAX_TOKEN_LENGTH, refusal } from "#app/utils/responses.server";

function documentKind(file: string | undefined): ReceiptKind | null {
  const entry = Object.entries(RECEIPT_FILES).find(([, name]) => name === file);
  return entry ? (entry[0] as ReceiptKind) : null;
}

/**
 * Read like the order page (`canReadOrder`); anyone else gets the page's 404 (decision 035). The stored file, checked
 * against its SHA-256 (decision 054): one that fails is reported and never served.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const orderId = boundedParam(params.orderId);
  const linkKey = boundedParam(new URL(request.url).searchParams.get("key"), MAX_TOKEN_LENGTH);
  const kind = documentKind(params.document);
  const outcome =
    orderId && kind && (await canReadOrder(request, context, orderId, linkKey))
      ? await openReceiptPdf(context, orderId, kind)
      : ({ ok: false, reason: "notFound" } as const);
  if (!outcome.ok) {
    const { t } = await getRequestI18n(request, context, "catalogue");
    if (outcome.reason === "notFound") throw refusal(t("order.notFound.text"), 404);
    if (outcome.reason === "corrupted") {
      reportError(new Error(`stored ${kind} failed its checksum`), { requestId: context.requestId });
    }
    throw refusal(t("receipt.unavailable"), 503);
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
