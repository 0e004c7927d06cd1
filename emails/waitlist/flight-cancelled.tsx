import { cityName } from "#app/content/city-names";
import { formatDay, formatTime } from "#app/utils/format";

import { EmailButton } from "../components/button";
import { EmailLayout, EmailText } from "../components/layout";
import { defineMail } from "../define-mail";

export type WaitlistFlightCancelledMailData = {
  firstName: string;
  /** Cities as stored (shown in the mail's language); departure an ISO instant shown in Europe/Zurich. */
  from: string;
  to: string;
  departure: string;
  /** Other flights (the empty-leg list from the same departure). */
  flightsUrl: string;
};

/** To a user on a flight's waitlist: the flight was cancelled (flights/flight-life.server.ts, decision 032). */
export const waitlistFlightCancelled = defineMail<WaitlistFlightCancelledMailData>({
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
      subject: t("waitlistFlightCancelled.subject", values),
      body: (
        <EmailLayout locale={locale} preview={t("waitlistFlightCancelled.intro", values)}>
          <EmailText>{t("common.greeting", { firstName: data.firstName })}</EmailText>
          <EmailText>{t("waitlistFlightCancelled.intro", values)}</EmailText>
          <EmailText>{t("waitlistFlightCancelled.others")}</EmailText>
          <EmailButton href={data.flightsUrl}>{t("waitlistFlightCancelled.button")}</EmailButton>
          <EmailText>{t("common.signature")}</EmailText>
        </EmailLayout>
      ),
    };
  },
});
