import { EmailText } from "../components/layout";
import { defineMail } from "../define-mail";
import type { CustomerOrderMailData } from "./order-mail-data";
import { CustomerOrderMail, subjectValues } from "./order-parts";

/** To the customer when the card is authorised: the payment is being processed, staff confirm the flight. */
export const orderAuthorised = defineMail<CustomerOrderMailData>({
  namespace: "catalogue",
  render: (order, { t, locale }) => ({
    subject: t("emails.orders.authorised.subject", subjectValues(order, locale)),
    body: (
      <CustomerOrderMail order={order} t={t} locale={locale} preview={t("emails.orders.authorised.payment")}>
        <EmailText>{t("emails.orders.authorised.payment")}</EmailText>
        <EmailText>{t("emails.orders.authorised.next")}</EmailText>
      </CustomerOrderMail>
    ),
  }),
});
