/**
 * The feed sync's D1 statements (docs/sync.md, docs/decisions/009-feed-sync-in-batches.md).
 * Rows travel as one JSON parameter per chunk, read in SQL with json_each: D1 binds at
 * most 100 values per statement, and a statement per flight would cost a round trip
 * each. The number of round trips grows with the number of chunks, not of flights.
 */
import { desc, eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "#app/db/client.server";
import { syncRuns, users } from "#app/db/schema";
import { runBatch } from "#app/db/d1-batch.server";
import { grantFreeCancellation, liveOrdersSql, raiseScheduleSequence } from "#app/db/reschedule-statements.server";

/** Rows per statement: ~150 bytes each, so a chunk's JSON stays far under D1's 2 MB value limit. */
export const SYNC_CHUNK_ROWS = 2_000;

/** How long a run may hold the lease before the next run takes it for dead. */
export const SYNC_LEASE_MS = 5 * 60_000;

export function chunk<T>(rows: T[], size = SYNC_CHUNK_ROWS): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < rows.length; i += size) chunks.push(rows.slice(i, i + size));
  return chunks;
}

export type FeedAirportRow = {
  icaoCode: string;
  servedCity: string;
  country: string;
  latitude: number;
  longitude: number;
};

/** A feed flight, validated, keyed by its airports' ICAO codes and announced departure. */
export type FeedFlightRow = {
  fromIcao: string;
  toIcao: string;
  departureMs: number;
  arrivalMs: number;
  flightTime: number;
  aircraftType: string;
  seats: number;
  probability: number;
  /** The feed says `status: "cancelled"`. */
  cancelled?: boolean;
};

/** A flight of ours that a feed flight matched, with the fields the feed owns. */
export type MatchedFlight = {
  id: string;
  fromIcao: string;
  toIcao: string;
  feedDepartureMs: number;
  arrivalMs: number;
  flightTime: number;
  feedSeats: number;
  feedProbability: number;
  label: string;
};

const label = (from: SQL, to: SQL) =>
  sql`(select served_city from airports where id = ${from}) || ' → ' || (select served_city from airports where id = ${to})`;

/**
 * Takes the sync lease, or not: closes a run whose lease ran out (a Worker that died
 * mid-run), then inserts this run as 'running'. The unique index on running runs makes
 * the insert do nothing while another run holds the lease. One round trip.
 */
export async function acquireSyncLease(
  db: Db,
  { trigger, userId, now }: { trigger: "cron" | "manual"; userId: string | null; now: Date },
): Promise<number | null> {
  const nowMs = now.getTime();
  const [, inserted] = await runBatch(db, [
    sql`update sync_runs set status = 'error', error = 'lease expired', finished_at = ${nowMs}, lease_expires_at = null
      where status = 'running' and lease_expires_at < ${nowMs}`,
    sql`insert into sync_runs (trigger, triggered_by, status, started_at, lease_expires_at)
      values (${trigger}, ${userId}, 'running', ${nowMs}, ${nowMs + SYNC_LEASE_MS})
      on conflict do nothing returning id`,
  ]);
  return (inserted!.results[0] as { id: number } | undefined)?.id ?? null;
}

export type SyncRunOutcome = {
  status: "success" | "error";
  newCount: number;
  updatedCount: number;
  skippedCount: number;
  error: string | null;
};

function finishSyncRunStatement(runId: number, outcome: SyncRunOutcome, now: Date) {
  return sql`update sync_runs set status = ${outcome.status}, new_count = ${outcome.newCount}, updated_count = ${outcome.updatedCount},
    skipped_count = ${outcome.skippedCount}, error = ${outcome.error}, finished_at = ${now.getTime()}, lease_expires_at = null
    where id = ${runId}`;
}

export async function finishSyncRun(db: Db, runId: number, outcome: SyncRunOutcome, now: Date) {
  await runBatch(db, [finishSyncRunStatement(runId, outcome, now)]);
}

/**
 * Inserts the airports the feed names that we do not have (never changes one we have) and
 * finds, by route and announced departure, the flights of ours the feed flights match. One
 * round trip.
 */
export async function upsertAirportsAndMatchFlights(db: Db, airports: FeedAirportRow[], flights: FeedFlightRow[]) {
  const airportStatements = chunk(airports).map(
    (rows) =>
      sql`insert into airports (icao_code, served_city, country, latitude, longitude)
      select value ->> '$[0]', value ->> '$[1]', value ->> '$[2]', value ->> '$[3]', value ->> '$[4]'
      from json_each(${JSON.stringify(rows.map((a) => [a.icaoCode, a.servedCity, a.country, a.latitude, a.longitude]))}) where true
      on conflict (icao_code) do nothing`,
  );
  const codes = JSON.stringify(airports.map((airport) => airport.icaoCode));
  const airportIds = sql`select id, icao_code as icaoCode from airports where icao_code in (select value from json_each(${codes}))`;
  const matches = chunk(flights).map(
    (rows) =>
      sql`select f.id, d.icao_code as fromIcao, a.icao_code as toIcao,
        f.feed_departure_date as feedDepartureMs, f.arrival_date as arrivalMs, f.flight_time as flightTime,
        f.feed_seats as feedSeats, f.feed_probability as feedProbability, d.served_city || ' → ' || a.served_city as label
      from json_each(${JSON.stringify(rows.map((f) => [f.fromIcao, f.toIcao, f.departureMs]))}) j
      join airports d on d.icao_code = j.value ->> '$[0]'
      join airports a on a.icao_code = j.value ->> '$[1]'
      join flights f on f.departure_airport_id = d.id and f.arrival_airport_id = a.id and f.feed_departure_date = j.value ->> '$[2]'`,
  );
  // In a batch the statements run in order: the ids are read after the inserts.
  const results = await runBatch(db, [...airportStatements, airportIds, ...matches]);
  const inserted = results.slice(0, airportStatements.length);
  const ids = results[airportStatements.length]!.results as Array<{ id: number; icaoCode: string }>;
  const matched = results.slice(airportStatements.length + 1).flatMap((result) => result.results as MatchedFlight[]);
  return {
    airportIdByIcao: new Map(ids.map((row) => [row.icaoCode, row.id])),
    matched,
    airportsInserted: inserted.reduce((sum, result) => sum + result.meta.changes, 0),
  };
}

export type NewFlightRow = FeedFlightRow & { id: string; fromId: number; toId: number; pricePerMinute: number };
export type FlightUpdateRow = {
  id: string;
  label: string;
  arrivalMs: number;
  flightTime: number;
  seats: number;
  probability: number;
  changedFields: string[];
  oldValues: Record<string, unknown>;
  newValues: Record<string, unknown>;
};

/** The fields a sync INSERT logs, read back from the row it wrote. */
const INSERT_LOG_FIELDS = [
  "departure_date",
  "arrival_date",
  "flight_time",
  "aircraft_type",
  "feed_seats",
  "feed_probability",
  "price_per_minute",
];

/**
 * Every write of one sync in one batch (one transaction, one round trip): new flights
 * and their INSERT logs, changed flights (feed-owned fields only: never the staff
 * overrides nor seats held by orders) and their UPDATE logs, and the run's record.
 */
export async function writeSyncChanges(
  db: Db,
  {
    inserts,
    updates,
    runId,
    outcome,
    userId,
    now,
    reschedules = { notice: [], freeCancellation: [] },
  }: {
    inserts: NewFlightRow[];
    updates: FlightUpdateRow[];
    runId: number;
    outcome: SyncRunOutcome;
    userId: string | null;
    now: Date;
    /** Flights whose times moved enough to tell their customers (all of them), and to let them cancel free of charge. */
    reschedules?: FeedReschedules;
  },
) {
  const nowMs = now.getTime();
  const statements: SQL[] = [];
  for (const rows of chunk(inserts)) {
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
      ]),
    );
    statements.push(
      sql`insert into flights (id, departure_airport_id, arrival_airport_id, departure_date, feed_departure_date, arrival_date,
          flight_time, aircraft_type, price_per_minute, feed_probability, feed_seats, source, last_seen_in_feed_at, refreshed_at,
          created_at, updated_at)
        select value ->> '$[0]', value ->> '$[1]', value ->> '$[2]', value ->> '$[3]', value ->> '$[3]', value ->> '$[4]',
          value ->> '$[5]', value ->> '$[6]', value ->> '$[7]', value ->> '$[8]', value ->> '$[9]', 'feed', ${nowMs}, ${nowMs},
          ${nowMs}, ${nowMs}
        from json_each(${json})`,
      sql`insert into flight_logs (flight_id, flight_label, action, changed_fields, old_values, new_values, actor, changed_by, changed_at)
        select f.id, ${label(sql`f.departure_airport_id`, sql`f.arrival_airport_id`)}, 'INSERT', ${JSON.stringify(INSERT_LOG_FIELDS)}, null,
          json_object('departure_date', f.departure_date, 'arrival_date', f.arrival_date, 'flight_time', f.flight_time,
            'aircraft_type', f.aircraft_type, 'feed_seats', f.feed_seats, 'feed_probability', f.feed_probability,
            'price_per_minute', f.price_per_minute),
          'sync', ${userId}, ${nowMs}
        from flights f where f.id in (select value ->> '$[0]' from json_each(${json}))`,
    );
  }
  for (const rows of chunk(updates)) {
    const json = JSON.stringify(rows.map((f) => [f.id, f.arrivalMs, f.flightTime, f.seats, f.probability]));
    statements.push(
      sql`update flights set arrival_date = j.value ->> '$[1]', flight_time = j.value ->> '$[2]',
          feed_seats = j.value ->> '$[3]', feed_probability = j.value ->> '$[4]',
          last_seen_in_feed_at = ${nowMs}, refreshed_at = ${nowMs}, updated_at = ${nowMs}
        from json_each(${json}) j where flights.id = j.value ->> '$[0]'`,
    );
    const logs = JSON.stringify(rows.map((f) => [f.id, f.label, f.changedFields, f.oldValues, f.newValues]));
    statements.push(
      sql`insert into flight_logs (flight_id, flight_label, action, changed_fields, old_values, new_values, actor, changed_by, changed_at)
        select value ->> '$[0]', value ->> '$[1]', 'UPDATE', value -> '$[2]', value -> '$[3]', value -> '$[4]', 'sync', ${userId}, ${nowMs}
        from json_each(${logs})`,
    );
  }
  const rescheduleStatements = rescheduleSql(db, reschedules, now);
  const results = await runBatch(db, [
    finishSyncRunStatement(runId, outcome, now),
    ...statements,
    ...rescheduleStatements,
  ]);
  const rescheduledOrders = rescheduleStatements.length > 0 ? (results.at(-1)!.results as RescheduledOrder[]) : [];
  // What the flights and their history changed; the run's own record is not counted.
  return { rowsWritten: results.slice(1).reduce((sum, result) => sum + result.meta.changes, 0), rescheduledOrders };
}

export type FeedReschedules = { notice: string[]; freeCancellation: string[] };
export type RescheduledOrder = { orderId: string; flightId: string };

/**
 * A reschedule's statements after the new times (docs/decisions/034-reschedules-and-deadlines.md):
 * the `.ics` SEQUENCE raised, free cancellation granted, and last the live orders to tell.
 */
function rescheduleSql(db: Db, { notice, freeCancellation }: FeedReschedules, now: Date): SQL[] {
  if (notice.length === 0) return [];
  return [
    raiseScheduleSequence(db, notice).getSQL(),
    ...(freeCancellation.length > 0 ? [grantFreeCancellation(db, { flightIds: freeCancellation, now }).getSQL()] : []),
    liveOrdersSql(notice),
  ];
}

/** The last runs, newest first, with who pressed the button (null: the cron). */
export function listRecentSyncRuns(db: Db, limit = 5) {
  return db
    .select({
      id: syncRuns.id,
      trigger: syncRuns.trigger,
      status: syncRuns.status,
      startedAt: syncRuns.startedAt,
      finishedAt: syncRuns.finishedAt,
      newCount: syncRuns.newCount,
      updatedCount: syncRuns.updatedCount,
      skippedCount: syncRuns.skippedCount,
      error: syncRuns.error,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(syncRuns)
    .leftJoin(users, eq(syncRuns.triggeredBy, users.id))
    .orderBy(desc(syncRuns.startedAt), desc(syncRuns.id))
    .limit(limit);
}
