import { cityName } from "#app/content/city-names";
import { defineMail } from "../define-mail";
import { EmailButton } from "../components/button";
import { EmailFallbackLink, EmailLayout, EmailText } from "../components/layout";
import { DetailList } from "../catalogue/details";
import { orderRows } from "./details";
import type { OrderMailData } from "./types";

/** To the customer when the order is placed: what they booked and the link to follow it. */
export const orderCustomer = defineMail<OrderMailData>({
  namespace: "catalogue",
  render: (order, { t, locale }) => ({
    subject: t("emails.orderCustomer.subject", { from: cityName(order.from, locale), to: cityName(order.to, locale) }),
    body: (
      <EmailLayout locale={locale} preview={t("emails.orderCustomer.preview")}>
        <EmailText>{t("emails.greeting", { firstName: order.customer.firstName })}</EmailText>
        <EmailText>{t("emails.orderCustomer.intro")}</EmailText>
        <DetailList locale={locale} rows={orderRows(order, t, locale)} />
        <EmailText>{t("emails.orderCustomer.next")}</EmailText>
        <EmailButton href={order.url}>{t("emails.orderCustomer.button")}</EmailButton>
        <EmailText>{t("emails.signature")}</EmailText>
        <EmailFallbackLink label={t("emails.orderCustomer.fallback")} href={order.url} />
      </EmailLayout>
    ),
  }),
});
