import { EmailLayout, EmailText } from "../components/layout";
import { defineMail } from "../define-mail";
import { DetailList, exclusiveFlightRows } from "./details";
import type { ExclusiveRequestMailData } from "./types";

/** To the customer, in their language, once staff have been told. */
export const exclusiveRequestCustomer = defineMail<ExclusiveRequestMailData>({
  namespace: "catalogue",
  render: ({ flight, departureDate, customer }, { t, locale }) => ({
    subject: t("emails.exclusiveCustomer.subject"),
    body: (
      <EmailLayout locale={locale} preview={t("emails.exclusiveCustomer.preview")}>
        <EmailText>{t("emails.greeting", { firstName: customer.firstName })}</EmailText>
        <EmailText>{t("emails.exclusiveCustomer.intro")}</EmailText>
        <DetailList locale={locale} rows={exclusiveFlightRows(flight, departureDate, t, locale)} />
        <EmailText>{t("emails.exclusiveCustomer.next")}</EmailText>
        <EmailText>{t("emails.signature")}</EmailText>
      </EmailLayout>
    ),
  }),
});
