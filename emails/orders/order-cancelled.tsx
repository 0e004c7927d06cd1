import { EmailText } from "../components/layout";
import { defineMail } from "../define-mail";
import type { OrderCancelledMailData } from "./order-mail-data";
import { CustomerOrderMail, subjectValues } from "./order-parts";

/** To the customer when the order is cancelled: why, and that nothing was charged when that is true. */
export const orderCancelled = defineMail<OrderCancelledMailData>({
  namespace: "catalogue",
  render: (order, { t, locale }) => {
    // An order that left while waiting for staff had its authorisation released: it was never unpaid.
    const key = order.reason === "departed" && order.released ? "departedReleased" : (order.reason ?? "other");
    const reason = t(`emails.orders.cancelled.reason.${key}`);
    return {
      subject: t("emails.orders.cancelled.subject", subjectValues(order, locale)),
      body: (
        <CustomerOrderMail order={order} t={t} locale={locale} preview={reason}>
          <EmailText>{reason}</EmailText>
          {order.nothingCharged ? <EmailText>{t("emails.orders.cancelled.nothingCharged")}</EmailText> : null}
          <EmailText>{t("emails.orders.cancelled.again")}</EmailText>
        </CustomerOrderMail>
      ),
    };
  },
});
