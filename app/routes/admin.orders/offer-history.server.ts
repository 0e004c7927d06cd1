import type { AppLoadContext } from "@remix-run/cloudflare";

import { getRequestI18n } from "#app/i18n.server";
import { listOfferHistory } from "#app/orders/offer-history.queries.server";
import { formatDateTime, formatOrderAmount } from "#app/utils/format";

import type { OrderHistoryEntry } from "./order-history";

/** The history lines an accepted offer adds to its order: each version sent, each message, oldest first. */
export async function offerHistoryEntries(request: Request, context: AppLoadContext, orderIds: string[]) {
  const { t, language } = await getRequestI18n(request, context, "admin");
  const byOrder = new Map<string, OrderHistoryEntry[]>();
  for (const row of await listOfferHistory(context.db, orderIds)) {
    const entry: OrderHistoryEntry = {
      move: row.kind === "version" ? "offerSent" : "offerMessage",
      actor: row.author ?? "staff",
      by: row.byFirstName ? `${row.byFirstName} ${row.byLastName ?? ""}`.trim() : null,
      detail:
        row.kind === "version"
          ? t("orders.history.details.offerSent", {
              version: row.version,
              amount: formatOrderAmount(row.priceCents ?? 0, language),
            })
          : row.body,
      at: formatDateTime(new Date(row.at)),
    };
    const entries = byOrder.get(row.orderId);
    if (entries) entries.push(entry);
    else byOrder.set(row.orderId, [entry]);
  }
  return byOrder;
}
