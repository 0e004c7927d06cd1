/**
 * When a flight's times change (docs/decisions/034-reschedules-and-deadlines.md): how far a
 * departure or an arrival must move before its customers are told, and before they may
 * cancel free of charge. Pure: the feed sync and the back-office's edit panel both ask it.
 */
import type { FlightTimes, RescheduleImpact } from "./types";

/** A move of 15 minutes or more is told to the customers and raises the `.ics` SEQUENCE. */
export const RESCHEDULE_NOTICE_MINUTES = 15;
/** A move of 3 hours or more lets the customers cancel free of charge. */
export const FREE_CANCELLATION_RESCHEDULE_MINUTES = 3 * 60;

/** The larger of the departure's and the arrival's moves, in whole minutes (rounded down). */
export function rescheduleMinutes(before: FlightTimes, after: FlightTimes): number {
  const moved = Math.max(
    Math.abs(after.departureMs - before.departureMs),
    Math.abs(after.arrivalMs - before.arrivalMs),
  );
  return Math.floor(moved / 60_000);
}

/** What a change of times means for the flight's customers. */
export function rescheduleImpact(before: FlightTimes, after: FlightTimes): RescheduleImpact {
  const minutes = rescheduleMinutes(before, after);
  if (minutes >= FREE_CANCELLATION_RESCHEDULE_MINUTES) return "freeCancellation";
  if (minutes >= RESCHEDULE_NOTICE_MINUTES) return "notice";
  return "none";
}
