import { cityName } from "#app/content/city-names";
import { formatDayKey } from "#app/utils/format";

import { EmailLayout, EmailText } from "../components/layout";
import { defineMail } from "../define-mail";
import { DetailList } from "./details";
import type { CustomRequestMailData } from "./types";

/** To staff when a made-to-measure quote is requested. */
export const customRequestStaff = defineMail<CustomRequestMailData>({
  namespace: "catalogue",
  render: ({ requestId, request, language }, { t, locale }) => ({
    subject: t("emails.customStaff.subject", { firstName: request.firstName, lastName: request.lastName }),
    body: (
      <EmailLayout locale={locale} preview={t("emails.customStaff.preview")}>
        <EmailText>{t("emails.customStaff.intro")}</EmailText>
        <DetailList
          locale={locale}
          rows={[
            [t("emails.fields.departure"), cityName(request.departure, locale)],
            [t("emails.fields.arrival"), request.arrival],
            [t("emails.fields.date"), formatDayKey(request.date, locale)],
            [t("emails.fields.passengers"), String(request.passengers)],
            [t("emails.fields.name"), `${request.firstName} ${request.lastName}`],
            [t("emails.fields.email"), request.email],
            [t("emails.fields.phone"), request.phone],
            [t("emails.fields.language"), language],
            [t("emails.fields.reference"), requestId],
          ]}
        />
      </EmailLayout>
    ),
  }),
});
