import type { LoaderFunctionArgs } from "@remix-run/cloudflare";

import { getRequestI18n } from "#app/i18n.server";
import { countDocumentDownload } from "#app/limits/download-limits.server";
import { reportError } from "#app/operations/error-reporting.server";
import { canReadOrder } from "#app/orders/order-access.server";
import { openReceiptPdf } from "#app/orders/receipt-files.server";
import { clientIp } from "#app/utils/client-key.server";
import type { ReceiptKind } from "#app/utils/constants";
import { contentDisposition } from "#app/utils/content-disposition";
import { RECEIPT_FILES } from "#app/utils/order-urls";
import { boundedParam, MAX_TOKEN_LENGTH, refusal } from "#app/utils/responses.server";

function documentKind(file: string | undefined): ReceiptKind | null {
  const entry = Object.entries(RECEIPT_FILES).find(([, name]) => name === file);
  return entry ? (entry[0] as ReceiptKind) : null;
}

/**
 * Read like the order page (`canReadOrder`); anyone else gets the page's 404 (decision 035). A reader's
 * downloads are capped per order and network (decision 056): over the cap, a 429 saying when to try again.
 * The stored file, checked against its SHA-256 (decision 054): one that fails is reported and never served.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const orderId = boundedParam(params.orderId);
  const linkKey = boundedParam(new URL(request.url).searchParams.get("key"), MAX_TOKEN_LENGTH);
  const kind = documentKind(params.document);
  if (!orderId || !kind || !(await canReadOrder(request, context, orderId, linkKey))) {
    const { t } = await getRequestI18n(request, context, "catalogue");
    throw refusal(t("order.notFound.text"), 404);
  }
  const allowance = await countDocumentDownload(context, { orderId, ip: clientIp(request) });
  if (!allowance.allowed) {
    const { t } = await getRequestI18n(request, context, "catalogue");
    throw refusal(t("receipt.tooManyDownloads", { count: Math.ceil(allowance.retryAfterSeconds / 60) }), 429, {
      headers: { "Retry-After": String(allowance.retryAfterSeconds) },
    });
  }
  const outcome = await openReceiptPdf(context, orderId, kind);
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
