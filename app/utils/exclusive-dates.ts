// The days an exclusive flight can be asked for: docs/decisions/025-exclusive-request-date.md.
// Days are "YYYY-MM-DD" keys counted on the calendar, with no clock time: no daylight-saving edge.
import type { ExclusiveFlight, WeekDay } from "#app/content/exclusive-flights";
import { zurichDay } from "#app/utils/format";

/** Two months of weekends. */
export const OFFERED_DATES = 8;

const WEEKDAY_NUMBER: Record<WeekDay, number> = { monday: 1, friday: 5 };

const DAY_MS = 24 * 60 * 60_000;

function dayKeyToUtc(dayKey: string) {
  const [year, month, day] = dayKey.split("-").map(Number) as [number, number, number];
  return Date.UTC(year, month - 1, day);
}

const utcToDayKey = (time: number) => new Date(time).toISOString().slice(0, 10);

/** The first `weekday` strictly after `dayKey`. */
function nextWeekday(dayKey: string, weekday: WeekDay) {
  const start = dayKeyToUtc(dayKey);
  const ahead = (WEEKDAY_NUMBER[weekday] - new Date(start).getUTCDay() + 7) % 7 || 7;
  return utcToDayKey(start + ahead * DAY_MS);
}

export function offeredDepartureDates(
  flight: Pick<ExclusiveFlight, "departureDay">,
  now: Date,
  count = OFFERED_DATES,
): string[] {
  const dates = [nextWeekday(zurichDay(now), flight.departureDay)];
  while (dates.length < count) dates.push(utcToDayKey(dayKeyToUtc(dates.at(-1)!) + 7 * DAY_MS));
  return dates;
}

export function returnDateFor(flight: Pick<ExclusiveFlight, "returnDay">, departureDate: string): string | null {
  return flight.returnDay ? nextWeekday(departureDate, flight.returnDay) : null;
}
