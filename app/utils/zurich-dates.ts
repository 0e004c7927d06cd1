/**
 * Date arithmetic in Europe/Zurich with date-fns and @date-fns/tz:
 * days and hours that stay right across the DST changes. Display lives in format.ts
 * (Intl); this module is for the server, so the pages' JavaScript stays small.
 */
import { TZDate } from "@date-fns/tz";
import { addDays } from "date-fns";
import { DISPLAY_TIME_ZONE } from "./format";

/** The instants of one Zurich calendar day, "YYYY-MM-DD": [its midnight, the next midnight). */
export function zurichDayRange(day: string): { start: Date; end: Date } {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const start = new TZDate(year, month - 1, date, DISPLAY_TIME_ZONE);
  // addDays on a zoned date: the next midnight in Zurich, 23 or 25 hours later on DST days.
  return { start: new Date(start.getTime()), end: new Date(addDays(start, 1).getTime()) };
}

/** The instant of a Zurich wall-clock time ("HH:mm") on a Zurich day ("YYYY-MM-DD"). */
export function zurichDateTime(day: string, time: string): Date {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const [hours, minutes] = time.split(":").map(Number) as [number, number];
  return new Date(new TZDate(year, month - 1, date, hours, minutes, DISPLAY_TIME_ZONE).getTime());
}
