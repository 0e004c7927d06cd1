import { desc, eq } from "drizzle-orm";

import type { Db } from "#app/db/client.server";
import { orderEvents } from "#app/db/schema";

export function listLatestOrderEvents(db: Db, orderId: string, limit = 5) {
  return db
    .select({ move: orderEvents.move, detail: orderEvents.detail, createdAt: orderEvents.createdAt })
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(desc(orderEvents.id))
    .limit(limit);
}
