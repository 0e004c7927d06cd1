// The sync's statements (docs/sync.md, decision 009). Rows travel as one JSON parameter per chunk, read with json_each:
// D1 binds at most 100 values per statement.
import { desc, eq, sql } from "drizzle-orm";

import type { Db } from "#app/db/client.server";
import { runBatch } from "#app/db/d1-batch.server";
import { syncRuns, users } from "#app/db/schema";
import type { SyncSkips } from "#app/utils/constants";

import type { FeedFlightRow, KnownFlight } from "./types";

/** Rows per statement: ~150 bytes each, so a chunk's JSON stays far under D1's 2 MB value limit. */
export const SYNC_CHUNK_ROWS = 2_000;

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

/** The unique index on running runs makes the insert do nothing while another run holds the lease. */
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
  skipped: SyncSkips | null;
  error: string | null;
};

export function finishSyncRunStatement(runId: number, outcome: SyncRunOutcome, now: Date) {
  return sql`update sync_runs set status = ${outcome.status}, new_count = ${outcome.newCount}, updated_count = ${outcome.updatedCount},
    skipped_count = ${outcome.skippedCount}, skipped = ${outcome.skipped && JSON.stringify(outcome.skipped)}, error = ${outcome.error}, finished_at = ${now.getTime()}, lease_expires_at = null
    where id = ${runId}`;
}

export async function finishSyncRun(db: Db, runId: number, outcome: SyncRunOutcome, now: Date) {
  await runBatch(db, [finishSyncRunStatement(runId, outcome, now)]);
}

const KNOWN_COLUMNS = sql.raw(`f.id, fd.icao_code as fromIcao, fa.icao_code as toIcao, f.feed_leg_id as legId,
  f.feed_departure_date as feedDepartureMs, f.departure_date as departureMs, f.arrival_date as arrivalMs,
  f.flight_time as flightTime, f.feed_seats as feedSeats, f.feed_probability as feedProbability,
  f.aircraft_type as aircraftType, f.status, f.source, f.operator_name as operatorName, f.operator_aoc as operatorAoc,
  f.operator_state as operatorState, f.aircraft_registration as registration`);
const OWN_AIRPORTS = sql.raw(
  "join airports fd on fd.id = f.departure_airport_id join airports fa on fa.id = f.arrival_airport_id",
);

export const missableFlights = (nowMs: number) =>
  sql`source = 'feed' and status = 'scheduled' and departure_date > ${nowMs}`;

export async function upsertAirportsAndFindFlights(
  db: Db,
  {
    airports,
    flights,
    windowMs,
    now,
  }: { airports: FeedAirportRow[]; flights: FeedFlightRow[]; windowMs: number; now: Date },
) {
  const airportStatements = chunk(airports).map(
    (rows) =>
      sql`insert into airports (icao_code, served_city, country, latitude, longitude)
      select value ->> '$[0]', value ->> '$[1]', value ->> '$[2]', value ->> '$[3]', value ->> '$[4]'
      from json_each(${JSON.stringify(rows.map((a) => [a.icaoCode, a.servedCity, a.country, a.latitude, a.longitude]))}) where true
      on conflict (icao_code) do nothing`,
  );
  const codes = JSON.stringify(airports.map((airport) => airport.icaoCode));
  const airportIds = sql`select id, icao_code as icaoCode from airports where icao_code in (select value from json_each(${codes}))`;
  const finds = chunk(flights).flatMap((rows) => {
    const json = JSON.stringify(rows.map((f) => [f.fromIcao, f.toIcao, f.departureMs, f.legId ?? null]));
    const route = sql`from json_each(${json}) j
      join airports d on d.icao_code = j.value ->> '$[0]'
      join airports a on a.icao_code = j.value ->> '$[1]'`;
    return [
      sql`select ${KNOWN_COLUMNS} ${route}
        join flights f on f.feed_leg_id = j.value ->> '$[3]'
          or (f.departure_airport_id = d.id and f.arrival_airport_id = a.id and f.feed_departure_date = j.value ->> '$[2]')
        ${OWN_AIRPORTS}`,
      sql`select ${KNOWN_COLUMNS} ${route}
        join flights f on f.departure_airport_id = d.id and f.arrival_airport_id = a.id
          and (f.departure_date between j.value ->> '$[2]' - ${windowMs} and j.value ->> '$[2]' + ${windowMs}
            or f.feed_departure_date between j.value ->> '$[2]' - ${windowMs} and j.value ->> '$[2]' + ${windowMs})
        ${OWN_AIRPORTS}
        where not exists (select 1 from flights m where m.departure_airport_id = d.id and m.arrival_airport_id = a.id
          and m.feed_departure_date = j.value ->> '$[2]')`,
    ];
  });
  const missable = sql`select count(*) as n from flights where ${missableFlights(now.getTime())}`;
  // In a batch the statements run in order: the ids are read after the inserts.
  const results = await runBatch(db, [...airportStatements, airportIds, missable, ...finds]);
  const ids = results[airportStatements.length]!.results as Array<{ id: number; icaoCode: string }>;
  const [{ n: missableCount }] = results[airportStatements.length + 1]!.results as [{ n: number }];
  return {
    airportIdByIcao: new Map(ids.map((row) => [row.icaoCode, row.id])),
    known: results.slice(airportStatements.length + 2).flatMap((result) => result.results as KnownFlight[]),
    missableCount,
  };
}

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
      skipped: syncRuns.skipped,
      error: syncRuns.error,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(syncRuns)
    .leftJoin(users, eq(syncRuns.triggeredBy, users.id))
    .orderBy(desc(syncRuns.startedAt), desc(syncRuns.id))
    .limit(limit);
}
