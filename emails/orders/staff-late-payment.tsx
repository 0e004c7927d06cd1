import { EmailText } from "../components/layout";
import { defineMail } from "../define-mail";
import type { StaffOrderMailData } from "./order-mail-data";
import { StaffNotes, StaffOrderMail, subjectValues } from "./order-parts";

/** To staff when a card is authorised for an order already cancelled: that authorisation is released. */
export const staffLatePayment = defineMail<StaffOrderMailData>({
  namespace: "catalogue",
  render: (order, { t, locale }) => ({
    subject: t("emails.orders.staffLatePayment.subject", subjectValues(order, locale)),
    body: (
      <StaffOrderMail order={order} t={t} locale={locale} preview={t("emails.orders.staffLatePayment.preview")}>
        <EmailText>
          {t("emails.orders.staffLatePayment.intro", {
            reference: order.reference,
            reason: t(`emails.orders.reasons.${order.cancelReason ?? "other"}`),
          })}
        </EmailText>
        {order.releaseError ? null : <EmailText>{t("emails.orders.staffLatePayment.released")}</EmailText>}
        <StaffNotes order={order} t={t} />
      </StaffOrderMail>
    ),
  }),
});
