import type { RawFlightLog } from "./flight-logs.queries.server";

export type HistoryChanger =
  | { kind: "person"; name: string }
  /** A staff member or customer since deleted, or an anonymous checkout. */
  | { kind: "unknown" }
  | { kind: "sync" }
  | { kind: "syncBy"; name: string }
  | { kind: "system" };

export type HistoryChange = { field: string; from: unknown; to: unknown };

export type HistoryEntry = {
  id: number;
  action: string;
  /** Milliseconds since the epoch. */
  changedAt: number;
  changer: HistoryChanger;
  changes: HistoryChange[] | null;
};

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

/** flight_logs records SQL column names (triggers and services alike); the page labels a change by the code's name. */
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
  operator_name: "operatorName",
  operator_aoc: "operatorAoc",
  operator_state: "operatorState",
  aircraft_registration: "aircraftRegistration",
  terminal: "terminal",
  check_in_minutes: "checkInMinutes",
  manifest_deadline_hours: "manifestDeadlineHours",
} as const;

export type HistoryField = (typeof FIELD_OF_COLUMN)[keyof typeof FIELD_OF_COLUMN];

export function historyFieldOf(column: string): HistoryField | null {
  return Object.hasOwn(FIELD_OF_COLUMN, column) ? FIELD_OF_COLUMN[column as keyof typeof FIELD_OF_COLUMN] : null;
}

const CARRIER_FIELDS: ReadonlySet<HistoryField> = new Set([
  "operatorName",
  "operatorAoc",
  "operatorState",
  "aircraftRegistration",
  "terminal",
  "checkInMinutes",
  "manifestDeadlineHours",
]);

/** The carrier's fields are labelled as its form labels them. */
export const historyLabelKey = (field: HistoryField) =>
  CARRIER_FIELDS.has(field) ? `operator.fields.${field}` : `history.fields.${field}`;

const DATE_FIELDS: ReadonlySet<HistoryField> = new Set(["departureDate", "arrivalDate", "feedDepartureDate"]);

export type HistoryValueKind = "date" | "timeSlot" | "timeType" | "plain";

export function historyValueKind(column: string): HistoryValueKind {
  const field = historyFieldOf(column);
  if (field === "timeSlot") return "timeSlot";
  if (field === "departureTimeType") return "timeType";
  if (field === null ? /(_date|_at)$/.test(column) : DATE_FIELDS.has(field)) return "date";
  return "plain";
}
