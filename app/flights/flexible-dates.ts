/**
 * Flexible dates (docs/decisions/036-nearby-and-flexible-search.md): the search may keep
 * the flights leaving up to 1 or 3 Zurich days before or after the day asked, the
 * closest days first. Pure and small: the search form imports it too.
 */

/** The flexibility offered, in days either side; 0 is the day asked only. */
export const FLEX_DAYS = [0, 1, 3] as const;
export type FlexDays = (typeof FLEX_DAYS)[number];

/** `?flex=` as one of the offered flexibilities, written as the form writes it; anything else is the default, 0. */
export function parseFlex(value: string | null | undefined): FlexDays {
  return FLEX_DAYS.find((offered) => String(offered) === value) ?? 0;
}

/** A calendar day "YYYY-MM-DD" moved by `days` (calendar arithmetic: no time zone, no DST). */
export function shiftDay(day: string, days: number): string {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}
