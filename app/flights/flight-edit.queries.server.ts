import { sql } from "drizzle-orm";

import type { Db } from "#app/db/client.server";
import { liveSeats } from "#app/db/live-seats.server";
import { grantFreeCancellation, hasLiveOrders, selectLiveOrders } from "#app/db/reschedule-statements.server";
import { flights } from "#app/db/schema";
import { isUniqueViolation } from "#app/db/unique-violation";
import type { TIME_SLOTS } from "#app/utils/constants";

import { findStaffFlight, flightLabel, type StaffFlight } from "./admin-flights.queries.server";
import { flightLogInsert } from "./flight-logs.queries.server";

type TimeSlot = (typeof TIME_SLOTS)[number];

export type FlightEdit = {
  probabilityOverride: number;
  seatsOverride: number;
  departureDate: Date;
  arrivalDate: Date;
  departureTimeType: "exact" | "slot";
  timeSlot: TimeSlot | null;
};

const EDIT_COLUMNS = {
  probabilityOverride: "probability_override",
  seatsOverride: "seats_override",
  departureDate: "departure_date",
  arrivalDate: "arrival_date",
  departureTimeType: "departure_time_type",
  timeSlot: "time_slot",
} as const satisfies Record<keyof FlightEdit, string>;

const logValue = (value: unknown) => (value instanceof Date ? value.toISOString() : (value ?? null));
const sameValue = (a: unknown, b: unknown) => logValue(a) === logValue(b);

type ImpactOf = (
  before: { departureMs: number; arrivalMs: number },
  after: { departureMs: number; arrivalMs: number },
) => "none" | "notice" | "freeCancellation";

export type Reschedule = { previous: { departure: Date; arrival: Date }; orderIds: string[] };

export type SaveEditResult =
  | { status: "saved"; changed: boolean; reschedule?: Reschedule }
  | { status: "notFound" }
  | { status: "seatsHeld"; held: number }
  | { status: "taken" }
  | { status: "busy" };

const ATTEMPTS = 3;

// Applies only if the row is still the one read (same updated_at) and no more seats are held than the new count,
// else reads and retries, so the log's old values are always those replaced. Times moved enough raise the `.ics`
// SEQUENCE and may grant free cancellation in the same batch (flights/reschedule.ts).
export async function saveFlightEdit(
  db: Db,
  {
    flightId,
    edit,
    impactOf = () => "none",
    staffId,
    now,
  }: {
    flightId: string;
    edit: (flight: StaffFlight) => FlightEdit;
    impactOf?: ImpactOf;
    staffId: string;
    now: Date;
  },
): Promise<SaveEditResult> {
  const seats = liveSeats(now);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const flight = await findStaffFlight(db, flightId, now);
    if (!flight) return { status: "notFound" };
    const next = edit(flight);
    if (next.seatsOverride < flight.heldSeats) return { status: "seatsHeld", held: flight.heldSeats };
    const keys = (Object.keys(EDIT_COLUMNS) as Array<keyof FlightEdit>).filter(
      (key) => !sameValue(flight[key], next[key]),
    );
    if (keys.length === 0) return { status: "saved", changed: false };
    const previous = { departure: flight.departureDate, arrival: flight.arrivalDate };
    const impact = impactOf(
      { departureMs: previous.departure.getTime(), arrivalMs: previous.arrival.getTime() },
      { departureMs: next.departureDate.getTime(), arrivalMs: next.arrivalDate.getTime() },
    );
    const sequence =
      impact === "none" ? {} : { scheduleSequence: sql`${flights.scheduleSequence} + ${hasLiveOrders(flights.id)}` };
    const update = db
      .update(flights)
      .set({ ...next, ...sequence, refreshedAt: now, updatedAt: now })
      .where(
        sql`${flights.id} = ${flightId} and ${flights.updatedAt} = ${flight.updatedAt.getTime()} and ${seats.held} <= ${next.seatsOverride}`,
      );
    const log = flightLogInsert(
      db,
      {
        flightId,
        flightLabel: flightLabel(flight),
        action: "UPDATE",
        changedFields: keys.map((key) => EDIT_COLUMNS[key]),
        oldValues: Object.fromEntries(keys.map((key) => [EDIT_COLUMNS[key], logValue(flight[key])])),
        newValues: Object.fromEntries(keys.map((key) => [EDIT_COLUMNS[key], logValue(next[key])])),
        actor: "staff",
        changedBy: staffId,
        changedAt: now,
      },
      { afterChange: true },
    );
    try {
      // After the log row (written only if the update was), changes() = 1 says the update was made.
      const free = grantFreeCancellation(db, { flightIds: [flightId], now, when: sql`changes() = 1` });
      const [result, , ...rest] = await db.batch([
        update,
        log,
        ...(impact === "freeCancellation" ? [free] : []),
        selectLiveOrders(db, [flightId]),
      ]);
      if (result.meta.changes !== 1) continue;
      const live = rest.at(-1) as Array<{ orderId: string }>;
      if (impact === "none" || live.length === 0) return { status: "saved", changed: true };
      return { status: "saved", changed: true, reschedule: { previous, orderIds: live.map((row) => row.orderId) } };
    } catch (error) {
      if (isUniqueViolation(error)) return { status: "taken" };
      throw error;
    }
  }
  return { status: "busy" };
}

export type FlightOperatorEdit = {
  operatorName: string | null;
  operatorAoc: string | null;
  operatorState: string | null;
  aircraftRegistration: string | null;
  terminal: string | null;
  checkInMinutes: number;
  manifestDeadlineHours: number;
};

const OPERATOR_COLUMNS = {
  operatorName: "operator_name",
  operatorAoc: "operator_aoc",
  operatorState: "operator_state",
  aircraftRegistration: "aircraft_registration",
  terminal: "terminal",
  checkInMinutes: "check_in_minutes",
  manifestDeadlineHours: "manifest_deadline_hours",
} as const satisfies Record<keyof FlightOperatorEdit, string>;

/** The carrier and the passengers' meeting point, logged like the edit: applied only to the row as read. */
export async function saveFlightOperator(
  db: Db,
  { flightId, next, staffId, now }: { flightId: string; next: FlightOperatorEdit; staffId: string; now: Date },
): Promise<{ status: "saved"; changed: boolean } | { status: "notFound" | "busy" }> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const flight = await findStaffFlight(db, flightId, now);
    if (!flight) return { status: "notFound" };
    const keys = (Object.keys(OPERATOR_COLUMNS) as Array<keyof FlightOperatorEdit>).filter(
      (key) => !sameValue(flight[key], next[key]),
    );
    if (keys.length === 0) return { status: "saved", changed: false };
    const update = db
      .update(flights)
      .set({ ...next, updatedAt: now })
      .where(sql`${flights.id} = ${flightId} and ${flights.updatedAt} = ${flight.updatedAt.getTime()}`);
    const log = flightLogInsert(
      db,
      {
        flightId,
        flightLabel: flightLabel(flight),
        action: "UPDATE",
        changedFields: keys.map((key) => OPERATOR_COLUMNS[key]),
        oldValues: Object.fromEntries(keys.map((key) => [OPERATOR_COLUMNS[key], logValue(flight[key])])),
        newValues: Object.fromEntries(keys.map((key) => [OPERATOR_COLUMNS[key], logValue(next[key])])),
        actor: "staff",
        changedBy: staffId,
        changedAt: now,
      },
      { afterChange: true },
    );
    const [result] = await db.batch([update, log]);
    if (result.meta.changes === 1) return { status: "saved", changed: true };
  }
  return { status: "busy" };
}
