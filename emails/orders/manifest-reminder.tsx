import { cityName } from "#app/content/city-names";
import type { Language } from "#app/i18n";
import { formatDay, formatTime } from "#app/utils/format";

import { EmailButton } from "../components/button";
import { EmailFallbackLink, EmailLayout, EmailText } from "../components/layout";
import { defineMail } from "../define-mail";

/** What both messages before a flight show (orders/travel-messages.server.ts builds it from the order). */
export type TravelMailData = {
  firstName: string;
  /** The order's reference, `JM-…`. */
  reference: string;
  /** Cities as stored (shown in the mail's language); instants ISO, shown in Europe/Zurich. */
  from: string;
  to: string;
  fromIcao: string;
  toIcao: string;
  departure: string;
  /** The customer's last moment to edit the manifest. */
  deadline: string;
  /** Manifest fields still to give (0: complete). */
  missing: number;
  /** The manifest page, with this mail's own link key. */
  manifestUrl: string;
};

/** The route, the departure and the deadline as the mail's sentences place them. */
export function travelValues(data: TravelMailData, locale: Language) {
  const departure = new Date(data.departure);
  const deadline = new Date(data.deadline);
  return {
    reference: data.reference,
    from: cityName(data.from, locale),
    to: cityName(data.to, locale),
    date: formatDay(departure, locale),
    time: formatTime(departure),
    deadlineDate: formatDay(deadline, locale),
    deadlineTime: formatTime(deadline),
  };
}

/** 72 and 30 hours before a flight whose manifest is incomplete: what is missing, until when, and where. */
export const manifestReminder = defineMail<TravelMailData>({
  namespace: "mail",
  render: (data, { t, locale }) => {
    const values = travelValues(data, locale);
    return {
      subject: t("travel.reminder.subject", values),
      body: (
        <EmailLayout locale={locale} preview={t("travel.reminder.preview", values)}>
          <EmailText>{t("common.greeting", { firstName: data.firstName })}</EmailText>
          <EmailText>{t("travel.reminder.intro", values)}</EmailText>
          <EmailText>{t("travel.reminder.missing", { count: data.missing })}</EmailText>
          <EmailText>
            {t("travel.reminder.deadline", { date: values.deadlineDate, time: values.deadlineTime })}
          </EmailText>
          <EmailButton href={data.manifestUrl}>{t("travel.reminder.button")}</EmailButton>
          <EmailText>{t("common.signature")}</EmailText>
          <EmailFallbackLink label={t("travel.reminder.link")} href={data.manifestUrl} />
        </EmailLayout>
      ),
    };
  },
});
