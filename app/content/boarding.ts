// What a traveller is told about the day of the flight: the confirmation mail and the calendar file say it from here.

/** Minutes before departure a traveller is expected at the terminal, unless the flight says otherwise (`check_in_minutes`). */
export const TERMINAL_MINUTES_BEFORE_DEPARTURE = 30;

export function terminalTime(departure: Date, minutes = TERMINAL_MINUTES_BEFORE_DEPARTURE): Date {
  return new Date(departure.getTime() - minutes * 60_000);
}
