// 'Ajouter à mon agenda' of the confirmation mail: the flight as one event whose SEQUENCE rises with each reschedule.
import type { AppLoadContext } from "@remix-run/cloudflare";

import { terminalTime } from "#app/content/boarding";
import { cityName } from "#app/content/city-names";
import { company } from "#app/content/company";
import type { Language } from "#app/i18n";
import { translatorFor } from "#app/i18n.server";
import { formatTime } from "#app/utils/format";
import { carrierText, type OperatingCarrier, operatingCarrier } from "#app/utils/operating-carrier";

import { buildCalendar } from "./ical";
import { orderAudienceLanguage } from "./order-language";
import { findOrderWithFlight } from "./orders.queries.server";

export type OrderCalendarOutcome = { ok: true; filename: string; body: string } | { ok: false; reason: "notCompleted" };

/** Who may read the order is the caller's guard (`canReadOrder`); a missing order is `notCompleted` too. */
export async function orderCalendar(context: AppLoadContext, orderId: string): Promise<OrderCalendarOutcome> {
  const found = await findOrderWithFlight(context.db, orderId);
  if (found?.order.status !== "completed") return { ok: false, reason: "notCompleted" };
  const { order: stored, flight, from, to } = found;
  const order = {
    ...flight,
    carrier: operatingCarrier(flight),
    id: stored.id,
    reference: stored.reference,
    language: orderAudienceLanguage(found),
    from,
    to,
  };
  const reference = order.reference ?? order.id;
  return { ok: true, filename: `jetmalin-${reference}.ics`, body: calendarFile(order, reference, context.now()) };
}

export function flightEnd({
  departureDate,
  arrivalDate,
  flightTime,
}: {
  departureDate: Date;
  arrivalDate: Date | null;
  flightTime: number;
}): Date {
  if (arrivalDate && arrivalDate.getTime() > departureDate.getTime()) return arrivalDate;
  return new Date(departureDate.getTime() + Math.max(flightTime, 0) * 60_000);
}

type OrderFlightTimes = Pick<NonNullable<Awaited<ReturnType<typeof findOrderWithFlight>>>, "from" | "to"> & {
  id: string;
  reference: string | null;
  language: Language;
  departureDate: Date;
  arrivalDate: Date | null;
  flightTime: number;
  scheduleSequence: number;
  checkInMinutes: number;
  carrier: OperatingCarrier | null;
};

/** The calendar's reminder, three hours before departure: time to leave for the terminal. */
export const ALARM_MINUTES_BEFORE_DEPARTURE = 180;

function calendarFile(order: OrderFlightTimes, reference: string, now: Date): string {
  const { language } = order;
  const t = translatorFor(language, "catalogue");
  const from = cityName(order.from.servedCity, language);
  const to = cityName(order.to.servedCity, language);
  const description = [
    t("emails.orders.calendar.reference", { reference }),
    carrierText(order.carrier, t, language),
    t("emails.orders.completed.terminal", {
      time: formatTime(terminalTime(order.departureDate, order.checkInMinutes)),
      minutes: order.checkInMinutes,
    }),
    t("emails.orders.completed.contact", { phone: company.reservationsPhone, email: company.customerServiceEmail }),
  ].join("\n");
  return buildCalendar({
    productId: "-//JetMalin//Vols//FR",
    events: [
      {
        uid: `${order.id}@jetmalin`,
        stamp: now,
        sequence: order.scheduleSequence,
        start: order.departureDate,
        end: flightEnd(order),
        summary: t("emails.orders.calendar.summary", { from, to, reference }),
        location: `${from} (${order.from.icaoCode})`,
        description,
        alarm: { minutesBefore: ALARM_MINUTES_BEFORE_DEPARTURE, description: t("operator.alarm", { reference }) },
      },
    ],
  });
}
