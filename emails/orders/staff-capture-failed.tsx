import { EmailText } from "../components/layout";
import { defineMail } from "../define-mail";
import type { StaffOrderMailData } from "./order-mail-data";
import { StaffNotes, StaffOrderMail, subjectValues } from "./order-parts";

/** To staff when the provider refused a capture: the order stays processing, with the provider's message. */
export const staffCaptureFailed = defineMail<StaffOrderMailData>({
  namespace: "catalogue",
  render: (order, { t, locale }) => ({
    subject: t("emails.orders.staffCaptureFailed.subject", subjectValues(order, locale)),
    body: (
      <StaffOrderMail order={order} t={t} locale={locale} preview={t("emails.orders.staffCaptureFailed.preview")}>
        <EmailText>{t("emails.orders.staffCaptureFailed.intro", { reference: order.reference })}</EmailText>
        <StaffNotes order={order} t={t} />
      </StaffOrderMail>
    ),
  }),
});
