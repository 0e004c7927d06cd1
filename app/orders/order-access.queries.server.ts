import { eq } from "drizzle-orm";

import type { Db } from "#app/db/client.server";
import { orders } from "#app/db/schema";

export async function findOrderOwner(db: Db, orderId: string): Promise<{ userId: string | null } | null> {
  const row = await db.select({ userId: orders.userId }).from(orders).where(eq(orders.id, orderId)).get();
  return row ?? null;
}
