import { countryName } from "#app/content/country-names";

import { EmailLayout, EmailText } from "../components/layout";
import { defineMail } from "../define-mail";
import { DetailList, exclusiveFlightRows } from "./details";
import type { ExclusiveRequestMailData } from "./types";

/** To staff (STAFF_EMAIL) when an exclusive flight is requested. */
export const exclusiveRequestStaff = defineMail<ExclusiveRequestMailData>({
  namespace: "catalogue",
  render: ({ requestId, flight, departureDate, customer, language }, { t, locale }) => ({
    subject: t("emails.exclusiveStaff.subject", { firstName: customer.firstName, lastName: customer.lastName }),
    body: (
      <EmailLayout locale={locale} preview={t("emails.exclusiveStaff.preview")}>
        <EmailText>{t("emails.exclusiveStaff.intro")}</EmailText>
        <DetailList locale={locale} rows={exclusiveFlightRows(flight, departureDate, t, locale)} />
        <DetailList
          locale={locale}
          rows={[
            [t("emails.fields.name"), `${customer.firstName} ${customer.lastName}`],
            [t("emails.fields.email"), customer.email],
            [t("emails.fields.phone"), customer.phone],
            [
              t("emails.fields.address"),
              `${customer.address}, ${customer.zipCode} ${customer.city}, ${countryName(customer.country, locale)}`,
            ],
            [t("emails.fields.language"), language],
            [t("emails.fields.message"), customer.message || "–"],
            [t("emails.fields.reference"), requestId],
          ]}
        />
      </EmailLayout>
    ),
  }),
});
