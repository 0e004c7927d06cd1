import { type ActionFunctionArgs, redirect } from "@remix-run/cloudflare";

import { requirePermission } from "#app/accounts/session.server";
import { getRequestI18n } from "#app/i18n.server";
import { OrdersExportSchema } from "#app/orders/order-forms";
import { exportFileName, ordersCsvStream } from "#app/orders/orders-export.server";
import { zurichDay } from "#app/utils/format";
import { parseRequest } from "#app/utils/forms/parse";
import { orderFilterFrom } from "#app/utils/list-params";
import { invariantResponse } from "#app/utils/responses.server";

/** The export is a POST (data leaving the company); a GET goes back to the tab. */
export function loader() {
  return redirect("/admin/orders");
}

/**
 * An unknown status is refused (400) rather than read as 'every status': an export never holds
 * more than the tab showed.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  await requirePermission(request, context, "orders:manage");
  const submission = await parseRequest(request, { schema: OrdersExportSchema });
  const { t } = await getRequestI18n(request, context, "admin");
  invariantResponse(submission.status === "success", () => t("orders.errors.exportFilter"));
  const { status = "", q = "" } = submission.value;
  const filter = orderFilterFrom(new URLSearchParams({ status, q }));
  return new Response(ordersCsvStream(context, filter), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${exportFileName(zurichDay(context.now()))}"`,
      "Cache-Control": "no-store",
    },
  });
}
