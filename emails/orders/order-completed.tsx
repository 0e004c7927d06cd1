import { TERMINAL_MINUTES_BEFORE_DEPARTURE, terminalTime } from "#app/content/boarding";
import { company } from "#app/content/company";
import { formatTime } from "#app/utils/format";

import { EmailFallbackLink, EmailText } from "../components/layout";
import { defineMail } from "../define-mail";
import type { OrderCompletedMailData } from "./order-mail-data";
import { airportRows, CustomerOrderMail, orderRows, subjectValues } from "./order-parts";

/**
 * To the customer when the order is confirmed (captured, or paid offline): the payment
 * confirmed, the airports, when to be at the terminal, whom to call, the calendar file and the
 * receipt.
 */
export const orderCompleted = defineMail<OrderCompletedMailData>({
  namespace: "catalogue",
  render: (order, { t, locale }) => ({
    subject: t("emails.orders.completed.subject", subjectValues(order, locale)),
    body: (
      <CustomerOrderMail
        order={order}
        t={t}
        locale={locale}
        preview={t("emails.orders.completed.preview")}
        rows={[...orderRows(order, t, locale), ...airportRows(order, t, locale)]}
        action={{ href: order.calendarUrl, label: t("emails.orders.completed.calendar") }}
        after={
          <>
            <EmailText>
              {t("emails.orders.completed.contact", {
                phone: company.reservationsPhone,
                email: company.customerServiceEmail,
              })}
            </EmailText>
            <EmailFallbackLink label={t("emails.orders.completed.calendarLink")} href={order.calendarUrl} />
            {order.receiptUrl ? (
              <EmailFallbackLink label={t("emails.orders.completed.receipt")} href={order.receiptUrl} />
            ) : null}
          </>
        }
      >
        <EmailText>{t("emails.orders.completed.payment")}</EmailText>
        <EmailText>{t("emails.orders.completed.confirmed")}</EmailText>
        <EmailText>
          {t("emails.orders.completed.terminal", {
            time: formatTime(terminalTime(new Date(order.departure), order.checkInMinutes)),
            minutes: order.checkInMinutes ?? TERMINAL_MINUTES_BEFORE_DEPARTURE,
          })}
        </EmailText>
      </CustomerOrderMail>
    ),
  }),
});
