import { EmailText } from "../components/layout";
import { defineMail } from "../define-mail";
import type { StaffOrderMailData } from "./order-mail-data";
import { StaffOrderMail, subjectValues } from "./order-parts";

/** To staff when a card is authorised: the order waits for 'Valider' (capture) or 'Refuser' (release). */
export const staffAuthorised = defineMail<StaffOrderMailData>({
  namespace: "catalogue",
  render: (order, { t, locale }) => ({
    subject: t("emails.orders.staffAuthorised.subject", subjectValues(order, locale)),
    body: (
      <StaffOrderMail order={order} t={t} locale={locale} preview={t("emails.orders.staffAuthorised.preview")}>
        <EmailText>{t("emails.orders.staffAuthorised.intro", { reference: order.reference })}</EmailText>
      </StaffOrderMail>
    ),
  }),
});
