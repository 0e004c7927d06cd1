import type { OrderStatus } from "#app/utils/constants";
import { cityName } from "#app/content/city-names";
import { defineMail } from "../define-mail";
import { EmailButton } from "../components/button";
import { EmailFallbackLink, EmailLayout, EmailText } from "../components/layout";
import { DetailList } from "../catalogue/details";
import { orderRows } from "./details";
import type { OrderMailData } from "./types";

/** To the customer at each status change made by staff (services/order-status.server.ts). */
export const orderStatus = defineMail<OrderMailData & { status: OrderStatus }>({
  namespace: "catalogue",
  render: (order, { t, locale }) => ({
    subject: t(`emails.orderStatus.subject.${order.status}`, { from: cityName(order.from, locale), to: cityName(order.to, locale) }),
    body: (
      <EmailLayout locale={locale} preview={t(`emails.orderStatus.text.${order.status}`)}>
        <EmailText>{t("emails.greeting", { firstName: order.customer.firstName })}</EmailText>
        <EmailText>{t(`emails.orderStatus.text.${order.status}`)}</EmailText>
        <DetailList locale={locale} rows={orderRows(order, t, locale)} />
        <EmailButton href={order.url}>{t("emails.orderCustomer.button")}</EmailButton>
        <EmailText>{t("emails.signature")}</EmailText>
        <EmailFallbackLink label={t("emails.orderCustomer.fallback")} href={order.url} />
      </EmailLayout>
    ),
  }),
});
