import { sql } from "drizzle-orm";
import { catalogueVersion } from "#app/db/schema";
import type { ReadDb } from "#app/db/read-session.server";

/**
 * What a catalogue list's page depends on besides its address and the visitor's cookies:
 * the data's version (moved by every write to flights, airports and orders,
 * db/catalogue-version.server.ts) and the next instants at which the same data reads differently, because the list
 * is read at `now`: the next departure (a flight leaves the list once it has left,
 * flights.queries.server.ts `upcoming`) and the next expiry of a pending hold (its seats
 * come back, db/live-seats.server.ts). One statement on indexed columns.
 */
export async function readCatalogueState(db: ReadDb, now: Date) {
  const at = now.getTime();
  // One row whatever the tables hold: a missing version row (emptied tables) reads 0, and
  // the next write puts it back at 1.
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
