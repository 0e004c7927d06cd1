import { Link, Section, Text } from "@react-email/components";

import { cityName } from "#app/content/city-names";
import { formatDay, formatEuros, formatTime } from "#app/utils/format";

import { EmailButton } from "../components/button";
import { EmailLayout, EmailText } from "../components/layout";
import { colors } from "../components/theme";
import { defineMail } from "../define-mail";

export type FlightAlertMailData = {
  firstName: string;
  /**
   * The newly matching flights, soonest first: cities as stored (shown in the mail's
   * language), departure an ISO instant shown in Europe/Zurich, the price per person in
   * whole euros (formatted in the mail's language).
   */
  flights: Array<{ from: string; to: string; departure: string; pricePerPerson: number; url: string }>;
  listUrl: string;
  profileUrl: string;
  /** Stops every alert without signing in (alerts/alert-unsubscribe.server.ts). */
  unsubscribeUrl: string;
};

/** To a customer: the new flights from the countries they follow (alerts/flight-alerts.server.ts). */
export const flightAlert = defineMail<FlightAlertMailData>({
  namespace: "mail",
  unsubscribeUrl: (data) => data.unsubscribeUrl,
  render: (data, { t, locale }) => ({
    subject: t("flightAlert.subject", { count: data.flights.length }),
    body: (
      <EmailLayout locale={locale} preview={t("flightAlert.preview", { count: data.flights.length })}>
        <EmailText>{t("common.greeting", { firstName: data.firstName })}</EmailText>
        <EmailText>{t("flightAlert.intro", { count: data.flights.length })}</EmailText>
        <Section style={{ margin: "0 0 16px" }}>
          {data.flights.map((flight) => {
            const departure = new Date(flight.departure);
            return (
              <Text
                key={flight.url}
                style={{ margin: "0 0 8px", fontSize: "16px", lineHeight: "24px", color: colors.text }}
              >
                <Link href={flight.url} style={{ color: colors.navy, fontWeight: 700 }}>
                  {t("flightAlert.route", { from: cityName(flight.from, locale), to: cityName(flight.to, locale) })}
                </Link>
                <br />
                {t("flightAlert.when", { date: formatDay(departure, locale), time: formatTime(departure) })}
                <br />
                {t("flightAlert.price", { price: formatEuros(flight.pricePerPerson, locale) })}
              </Text>
            );
          })}
        </Section>
        <EmailButton href={data.listUrl}>{t("flightAlert.button")}</EmailButton>
        <EmailText>{t("common.signature")}</EmailText>
        <Text style={{ margin: "16px 0 0", fontSize: "13px", lineHeight: "20px", color: colors.muted }}>
          {t("flightAlert.why")}{" "}
          <Link href={data.profileUrl} style={{ color: colors.navy }}>
            {t("flightAlert.settings")}
          </Link>{" "}
          ·{" "}
          <Link href={data.unsubscribeUrl} style={{ color: colors.navy }}>
            {t("flightAlert.unsubscribe")}
          </Link>
        </Text>
      </EmailLayout>
    ),
  }),
});
