/**
 * The feed's missing flights (docs/sync.md 'A missing flight', decision 032): a future
 * flight the feed brought counts the complete syncs in a row that did not list it
 * (`flights.missing_syncs`), back to 0 when it is listed again.
 */
import { sql } from "drizzle-orm";
import type { Db } from "#app/db/client.server";
import { runBatch } from "#app/db/d1-batch.server";

/** Complete syncs in a row that must miss a future flight before the sync cancels it. */
export const MISSING_SYNCS_TO_CANCEL = 2;

const missable = (nowMs: number) => sql`source = 'feed' and status = 'scheduled' and departure_date > ${nowMs}`;

/**
 * One batch: the listed flights' counters back to 0; on a complete sync, the unlisted
 * future flights' counters up by one, unless the answer lists fewer than half of the
 * future flights we hold from the feed (a cut list, never a mass cancellation); then the
 * flights that reached the threshold. Returns their ids and whether the count was raised.
 */
export async function countMissingFlights(
  db: Db,
  { seenIds, complete, now }: { seenIds: string[]; complete: boolean; now: Date },
): Promise<{ counted: boolean; missingIds: string[] }> {
  const nowMs = now.getTime();
  const seen = JSON.stringify(seenIds);
  const listedEnough = sql`(select count(*) from flights where ${missable(nowMs)}
      and id in (select value from json_each(${seen}))) * 2
    >= (select count(*) from flights where ${missable(nowMs)})`;
  const [, raised, missing] = await runBatch(db, [
    sql`update flights set missing_syncs = 0 where missing_syncs <> 0 and id in (select value from json_each(${seen}))`,
    sql`update flights set missing_syncs = missing_syncs + 1
      where ${complete ? sql`1` : sql`0`} and ${missable(nowMs)} and id not in (select value from json_each(${seen}))
        and ${listedEnough}`,
    sql`select id from flights where ${missable(nowMs)} and missing_syncs >= ${MISSING_SYNCS_TO_CANCEL}`,
  ]);
  return {
    counted: (raised?.meta.changes ?? 0) > 0,
    missingIds: ((missing?.results ?? []) as Array<{ id: string }>).map((row) => row.id),
  };
}
