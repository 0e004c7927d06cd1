import type { LoaderFunctionArgs } from "@remix-run/cloudflare";

import { getRequestI18n } from "#app/i18n.server";
import { canReadOrder } from "#app/orders/order-access.server";
import { orderCalendar } from "#app/orders/order-calendar.server";
import { boundedParam, MAX_TOKEN_LENGTH, refusal } from "#app/utils/responses.server";

/** Read like the order page (`canReadOrder`); anyone else, or an order not completed, gets its 404. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const orderId = boundedParam(params.orderId);
  const linkKey = boundedParam(new URL(request.url).searchParams.get("key"), MAX_TOKEN_LENGTH);
  const outcome =
    orderId && (await canReadOrder(request, context, orderId, linkKey)) ? await orderCalendar(context, orderId) : null;
  if (!outcome?.ok) {
    const { t } = await getRequestI18n(request, context, "catalogue");
    throw refusal(t("order.notFound.text"), 404);
  }
  return new Response(outcome.body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="${outcome.filename}"`,
      // It names the traveller's flight: kept by no shared cache.
      "Cache-Control": "private, no-store",
    },
  });
}
