/**
 * A flight's history as the back-office shows it (back-office.md section 7, "Flight
 * change history"): who changed what, from which value to which. Pure: the server turns
 * stored rows (flights/flight-logs.queries.server.ts) into entries, the page formats them.
 */
import type { RawFlightLog } from "./flight-logs.queries.server";

/** Who made a change, as the history names them. */
export type HistoryChanger =
  /** A staff member or a customer who still exists: "Prénom Nom". */
  | { kind: "person"; name: string }
  /** A staff member or customer since deleted, or an anonymous checkout: 'Utilisateur inconnu'. */
  | { kind: "unknown" }
  /** The feed sync run by the cron. */
  | { kind: "sync" }
  /** The feed sync started by a staff member ('Sync API'). */
  | { kind: "syncBy"; name: string }
  /** The housekeeping cron. */
  | { kind: "system" };

export type HistoryChange = { field: string; from: unknown; to: unknown };

export type HistoryEntry = {
  id: number;
  action: string;
  /** Milliseconds since the epoch. */
  changedAt: number;
  changer: HistoryChanger;
  /** The changed fields with their values; null when the row could not be read. */
  changes: HistoryChange[] | null;
};

/** A row as the model reads it (JSON columns still text). */
type StoredRow = RawFlightLog;

export function changerOf(row: Pick<StoredRow, "actor" | "changerFirstName" | "changerLastName">): HistoryChanger {
  const name = row.changerFirstName === null ? null : `${row.changerFirstName} ${row.changerLastName ?? ""}`.trim();
  switch (row.actor) {
    case "sync":
      return name === null ? { kind: "sync" } : { kind: "syncBy", name };
    case "system":
      return { kind: "system" };
    default:
      return name === null ? { kind: "unknown" } : { kind: "person", name };
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The changed fields of a row with their old and new values; null if the row is malformed. */
export function changesOf(row: Pick<StoredRow, "changedFields" | "oldValues" | "newValues">): HistoryChange[] | null {
  try {
    const fields: unknown = JSON.parse(row.changedFields);
    const before: unknown = row.oldValues === null ? {} : JSON.parse(row.oldValues);
    const after: unknown = row.newValues === null ? {} : JSON.parse(row.newValues);
    if (!Array.isArray(fields) || !fields.every((field) => typeof field === "string")) return null;
    if (!isRecord(before) || !isRecord(after)) return null;
    return fields.map((field) => ({ field, from: before[field] ?? null, to: after[field] ?? null }));
  } catch {
    return null;
  }
}

export function toHistoryEntry(row: StoredRow): HistoryEntry {
  return { id: row.id, action: row.action, changedAt: row.changedAt, changer: changerOf(row), changes: changesOf(row) };
}
