import { cityName } from "#app/content/city-names";
import { formatDay, formatOrderAmount, formatTime } from "#app/utils/format";
import type { Language } from "#app/i18n";
import type { OrderMailData } from "./types";

type T = (key: string, options?: Record<string, unknown>) => string;

/** The order's lines, as every order mail shows them. */
export function orderRows(order: OrderMailData, t: T, locale: Language): Array<[string, string]> {
  const departure = new Date(order.departure);
  return [
    [t("emails.fields.reference"), order.reference],
    [t("emails.fields.departure"), cityName(order.from, locale)],
    [t("emails.fields.arrival"), cityName(order.to, locale)],
    [t("emails.fields.date"), `${formatDay(departure, locale)}, ${formatTime(departure)}`],
    [t("emails.fields.aircraft"), order.aircraftType],
    [t("emails.fields.seats"), order.wholeAircraft ? t("checkout.wholeAircraftSeats", { count: order.seats }) : String(order.seats)],
    [t("emails.fields.price"), formatOrderAmount(order.amountEuros * 100, locale)],
  ];
}
