/**
 * The feed's missing flights (docs/sync.md 'A missing flight', decision 032): a future
 * flight the feed brought counts the complete syncs in a row that did not list it
 * (`flights.missing_syncs`), back to 0 when it is listed again.
 */
import { sql } from "drizzle-orm";
import type { Db } from "#app/db/client.server";
import { runBatch } from "#app/db/d1-batch.server";
import { missableFlights } from "./feed-sync.queries.server";

/** Complete syncs in a row that must miss a future flight before the sync cancels it. */
export const MISSING_SYNCS_TO_CANCEL = 2;

/**
 * One batch: the listed flights' counters back to 0 (`seenIds`, and `newIds`: the flights this
 * sync added); on a complete sync, the other future flights' counters up by one, unless the
 * answer lists fewer than half of the future flights we held before it (a cut list, never a
 * mass cancellation); then the flights that reached the threshold. Returns their ids and
 * whether the count was raised.
 */
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
