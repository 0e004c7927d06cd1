// When a flight's times change: docs/decisions/034-reschedules-and-deadlines.md. Pure: the sync and the edit panel ask.
import type { FlightTimes, RescheduleImpact } from "./types";

export const RESCHEDULE_NOTICE_MINUTES = 15;
export const FREE_CANCELLATION_RESCHEDULE_MINUTES = 3 * 60;

export function rescheduleMinutes(before: FlightTimes, after: FlightTimes): number {
  const moved = Math.max(
    Math.abs(after.departureMs - before.departureMs),
    Math.abs(after.arrivalMs - before.arrivalMs),
  );
  return Math.floor(moved / 60_000);
}

export function rescheduleImpact(before: FlightTimes, after: FlightTimes): RescheduleImpact {
  const minutes = rescheduleMinutes(before, after);
  if (minutes >= FREE_CANCELLATION_RESCHEDULE_MINUTES) return "freeCancellation";
  if (minutes >= RESCHEDULE_NOTICE_MINUTES) return "notice";
  return "none";
}
