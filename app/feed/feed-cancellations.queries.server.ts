// The feed's missing flights: docs/sync.md 'A flight's end', decision 032.
import { sql } from "drizzle-orm";

import type { Db } from "#app/db/client.server";
import { runBatch } from "#app/db/d1-batch.server";

import { missableFlights } from "./feed-sync.queries.server";

export const MISSING_SYNCS_TO_CANCEL = 2;

/** Unless the answer lists fewer than half of the future flights held before it: a cut list, never a mass cancellation. */
export async function countMissingFlights(
  db: Db,
  { seenIds, newIds, complete, now }: { seenIds: string[]; newIds: string[]; complete: boolean; now: Date },
): Promise<{ counted: boolean; missingIds: string[] }> {
  const nowMs = now.getTime();
  const seen = JSON.stringify(seenIds);
  const added = JSON.stringify(newIds);
  const heldBefore = sql`${missableFlights(nowMs)} and id not in (select value from json_each(${added}))`;
  const listedEnough = sql`(select count(*) from flights where ${heldBefore}
      and id in (select value from json_each(${seen}))) * 2
    >= (select count(*) from flights where ${heldBefore})`;
  const [, raised, missing] = await runBatch(db, [
    sql`update flights set missing_syncs = 0 where missing_syncs <> 0 and id in (select value from json_each(${seen}))`,
    sql`update flights set missing_syncs = missing_syncs + 1
      where ${complete ? sql`1` : sql`0`} and ${heldBefore} and id not in (select value from json_each(${seen}))
        and ${listedEnough}`,
    sql`select id from flights where ${missableFlights(nowMs)} and missing_syncs >= ${MISSING_SYNCS_TO_CANCEL}`,
  ]);
  return {
    counted: (raised?.meta.changes ?? 0) > 0,
    missingIds: ((missing?.results ?? []) as Array<{ id: string }>).map((row) => row.id),
  };
}
