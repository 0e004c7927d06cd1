import { sql } from "drizzle-orm";

import type { ReadDb } from "#app/db/read-session.server";
import { catalogueVersion } from "#app/db/schema";

/** What a list's page depends on besides the request (docs/decisions/040-page-cache.md): one indexed statement. */
export async function readCatalogueState(db: ReadDb, now: Date) {
  const at = now.getTime();
  // One row whatever the tables hold: a missing version row (emptied tables) reads 0, the next write puts it back at 1.
  const [row] = await db
    .select({
      version: sql<number>`coalesce((select ${catalogueVersion.version} from ${catalogueVersion} where ${catalogueVersion.id} = 1), 0)`,
      nextDeparture: sql<number | null>`(select min(departure_date) from flights where departure_date >= ${at})`,
      nextHoldExpiry: sql<
        number | null
      >`(select min(hold_expires_at) from orders where status = 'pending' and hold_expires_at > ${at})`,
    })
    .from(sql`(select 1)`);
  return row!;
}

export type CatalogueState = Awaited<ReturnType<typeof readCatalogueState>>;
