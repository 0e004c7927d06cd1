import { cityName } from "#app/content/city-names";
import { formatOrderAmount } from "#app/utils/format";

import { EmailButton } from "../components/button";
import { EmailFallbackLink, EmailLayout, EmailText } from "../components/layout";
import { defineMail } from "../define-mail";
import type { StaffCaptureDeadlinesMailData } from "./order-mail-data";
import { dayTime } from "./order-parts";

/**
 * The daily mail to each staff member who validates orders, in their language: the
 * processing orders whose card authorisation lapses within 24 hours, nearest first.
 */
export const staffCaptureDeadlines = defineMail<StaffCaptureDeadlinesMailData>({
  namespace: "catalogue",
  render: (data, { t, locale }) => ({
    subject: t("emails.orders.staffDeadlines.subject", { count: data.orders.length }),
    body: (
      <EmailLayout locale={locale} preview={t("emails.orders.staffDeadlines.preview")}>
        <EmailText>{t("emails.orders.staffDeadlines.intro")}</EmailText>
        {data.orders.map((order) => (
          <EmailText key={order.reference}>
            {t("emails.orders.staffDeadlines.line", {
              reference: order.reference,
              from: cityName(order.from, locale),
              to: cityName(order.to, locale),
              customer: order.customer,
              amount: formatOrderAmount(order.amountCents, locale),
              ...dayTime(order.captureBefore, locale),
            })}
          </EmailText>
        ))}
        <EmailButton href={data.adminUrl}>{t("emails.orders.staffDeadlines.button")}</EmailButton>
        <EmailFallbackLink label={t("emails.orders.staff.adminLink")} href={data.adminUrl} />
      </EmailLayout>
    ),
  }),
});
