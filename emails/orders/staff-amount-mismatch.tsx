import { formatOrderAmount } from "#app/utils/format";

import { EmailText } from "../components/layout";
import { defineMail } from "../define-mail";
import type { StaffOrderMailData } from "./order-mail-data";
import { StaffNotes, StaffOrderMail, subjectValues } from "./order-parts";

/** To staff when a payment event's amount or currency differs from the stored order: it was refused. */
export const staffAmountMismatch = defineMail<StaffOrderMailData>({
  namespace: "catalogue",
  render: (order, { t, locale }) => ({
    subject: t("emails.orders.staffAmountMismatch.subject", subjectValues(order, locale)),
    body: (
      <StaffOrderMail order={order} t={t} locale={locale} preview={t("emails.orders.staffAmountMismatch.preview")}>
        <EmailText>
          {t("emails.orders.staffAmountMismatch.intro", {
            reference: order.reference,
            amount: formatOrderAmount(order.amountCents, locale),
          })}
        </EmailText>
        {order.releaseError ? null : <EmailText>{t("emails.orders.staffAmountMismatch.released")}</EmailText>}
        <StaffNotes order={order} t={t} />
      </StaffOrderMail>
    ),
  }),
});
