// What an accepted offer brings into its order's history (docs/decisions/058-offers.md): every version of the
// request's offer and every message of its thread, for the back-office's order cards.
import { sql } from "drizzle-orm";

import type { Db } from "#app/db/client.server";

export type OfferHistoryRow = {
  orderId: string;
  kind: "version" | "message";
  at: number;
  version: number | null;
  priceCents: number | null;
  author: "customer" | "staff" | null;
  byFirstName: string | null;
  byLastName: string | null;
  body: string | null;
};

/** One query for a page of orders: the orders' ids as one JSON value (D1 binds at most 100). */
export function listOfferHistory(db: Db, orderIds: string[]) {
  const ids = JSON.stringify(orderIds);
  return db.all<OfferHistoryRow>(sql`
    select accepted.order_id as orderId, 'version' as kind, o.created_at as at, o.version as version,
      o.price_cents as priceCents, 'staff' as author, u.first_name as byFirstName, u.last_name as byLastName, null as body
    from offers accepted
    join offers o on o.request_kind = accepted.request_kind and o.request_id = accepted.request_id
    left join users u on u.id = o.created_by
    where accepted.order_id in (select value from json_each(${ids}))
    union all
    select accepted.order_id, 'message', m.created_at, null, null, m.author, u.first_name, u.last_name, m.body
    from offers accepted
    join offer_messages m on m.request_kind = accepted.request_kind and m.request_id = accepted.request_id
    left join users u on u.id = m.user_id
    where accepted.order_id in (select value from json_each(${ids}))
    order by at`);
}
