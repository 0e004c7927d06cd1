import { company } from "#app/content/company";

import { EmailFallbackLink, EmailText } from "../components/layout";
import { defineMail } from "../define-mail";
import type { OrderRescheduledMailData } from "./order-mail-data";
import { airportRows, CustomerOrderMail, dayTime, orderRows, subjectValues } from "./order-parts";

/**
 * To the customer when the flight's times moved by 15 minutes or more: the new times
 * beside the old ones (Zurich time), free cancellation when the move is 3 hours or more,
 * and for a confirmed order the updated calendar file.
 */
export const orderRescheduled = defineMail<OrderRescheduledMailData>({
  namespace: "catalogue",
  render: (order, { t, locale }) => {
    const moved = (now: string, before: string) => {
      const { day, time } = dayTime(now, locale);
      const previous = dayTime(before, locale);
      return { day, time, previousDay: previous.day, previousTime: previous.time };
    };
    const departureMoved = order.departure !== order.previousDeparture;
    return {
      subject: t("emails.orders.rescheduled.subject", subjectValues(order, locale)),
      body: (
        <CustomerOrderMail
          order={order}
          t={t}
          locale={locale}
          preview={t("emails.orders.rescheduled.preview")}
          rows={[...orderRows(order, t, locale), ...airportRows(order, t, locale)]}
          action={
            order.calendarUrl ? { href: order.calendarUrl, label: t("emails.orders.rescheduled.calendar") } : undefined
          }
          after={
            <>
              {order.calendarUrl ? (
                <>
                  <EmailText>{t("emails.orders.rescheduled.calendarHint")}</EmailText>
                  <EmailFallbackLink label={t("emails.orders.rescheduled.calendarLink")} href={order.calendarUrl} />
                </>
              ) : null}
              <EmailText>
                {t("emails.orders.completed.contact", {
                  phone: company.reservationsPhone,
                  email: company.customerServiceEmail,
                })}
              </EmailText>
            </>
          }
        >
          <EmailText>{t("emails.orders.rescheduled.intro")}</EmailText>
          <EmailText>
            {departureMoved
              ? t("emails.orders.rescheduled.departure", moved(order.departure, order.previousDeparture))
              : t("emails.orders.rescheduled.departureSame", dayTime(order.departure, locale))}
          </EmailText>
          {order.arrival !== order.previousArrival ? (
            <EmailText>{t("emails.orders.rescheduled.arrival", moved(order.arrival, order.previousArrival))}</EmailText>
          ) : null}
          {order.freeCancellation ? <EmailText>{t("emails.orders.rescheduled.freeCancellation")}</EmailText> : null}
        </CustomerOrderMail>
      ),
    };
  },
});
