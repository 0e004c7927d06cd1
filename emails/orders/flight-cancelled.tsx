import { Link } from "@react-email/components";

import { cityName } from "#app/content/city-names";
import { formatOrderAmount } from "#app/utils/format";

import { EmailFallbackLink, EmailText } from "../components/layout";
import { colors } from "../components/theme";
import { defineMail } from "../define-mail";
import type { FlightCancelledMailData } from "./order-mail-data";
import { CustomerOrderMail, dayAndTime, subjectValues } from "./order-parts";

/**
 * To each customer of a cancelled flight (flights/flight-life.server.ts): what happened,
 * what happens to their money, similar flights from the same departure and the
 * custom-flight request prefilled with the route and day.
 */
export const flightCancelled = defineMail<FlightCancelledMailData>({
  namespace: "catalogue",
  render: (order, { t, locale }) => {
    const values = { ...subjectValues(order, locale), date: dayAndTime(order.departure, locale) };
    const intro = t("emails.flightCancelled.intro", values);
    return {
      subject: t("emails.flightCancelled.subject", values),
      body: (
        <CustomerOrderMail
          order={order}
          t={t}
          locale={locale}
          preview={intro}
          action={{ href: order.customFlightUrl, label: t("emails.flightCancelled.customFlight") }}
          after={
            order.similar.length > 0 ? (
              <>
                <EmailText>{t("emails.flightCancelled.similar")}</EmailText>
                {order.similar.map((flight) => (
                  <EmailText key={flight.url}>
                    <Link href={flight.url} style={{ color: colors.navy }}>
                      {t("emails.flightCancelled.similarFlight", {
                        from: cityName(flight.from, locale),
                        to: cityName(flight.to, locale),
                        date: dayAndTime(flight.departure, locale),
                      })}
                    </Link>
                  </EmailText>
                ))}
              </>
            ) : null
          }
        >
          <EmailText>{intro}</EmailText>
          <EmailText>
            {t(`emails.flightCancelled.money.${order.money}`, {
              amount: formatOrderAmount(order.refundCents, locale),
            })}
          </EmailText>
          {order.creditNoteUrl ? (
            <EmailFallbackLink label={t("emails.orders.creditNote")} href={order.creditNoteUrl} />
          ) : null}
          <EmailText>{t("emails.flightCancelled.sorry")}</EmailText>
        </CustomerOrderMail>
      ),
    };
  },
});
