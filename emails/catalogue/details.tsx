import { Section, Text } from "@react-email/components";

import { cityName } from "#app/content/city-names";
import type { ExclusiveFlight } from "#app/content/exclusive-flights";
import { EXCLUSIVE_AIRCRAFT } from "#app/content/exclusive-flights";
import type { Language } from "#app/i18n";
import { returnDateFor } from "#app/utils/exclusive-dates";
import { formatSwissEuros, formatWeekdayKey, withColon } from "#app/utils/format";

/** Label / value lines of a request, as a mail shows them (HTML and plain text alike). */
export function DetailList({ rows, locale }: { rows: Array<[string, string]>; locale: Language }) {
  return (
    <Section style={{ margin: "0 0 16px", padding: "12px 16px", backgroundColor: "#f2f5fa", borderRadius: "8px" }}>
      {rows.map(([label, value]) => (
        <Text key={label} style={{ margin: "4px 0", fontSize: "15px", lineHeight: "22px" }}>
          <strong>{withColon(label, locale)}</strong> {value}
        </Text>
      ))}
    </Section>
  );
}

type T = (key: string, options?: Record<string, unknown>) => string;

/**
 * The flight details sent with a reservation, with the day the traveller chose
 * (decision 025) and, for a round trip, the return day it implies. A mail
 * queued before the form asked for a day shows the flight's weekday instead.
 */
export function exclusiveFlightRows(
  flight: ExclusiveFlight,
  departureDate: string | undefined,
  t: T,
  locale: Language,
): Array<[string, string]> {
  const returnDate = departureDate ? returnDateFor(flight, departureDate) : null;
  const rows: Array<[string, string]> = [
    [t("emails.fields.type"), t(`exclusive.type.${flight.type}`)],
    [t("emails.fields.departure"), cityName(flight.departure, locale)],
    [t("emails.fields.arrival"), cityName(flight.arrival, locale)],
    [
      t("emails.fields.date"),
      `${departureDate ? formatWeekdayKey(departureDate, locale) : t(`exclusive.days.${flight.departureDay}`)}, ${t(`exclusive.times.${flight.departureTime}`)}`,
    ],
  ];
  if (flight.returnDay && flight.returnTime) {
    rows.push([
      t("emails.fields.returnDate"),
      `${returnDate ? formatWeekdayKey(returnDate, locale) : t(`exclusive.days.${flight.returnDay}`)}, ${t(`exclusive.times.${flight.returnTime}`)}`,
    ]);
  }
  rows.push(
    [t("emails.fields.aircraft"), EXCLUSIVE_AIRCRAFT.name],
    [t("emails.fields.seats"), String(EXCLUSIVE_AIRCRAFT.seats)],
    [t("emails.fields.price"), formatSwissEuros(flight.price)],
  );
  return rows;
}
