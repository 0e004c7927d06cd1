import { EmailFallbackLink, EmailText } from "../components/layout";
import { defineMail } from "../define-mail";
import type { OrderPlacedMailData } from "./order-mail-data";
import { CustomerOrderMail, dayTime, subjectValues } from "./order-parts";

/** To the customer when the order is placed: what they booked, 'Payer maintenant', and until when the seats are held. */
export const orderPlaced = defineMail<OrderPlacedMailData>({
  namespace: "catalogue",
  render: (order, { t, locale }) => ({
    subject: t("emails.orders.placed.subject", subjectValues(order, locale)),
    body: (
      <CustomerOrderMail
        order={order}
        t={t}
        locale={locale}
        preview={t("emails.orders.placed.preview")}
        action={{ href: order.payUrl, label: t("emails.orders.placed.button") }}
        after={
          order.payUrl === order.url ? null : (
            <EmailFallbackLink label={t("emails.orders.placed.payLink")} href={order.payUrl} />
          )
        }
      >
        <EmailText>{t("emails.orders.placed.intro")}</EmailText>
        {order.holdExpiresAt ? (
          <EmailText>{t("emails.orders.placed.hold", dayTime(order.holdExpiresAt, locale))}</EmailText>
        ) : null}
        <EmailText>{t("emails.orders.placed.authorisation")}</EmailText>
      </CustomerOrderMail>
    ),
  }),
});
