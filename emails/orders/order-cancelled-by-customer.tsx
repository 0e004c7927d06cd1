import { formatOrderAmount } from "#app/utils/format";

import { EmailFallbackLink, EmailText } from "../components/layout";
import { defineMail } from "../define-mail";
import type { OrderCancelledByCustomerMailData } from "./order-mail-data";
import { CustomerOrderMail, subjectValues } from "./order-parts";

/**
 * To the customer who cancelled from the order page (docs/decisions/033-customer-cancellation.md):
 * what was cancelled, the fee the terms kept, and what comes back, or that nothing was charged.
 */
export const orderCancelledByCustomer = defineMail<OrderCancelledByCustomerMailData>({
  namespace: "catalogue",
  render: (order, { t, locale }) => {
    const amount = (cents: number) => formatOrderAmount(cents, locale);
    const intro = t("emails.orders.customerCancelled.intro");
    return {
      subject: t("emails.orders.customerCancelled.subject", subjectValues(order, locale)),
      body: (
        <CustomerOrderMail
          order={order}
          t={t}
          locale={locale}
          preview={intro}
          after={
            order.creditNoteUrl ? (
              <EmailFallbackLink label={t("emails.orders.creditNote")} href={order.creditNoteUrl} />
            ) : null
          }
        >
          <EmailText>{intro}</EmailText>
          {order.money === "nothingCharged" ? (
            <EmailText>{t("emails.orders.customerCancelled.nothingCharged")}</EmailText>
          ) : (
            <>
              <EmailText>{t("emails.orders.customerCancelled.fee", { amount: amount(order.feeCents) })}</EmailText>
              <EmailText>
                {t(`emails.orders.customerCancelled.${order.money}`, { amount: amount(order.refundCents) })}
              </EmailText>
            </>
          )}
          <EmailText>{t("emails.orders.customerCancelled.again")}</EmailText>
        </CustomerOrderMail>
      ),
    };
  },
});
