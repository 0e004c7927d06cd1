import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { exportFileName, ordersCsvStream } from "#app/services/orders-export.server";
import { zurichDay } from "#app/utils/format";
import { orderFilterFrom } from "#app/utils/list-params";
import { requirePermission } from "#app/utils/session.server";

/** The export is a POST (data leaving the company); a GET goes back to the tab. */
export function loader() {
  return redirect("/admin/orders");
}

/** The orders of the tab's filter and search, as `commandes_{date}.csv`, streamed. */
export async function action({ request, context }: ActionFunctionArgs) {
  await requirePermission(request, context, "orders:manage");
  const filter = orderFilterFrom(await request.formData());
  return new Response(ordersCsvStream(context, filter), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${exportFileName(zurichDay(context.now()))}"`,
      "Cache-Control": "no-store",
    },
  });
}
