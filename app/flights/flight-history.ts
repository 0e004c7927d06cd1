/**
 * A flight's history as the back-office shows it (docs/back-office.md 'Edit panel,
 * sold-out, history'): who changed what, from which value to which. Pure: the server turns
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

/**
 * The flight's fields a history entry names, by the column flight_logs records them under
 * (the triggers and the services log SQL column names, and the log keeps them): the page
 * labels and formats a change by the field's name in the code (db/schema.ts).
 */
const FIELD_OF_COLUMN = {
  probability_override: "probabilityOverride",
  feed_probability: "feedProbability",
  probability: "probability",
  seats_override: "seatsOverride",
  feed_seats: "feedSeats",
  seats_held: "seatsHeld",
  available_seats: "availableSeats",
  departure_date: "departureDate",
  arrival_date: "arrivalDate",
  feed_departure_date: "feedDepartureDate",
  feed_leg_id: "feedLegId",
  departure_time_type: "departureTimeType",
  time_slot: "timeSlot",
  is_soldout: "isSoldOut",
  soldout_override: "soldOutOverride",
  flight_time: "flightTime",
  aircraft_type: "aircraftType",
  price_per_minute: "pricePerMinute",
  flexibility_days: "flexibilityDays",
  source: "source",
  status: "status",
  cancel_reason: "cancelReason",
  cancel_note: "cancelNote",
} as const;

export type HistoryField = (typeof FIELD_OF_COLUMN)[keyof typeof FIELD_OF_COLUMN];

/** The field a logged column holds; null for a column the history does not know (shown as logged). */
export function historyFieldOf(column: string): HistoryField | null {
  return Object.hasOwn(FIELD_OF_COLUMN, column) ? FIELD_OF_COLUMN[column as keyof typeof FIELD_OF_COLUMN] : null;
}

const DATE_FIELDS: ReadonlySet<HistoryField> = new Set(["departureDate", "arrivalDate", "feedDepartureDate"]);

/** How a change's values read: an instant, a four-hour slot, the kind of departure time, or as logged. */
export type HistoryValueKind = "date" | "timeSlot" | "timeType" | "plain";

export function historyValueKind(column: string): HistoryValueKind {
  const field = historyFieldOf(column);
  if (field === "timeSlot") return "timeSlot";
  if (field === "departureTimeType") return "timeType";
  // A column the history does not know still reads as a date by its name.
  if (field === null ? /(_date|_at)$/.test(column) : DATE_FIELDS.has(field)) return "date";
  return "plain";
}
