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
