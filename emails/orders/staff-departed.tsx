import { EmailText } from "../components/layout";
import { defineMail } from "../define-mail";
import type { StaffOrderMailData } from "./order-mail-data";
import { StaffNotes, StaffOrderMail, subjectValues } from "./order-parts";

/** To staff when an order still waiting for their validation is cancelled because its flight left: its authorisation released. */
export const staffDeparted = defineMail<StaffOrderMailData>({
  namespace: "catalogue",
  render: (order, { t, locale }) => ({
    subject: t("emails.orders.staffDeparted.subject", subjectValues(order, locale)),
    body: (
      <StaffOrderMail order={order} t={t} locale={locale} preview={t("emails.orders.staffDeparted.preview")}>
        <EmailText>{t("emails.orders.staffDeparted.intro", { reference: order.reference })}</EmailText>
        <StaffNotes order={order} t={t} />
      </StaffOrderMail>
    ),
  }),
});
