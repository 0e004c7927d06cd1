/**
 * The history of flights (flight_logs, docs/back-office.md 'Edit panel, sold-out, history'):
 * every change by staff, the sync, a checkout or the housekeeping cron is one row. Writers
 * compose `flightLogInsert` into the batch of their change; readers get the raw JSON texts
 * and parse them row by row (flights/flight-history.ts), so one damaged row reads as 'Erreur
 * lors de l'analyse des modifications' instead of failing the whole history.
 */
import { desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "#app/db/client.server";
import { flightLogs, users } from "#app/db/schema";
import { type FlightLogActor } from "#app/utils/constants";

export type FlightLogAction = "INSERT" | "UPDATE" | "DELETE";

export type FlightLogEntry = {
  flightId: string;
  /** The route as people read it, e.g. "Genève → Nice"; kept when the flight is deleted. */
  flightLabel: string;
  action: FlightLogAction;
  changedFields: string[];
  oldValues: Record<string, unknown> | null;
  newValues: Record<string, unknown> | null;
  actor: FlightLogActor;
  changedBy: string | null;
  changedAt: Date;
};

/**
 * The INSERT of one log row, for a `db.batch`. With `afterChange`, the row is written
 * only if the statement just before it in the batch changed a row (SQLite's
 * `changes()`): a conditional update that matched nothing leaves no trace.
 */
export function flightLogInsert(db: Db, entry: FlightLogEntry, { afterChange = false } = {}) {
  const json = (value: unknown) => (value === null ? null : JSON.stringify(value));
  // Every column of flight_logs, in the table's order (drizzle lists them all for an insert-select).
  return db.insert(flightLogs).select(sql`
    select null, ${entry.flightId}, ${entry.flightLabel}, ${entry.action}, ${JSON.stringify(entry.changedFields)},
      ${json(entry.oldValues)}, ${json(entry.newValues)}, ${entry.actor}, ${entry.changedBy}, ${entry.changedAt.getTime()}
    where ${afterChange ? sql`changes() = 1` : sql`1`}`);
}

/** A log row as stored, JSON columns still text, with the changer's name when the user exists. */
export type RawFlightLog = {
  id: number;
  flightId: string | null;
  action: string;
  changedFields: string;
  oldValues: string | null;
  newValues: string | null;
  actor: FlightLogActor;
  changedAt: number;
  changerFirstName: string | null;
  changerLastName: string | null;
};

const rawColumns = {
  id: flightLogs.id,
  flightId: flightLogs.flightId,
  action: flightLogs.action,
  // Raw texts and milliseconds: parsed per row by the reader (see the module's comment).
  changedFields: sql<string>`${flightLogs.changedFields}`.as("changed_fields_text"),
  oldValues: sql<string | null>`${flightLogs.oldValues}`.as("old_values_text"),
  newValues: sql<string | null>`${flightLogs.newValues}`.as("new_values_text"),
  actor: flightLogs.actor,
  changedAt: sql<number>`${flightLogs.changedAt}`.as("changed_at_ms"),
  changerFirstName: users.firstName,
  changerLastName: users.lastName,
};

/** One flight's history, newest first (the index flight_logs_flight_idx serves it). */
export function listFlightLogs(db: Db, flightId: string, limit: number): Promise<RawFlightLog[]> {
  return db
    .select(rawColumns)
    .from(flightLogs)
    .leftJoin(users, eq(flightLogs.changedBy, users.id))
    .where(eq(flightLogs.flightId, flightId))
    .orderBy(desc(flightLogs.changedAt), desc(flightLogs.id))
    .limit(limit);
}

/**
 * The latest `perFlight` rows of each of these flights, newest first, in one query:
 * what a page of the flights tab shows in its history expanders before any script runs.
 */
export async function listRecentFlightLogs(db: Db, flightIds: string[], perFlight: number): Promise<RawFlightLog[]> {
  if (flightIds.length === 0) return [];
  const ranked = db
    .select({
      ...rawColumns,
      rank: sql<number>`row_number() over (partition by ${flightLogs.flightId} order by ${flightLogs.changedAt} desc, ${flightLogs.id} desc)`.as(
        "rank",
      ),
    })
    .from(flightLogs)
    .leftJoin(users, eq(flightLogs.changedBy, users.id))
    .where(inArray(flightLogs.flightId, flightIds))
    .as("ranked");
  const rows = await db
    .select({
      id: ranked.id,
      flightId: ranked.flightId,
      action: ranked.action,
      changedFields: ranked.changedFields,
      oldValues: ranked.oldValues,
      newValues: ranked.newValues,
      actor: ranked.actor,
      changedAt: ranked.changedAt,
      changerFirstName: ranked.changerFirstName,
      changerLastName: ranked.changerLastName,
    })
    .from(ranked)
    .where(sql`${ranked.rank} <= ${perFlight}`)
    .orderBy(desc(ranked.changedAt), desc(ranked.id));
  return rows as RawFlightLog[];
}
