import { cityName } from "#app/content/city-names";
import { defineMail } from "../define-mail";
import { EmailFallbackLink, EmailLayout, EmailText } from "../components/layout";
import { DetailList } from "../catalogue/details";
import { orderRows } from "./details";
import type { OrderMailData } from "./types";

/** To staff (STAFF_EMAIL) when an order is placed: to validate or refuse it. */
export const orderStaff = defineMail<OrderMailData>({
  namespace: "catalogue",
  render: (order, { t, locale }) => ({
    subject: t("emails.orderStaff.subject", {
      firstName: order.customer.firstName,
      lastName: order.customer.lastName,
      from: cityName(order.from, locale),
      to: cityName(order.to, locale),
    }),
    body: (
      <EmailLayout locale={locale} preview={t("emails.orderStaff.preview")}>
        <EmailText>{t("emails.orderStaff.intro")}</EmailText>
        <DetailList locale={locale} rows={orderRows(order, t, locale)} />
        <DetailList
          locale={locale}
          rows={[
            [t("emails.fields.name"), `${order.customer.firstName} ${order.customer.lastName}`],
            [t("emails.fields.email"), order.customer.email],
            [t("emails.fields.phone"), order.customer.phone],
            [t("emails.fields.address"), `${order.customer.address}, ${order.customer.zipCode} ${order.customer.city}, ${order.customer.country}`],
          ]}
        />
        <EmailFallbackLink label={t("emails.orderStaff.link")} href={order.url} />
      </EmailLayout>
    ),
  }),
});
