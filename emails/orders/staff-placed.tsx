import { EmailText } from "../components/layout";
import { defineMail } from "../define-mail";
import type { StaffOrderMailData } from "./order-mail-data";
import { dayTime, StaffOrderMail, subjectValues } from "./order-parts";

/** To staff when an order is placed: it waits for the customer's payment. */
export const staffPlaced = defineMail<StaffOrderMailData>({
  namespace: "catalogue",
  render: (order, { t, locale }) => ({
    subject: t("emails.orders.staffPlaced.subject", {
      ...subjectValues(order, locale),
      firstName: order.customer.firstName,
      lastName: order.customer.lastName,
    }),
    body: (
      <StaffOrderMail order={order} t={t} locale={locale} preview={t("emails.orders.staffPlaced.preview")}>
        <EmailText>{t("emails.orders.staffPlaced.intro", { reference: order.reference })}</EmailText>
        {order.holdExpiresAt ? (
          <EmailText>{t("emails.orders.staffPlaced.hold", dayTime(order.holdExpiresAt, locale))}</EmailText>
        ) : null}
      </StaffOrderMail>
    ),
  }),
});
