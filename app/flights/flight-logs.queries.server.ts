// flight_logs: readers parse each row's JSON apart (flight-history.ts), so one damaged row cannot fail the history.
import { desc, eq, inArray, sql } from "drizzle-orm";

import type { Db } from "#app/db/client.server";
import { flightLogs, users } from "#app/db/schema";
import type { FlightLogActor } from "#app/utils/constants";

export type FlightLogAction = "INSERT" | "UPDATE" | "DELETE";

export type FlightLogEntry = {
  flightId: string;
  /** Kept when the flight is deleted. */
  flightLabel: string;
  action: FlightLogAction;
  changedFields: string[];
  oldValues: Record<string, unknown> | null;
  newValues: Record<string, unknown> | null;
  actor: FlightLogActor;
  changedBy: string | null;
  changedAt: Date;
};

/** With `afterChange`, written only if the statement before it changed a row (`changes()`): a miss leaves no trace. */
export function flightLogInsert(db: Db, entry: FlightLogEntry, { afterChange = false } = {}) {
  const json = (value: unknown) => (value === null ? null : JSON.stringify(value));
  // Every column in the table's order (docs/database.md 'Changing the schema').
  return db.insert(flightLogs).select(sql`
    select null, ${entry.flightId}, ${entry.flightLabel}, ${entry.action}, ${JSON.stringify(entry.changedFields)},
      ${json(entry.oldValues)}, ${json(entry.newValues)}, ${entry.actor}, ${entry.changedBy}, ${entry.changedAt.getTime()}
    where ${afterChange ? sql`changes() = 1` : sql`1`}`);
}

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
  changedFields: sql<string>`${flightLogs.changedFields}`.as("changed_fields_text"),
  oldValues: sql<string | null>`${flightLogs.oldValues}`.as("old_values_text"),
  newValues: sql<string | null>`${flightLogs.newValues}`.as("new_values_text"),
  actor: flightLogs.actor,
  changedAt: sql<number>`${flightLogs.changedAt}`.as("changed_at_ms"),
  changerFirstName: users.firstName,
  changerLastName: users.lastName,
};

export function listFlightLogs(db: Db, flightId: string, limit: number): Promise<RawFlightLog[]> {
  return db
    .select(rawColumns)
    .from(flightLogs)
    .leftJoin(users, eq(flightLogs.changedBy, users.id))
    .where(eq(flightLogs.flightId, flightId))
    .orderBy(desc(flightLogs.changedAt), desc(flightLogs.id))
    .limit(limit);
}

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
