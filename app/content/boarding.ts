// What a traveller is told about the day of the flight: the confirmation mail and the calendar file say it from here.

/** Minutes before departure a traveller is expected at the business aviation terminal. */
export const TERMINAL_MINUTES_BEFORE_DEPARTURE = 30;

export function terminalTime(departure: Date): Date {
  return new Date(departure.getTime() - TERMINAL_MINUTES_BEFORE_DEPARTURE * 60_000);
}
