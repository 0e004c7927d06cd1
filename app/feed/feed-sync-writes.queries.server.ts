// A sync's writes in one batch (decision 009), each guarded: a flight of ours holding the slot makes that write do
// nothing, never abort the batch.
import { type SQL, sql } from "drizzle-orm";

import type { Db } from "#app/db/client.server";
import { runBatch } from "#app/db/d1-batch.server";
import { grantFreeCancellation, liveOrdersSql, raiseScheduleSequence } from "#app/db/reschedule-statements.server";

import { chunk, finishSyncRunStatement, type SyncRunOutcome } from "./feed-sync.queries.server";
import type { FeedFlightRow, FlightUpdateRow } from "./types";

export type NewFlightRow = FeedFlightRow & { id: string; fromId: number; toId: number; pricePerMinute: number };
export type RescheduledOrder = { orderId: string; flightId: string };

const INSERT_LOG_FIELDS = [
  "departure_date",
  "arrival_date",
  "flight_time",
  "aircraft_type",
  "feed_seats",
  "feed_probability",
  "price_per_minute",
];

const label = (from: SQL, to: SQL) =>
  sql`(select served_city from airports where id = ${from}) || ' → ' || (select served_city from airports where id = ${to})`;

/** The flights of `json` whose update of this batch (`refreshed_at` = `nowMs`) was written. */
const written = (json: string, nowMs: number) =>
  sql`select f.id from flights f join json_each(${json}) j on f.id = j.value ->> '$[0]'
    and f.departure_date = j.value ->> '$[1]' and f.arrival_date = j.value ->> '$[2]' and f.refreshed_at = ${nowMs}`;

function updateStatements(rows: FlightUpdateRow[], { userId, nowMs }: { userId: string | null; nowMs: number }) {
  const json = JSON.stringify(
    rows.map((f) => [
      f.id,
      f.departureMs,
      f.arrivalMs,
      f.feedDepartureMs,
      f.legId,
      f.flightTime,
      f.seats,
      f.probability,
      f.operator?.name ?? null,
      f.operator?.aoc ?? null,
      f.operator?.state ?? null,
      f.registration,
    ]),
  );
  const logs = JSON.stringify(rows.map((f) => [f.id, f.changedFields, f.oldValues, f.newValues]));
  const otherHolds = (condition: SQL) =>
    sql`not exists (select 1 from flights o where ${condition} and o.id <> flights.id)`;
  const sameRoute = sql`o.departure_airport_id = flights.departure_airport_id and o.arrival_airport_id = flights.arrival_airport_id`;
  return [
    sql`update flights set departure_date = j.value ->> '$[1]', arrival_date = j.value ->> '$[2]',
        feed_departure_date = j.value ->> '$[3]', feed_leg_id = j.value ->> '$[4]',
        flight_time = j.value ->> '$[5]', feed_seats = j.value ->> '$[6]', feed_probability = j.value ->> '$[7]',
        operator_name = coalesce(j.value ->> '$[8]', operator_name), operator_aoc = coalesce(j.value ->> '$[9]', operator_aoc),
        operator_state = coalesce(j.value ->> '$[10]', operator_state),
        aircraft_registration = coalesce(j.value ->> '$[11]', aircraft_registration),
        last_seen_in_feed_at = ${nowMs}, refreshed_at = ${nowMs}, updated_at = ${nowMs}
      from json_each(${json}) j where flights.id = j.value ->> '$[0]'
        and ${otherHolds(sql`${sameRoute} and o.departure_date = j.value ->> '$[1]'`)}
        and ${otherHolds(sql`${sameRoute} and o.feed_departure_date = j.value ->> '$[3]'`)}
        and ${otherHolds(sql`o.feed_leg_id = j.value ->> '$[4]'`)}`,
    sql`insert into flight_logs (flight_id, flight_label, action, changed_fields, old_values, new_values, actor, changed_by, changed_at)
      select f.id, ${label(sql`f.departure_airport_id`, sql`f.arrival_airport_id`)}, 'UPDATE', j.value -> '$[1]', j.value -> '$[2]',
        j.value -> '$[3]', 'sync', ${userId}, ${nowMs}
      from json_each(${logs}) j join flights f on f.id = j.value ->> '$[0]' where f.id in (${written(json, nowMs)})`,
  ];
}

function insertStatements(rows: NewFlightRow[], { userId, nowMs }: { userId: string | null; nowMs: number }) {
  const json = JSON.stringify(
    rows.map((f) => [
      f.id,
      f.fromId,
      f.toId,
      f.departureMs,
      f.arrivalMs,
      f.flightTime,
      f.aircraftType,
      f.pricePerMinute,
      f.probability,
      f.seats,
      f.legId ?? null,
      f.operator?.name ?? null,
      f.operator?.aoc ?? null,
      f.operator?.state ?? null,
      f.registration ?? null,
    ]),
  );
  return [
    sql`insert into flights (id, departure_airport_id, arrival_airport_id, departure_date, feed_departure_date, arrival_date,
        flight_time, aircraft_type, price_per_minute, feed_probability, feed_seats, feed_leg_id, operator_name, operator_aoc,
        operator_state, aircraft_registration, source, last_seen_in_feed_at, refreshed_at, created_at, updated_at)
      select value ->> '$[0]', value ->> '$[1]', value ->> '$[2]', value ->> '$[3]', value ->> '$[3]', value ->> '$[4]',
        value ->> '$[5]', value ->> '$[6]', value ->> '$[7]', value ->> '$[8]', value ->> '$[9]', value ->> '$[10]',
        value ->> '$[11]', value ->> '$[12]', value ->> '$[13]', value ->> '$[14]', 'feed',
        ${nowMs}, ${nowMs}, ${nowMs}, ${nowMs}
      from json_each(${json}) where true
      on conflict do nothing`,
    sql`insert into flight_logs (flight_id, flight_label, action, changed_fields, old_values, new_values, actor, changed_by, changed_at)
      select f.id, ${label(sql`f.departure_airport_id`, sql`f.arrival_airport_id`)}, 'INSERT', ${JSON.stringify(INSERT_LOG_FIELDS)}, null,
        json_object('departure_date', f.departure_date, 'arrival_date', f.arrival_date, 'flight_time', f.flight_time,
          'aircraft_type', f.aircraft_type, 'feed_seats', f.feed_seats, 'feed_probability', f.feed_probability,
          'price_per_minute', f.price_per_minute),
        'sync', ${userId}, ${nowMs}
      from flights f where f.id in (select value ->> '$[0]' from json_each(${json}))`,
  ];
}

function rescheduleStatements(db: Db, updates: FlightUpdateRow[], now: Date): SQL[] {
  const times = (rows: FlightUpdateRow[]) =>
    written(JSON.stringify(rows.map((f) => [f.id, f.departureMs, f.arrivalMs])), now.getTime());
  const notice = updates.filter((update) => update.impact !== "none");
  if (notice.length === 0) return [];
  const free = notice.filter((update) => update.impact === "freeCancellation");
  return [
    raiseScheduleSequence(db, times(notice)).getSQL(),
    ...(free.length > 0 ? [grantFreeCancellation(db, { flightIds: times(free), now }).getSQL()] : []),
    liveOrdersSql(times(notice)),
  ];
}

export async function writeSyncChanges(
  db: Db,
  {
    inserts,
    updates,
    releasedLegs,
    runId,
    outcome,
    userId,
    now,
  }: {
    inserts: NewFlightRow[];
    updates: FlightUpdateRow[];
    releasedLegs: string[];
    runId: number;
    outcome: SyncRunOutcome;
    userId: string | null;
    now: Date;
  },
) {
  const nowMs = now.getTime();
  const released = JSON.stringify(releasedLegs);
  const release =
    releasedLegs.length > 0
      ? [sql`update flights set feed_leg_id = null where id in (select value from json_each(${released}))`]
      : [];
  const updating = chunk(updates).map((rows) => updateStatements(rows, { userId, nowMs }));
  const writes = [
    ...release,
    ...updating.flat(),
    ...chunk(inserts).flatMap((rows) => insertStatements(rows, { userId, nowMs })),
  ];
  const reschedules = rescheduleStatements(db, updates, now);
  const insertIds = JSON.stringify(inserts.map((flight) => flight.id));
  const results = await runBatch(db, [
    ...writes,
    ...reschedules,
    finishSyncRunStatement(runId, outcome, now),
    sql`select id from flights where id in (select value from json_each(${insertIds}))`,
  ]);
  const rescheduledOrders =
    reschedules.length > 0 ? (results[writes.length + reschedules.length - 1]!.results as RescheduledOrder[]) : [];
  // Each chunk of updates is its UPDATE then its log: the UPDATEs' changes are the flights updated.
  const updateResults = results.slice(release.length, release.length + updating.length * 2);
  return {
    updated: updateResults.filter((_, i) => i % 2 === 0).reduce((sum, result) => sum + result.meta.changes, 0),
    rowsWritten: results.slice(0, writes.length).reduce((sum, result) => sum + result.meta.changes, 0),
    rescheduledOrders,
    insertedIds: (results.at(-1)!.results as Array<{ id: string }>).map((row) => row.id),
  };
}
