// When a push may go (docs/decisions/057-web-push.md): never between 22:00 and 07:00 in Zurich, at most
// DAILY_PUSH_CAP a Zurich day per person.
import { addDays } from "date-fns";

import { zurichDay } from "#app/utils/format";
import { zurichDateTime, zurichDayRange } from "#app/utils/zurich-dates";

export const QUIET_FROM = "22:00";
export const QUIET_UNTIL = "07:00";
export const DAILY_PUSH_CAP = 3;

/** `now` itself outside quiet hours, else 07:00 in Zurich on the morning that ends them. */
export function pushTimeFor(now: Date): Date {
  const today = zurichDay(now);
  const morning = zurichDateTime(today, QUIET_UNTIL);
  if (now < morning) return morning;
  if (now < zurichDateTime(today, QUIET_FROM)) return now;
  return zurichDateTime(zurichDay(addDays(morning, 1)), QUIET_UNTIL);
}

/** The Zurich day `now` falls in, the span the daily cap counts over. */
export function pushDay(now: Date): { start: Date; end: Date } {
  return zurichDayRange(zurichDay(now));
}
