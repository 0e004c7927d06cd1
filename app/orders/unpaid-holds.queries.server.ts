import { and, eq, gt, isNull, or, type SQL, sql } from "drizzle-orm";

import type { Db } from "#app/db/client.server";
import { orders } from "#app/db/schema";

export type UnpaidHolds = { orders: number; seats: number };

export type HoldOwner = { clientKey: string; email: string };
export type HoldWindow = { since: Date; now: Date };

const ofNetwork = (clientKey: string) => sql`${orders.clientKey} = ${clientKey}`;
const ofEmail = (email: string) => sql`json_extract(${orders.customerInfo}, '$.email') = ${email}`;

/** Past its end a hold counts for nothing (the expiry cron cancels it soon). */
function liveUnpaidHold({ since, now }: HoldWindow) {
  return and(
    eq(orders.status, "pending"),
    gt(orders.createdAt, since),
    or(isNull(orders.holdExpiresAt), gt(orders.holdExpiresAt, now)),
  );
}

/** An order of both the network and the email counts in both. */
export async function countUnpaidHolds(
  db: Db,
  { clientKey, email, since, now }: HoldOwner & HoldWindow,
): Promise<{ network: UnpaidHolds; email: UnpaidHolds }> {
  const network = ofNetwork(clientKey);
  const address = ofEmail(email);
  const row = await db
    .select({
      networkOrders: sql<number>`coalesce(sum(${network}), 0)`,
      networkSeats: sql<number>`coalesce(sum(case when ${network} then ${orders.seats} else 0 end), 0)`,
      emailOrders: sql<number>`coalesce(sum(${address}), 0)`,
      emailSeats: sql<number>`coalesce(sum(case when ${address} then ${orders.seats} else 0 end), 0)`,
    })
    .from(orders)
    .where(and(liveUnpaidHold({ since, now }), or(network, address)))
    .get();
  return {
    network: { orders: Number(row?.networkOrders ?? 0), seats: Number(row?.networkSeats ?? 0) },
    email: { orders: Number(row?.emailOrders ?? 0), seats: Number(row?.emailSeats ?? 0) },
  };
}

export function withinHoldCaps({
  clientKey,
  email,
  seats,
  since,
  now,
  maxOrders,
  maxSeats,
}: HoldOwner & HoldWindow & { seats: number; maxOrders: number; maxSeats: number }): SQL {
  const fits = (
    owner: SQL,
  ) => sql`(select count(*) < ${maxOrders} and coalesce(sum(${orders.seats}), 0) + ${seats} <= ${maxSeats}
    from ${orders} where ${and(liveUnpaidHold({ since, now }), owner)})`;
  return sql`(${fits(ofNetwork(clientKey))} and ${fits(ofEmail(email))})`;
}
