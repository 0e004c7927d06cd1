// Flexible dates: docs/decisions/036-nearby-and-flexible-search.md. Small: the search form imports it too.

export const FLEX_DAYS = [0, 1, 3] as const;
export type FlexDays = (typeof FLEX_DAYS)[number];

export function parseFlex(value: string | null | undefined): FlexDays {
  return FLEX_DAYS.find((offered) => String(offered) === value) ?? 0;
}

/** Calendar arithmetic: no time zone, no DST. */
export function shiftDay(day: string, days: number): string {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/**
 * The days a search may ask for: those with a departure, and with flexible dates every day that
 * many days around one, from today on. So "around the 12th" is offered when a flight leaves on the 14th.
 */
export function daysAround(departureDays: string[], flexDays: FlexDays, today: string): string[] {
  const days = new Set<string>();
  for (const day of departureDays) {
    for (let shift = -flexDays; shift <= flexDays; shift++) {
      const around = shiftDay(day, shift);
      if (around >= today) days.add(around);
    }
  }
  return [...days].sort();
}
