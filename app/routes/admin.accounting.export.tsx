import { type ActionFunctionArgs, redirect } from "@remix-run/cloudflare";

import { requirePermission } from "#app/accounts/session.server";
import { getRequestI18n } from "#app/i18n.server";
import { accountingCsv, accountingFileName, accountingZip } from "#app/orders/accounting-export.server";
import { AccountingExportSchema } from "#app/orders/order-forms";
import { parseRequest } from "#app/utils/forms/parse";
import { invariantResponse } from "#app/utils/responses.server";

/** The export is a POST (data leaving the company); a GET goes back to the tab. */
export function loader() {
  return redirect("/admin/orders");
}

/** A month's receipts and credit notes for the bookkeeper, as CSV or their stored PDFs as one ZIP (decision 054). */
export async function action({ request, context }: ActionFunctionArgs) {
  await requirePermission(request, context, "documents:export");
  const submission = await parseRequest(request, { schema: AccountingExportSchema });
  const { t } = await getRequestI18n(request, context, "admin");
  invariantResponse(submission.status === "success", () => t("accounting.errors.month"));
  const { intent, month } = submission.value;
  const body = intent === "csv" ? await accountingCsv(context, month) : accountingZip(context, month);
  return new Response(body, {
    headers: {
      "Content-Type": intent === "csv" ? "text/csv; charset=utf-8" : "application/zip",
      "Content-Disposition": `attachment; filename="${accountingFileName(month, intent)}"`,
      "Cache-Control": "no-store",
    },
  });
}
