/** Who an order belongs to, for the rule of who may read it (orders/order-access.server.ts). */
import { eq } from "drizzle-orm";
import type { Db } from "#app/db/client.server";
import { orders } from "#app/db/schema";

/** The order's owner (null for a guest's order), or null when there is no such order. */
export async function findOrderOwner(db: Db, orderId: string): Promise<{ userId: string | null } | null> {
  const row = await db.select({ userId: orders.userId }).from(orders).where(eq(orders.id, orderId)).get();
  return row ?? null;
}
