import { Link, Text } from "@react-email/components";

import { cityName } from "#app/content/city-names";
import { formatDay, formatTime } from "#app/utils/format";

import { EmailButton } from "../components/button";
import { EmailLayout, EmailText } from "../components/layout";
import { colors } from "../components/theme";
import { defineMail } from "../define-mail";

export type SeatReleasedMailData = {
  firstName: string;
  /** Cities as stored (shown in the mail's language); departure an ISO instant shown in Europe/Zurich. */
  from: string;
  to: string;
  departure: string;
  /** The flight's checkout page. */
  bookUrl: string;
  /** Where the waitlist can be left (the dashboard's 'Liste d'attente'). */
  dashboardUrl: string;
};

/** To a user on a flight's waitlist: seats came back on it (alerts/waitlist.server.ts). */
export const seatReleased = defineMail<SeatReleasedMailData>({
  namespace: "mail",
  render: (data, { t, locale }) => {
    const departure = new Date(data.departure);
    const values = {
      from: cityName(data.from, locale),
      to: cityName(data.to, locale),
      date: formatDay(departure, locale),
      time: formatTime(departure),
    };
    return {
      subject: t("seatReleased.subject", values),
      body: (
        <EmailLayout locale={locale} preview={t("seatReleased.preview", values)}>
          <EmailText>{t("common.greeting", { firstName: data.firstName })}</EmailText>
          <EmailText>{t("seatReleased.intro", values)}</EmailText>
          <EmailText>{t("seatReleased.hurry")}</EmailText>
          <EmailButton href={data.bookUrl}>{t("seatReleased.button")}</EmailButton>
          <EmailText>{t("common.signature")}</EmailText>
          <Text style={{ margin: "16px 0 0", fontSize: "13px", lineHeight: "20px", color: colors.muted }}>
            {t("seatReleased.why")}{" "}
            <Link href={data.dashboardUrl} style={{ color: colors.navy }}>
              {t("seatReleased.leave")}
            </Link>
          </Text>
        </EmailLayout>
      ),
    };
  },
});
