// Date arithmetic in Europe/Zurich, right across DST changes; server only (display is format.ts's, with Intl).
import { TZDate } from "@date-fns/tz";
import { addDays } from "date-fns";

import { DISPLAY_TIME_ZONE } from "./format";

export function zurichDayRange(day: string): { start: Date; end: Date } {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const start = new TZDate(year, month - 1, date, DISPLAY_TIME_ZONE);
  return { start: new Date(start.getTime()), end: new Date(addDays(start, 1).getTime()) };
}

export function zurichDateTime(day: string, time: string): Date {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const [hours, minutes] = time.split(":").map(Number) as [number, number];
  return new Date(new TZDate(year, month - 1, date, hours, minutes, DISPLAY_TIME_ZONE).getTime());
}
