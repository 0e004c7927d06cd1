import { cityName } from "#app/content/city-names";
import { formatDayKey } from "#app/utils/format";

import { EmailLayout, EmailText } from "../components/layout";
import { defineMail } from "../define-mail";
import { DetailList } from "./details";
import type { CustomRequestMailData } from "./types";

/** To the customer: we received the quote request. */
export const customRequestCustomer = defineMail<CustomRequestMailData>({
  namespace: "catalogue",
  render: ({ request }, { t, locale }) => ({
    subject: t("emails.customCustomer.subject"),
    body: (
      <EmailLayout locale={locale} preview={t("emails.customCustomer.preview")}>
        <EmailText>{t("emails.greeting", { firstName: request.firstName })}</EmailText>
        <EmailText>{t("emails.customCustomer.intro")}</EmailText>
        <DetailList
          locale={locale}
          rows={[
            [t("emails.fields.departure"), cityName(request.departure, locale)],
            [t("emails.fields.arrival"), request.arrival],
            [t("emails.fields.date"), formatDayKey(request.date, locale)],
            [t("emails.fields.passengers"), String(request.passengers)],
          ]}
        />
        <EmailText>{t("emails.customCustomer.next")}</EmailText>
        <EmailText>{t("emails.signature")}</EmailText>
      </EmailLayout>
    ),
  }),
});
