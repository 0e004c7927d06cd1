import { Link, Text } from "@react-email/components";

import { cityName } from "#app/content/city-names";
import { company } from "#app/content/company";
import type { LuggageLimits } from "#app/content/luggage";
import { formatTime } from "#app/utils/format";
import type { TFunction } from "#app/utils/translator";

import { DetailList } from "../catalogue/details";
import { EmailButton } from "../components/button";
import { EmailFallbackLink, EmailLayout, EmailText } from "../components/layout";
import { colors } from "../components/theme";
import { defineMail } from "../define-mail";
import { type TravelMailData, travelValues } from "./manifest-reminder";

export type TravelDayMailData = TravelMailData & {
  /** The order page, with the same key as `manifestUrl`. */
  url: string;
  /** ISO instant: the departure less the flight's check-in minutes. */
  checkIn: string;
  checkInMinutes: number;
  /** The terminal or FBO with its address; null: the airport's business aviation terminal. */
  terminal: string | null;
  /** The departure airport on OpenStreetMap; null when its position is unknown. */
  mapUrl: string | null;
  /** Null until the feed or staff name them. */
  operatorName: string | null;
  registration: string | null;
  aircraftType: string;
  travellers: number;
  limits: LuggageLimits;
  /** What the customer declared with the manifest; null when not yet. */
  luggage: { pieces: number; kg: number; pets: number } | null;
  /** locked: fields are missing and the customer's deadline passed (staff complete it). */
  manifest: "complete" | "missing" | "locked";
};

function luggageRows(data: TravelDayMailData, t: TFunction, locale: string): Array<[string, string]> {
  const { limits, luggage } = data;
  // The locale's own list ("a, b" or "a und b"), never a bare semicolon a French reader would space.
  const allowance = new Intl.ListFormat(locale, { type: "unit", style: "long" }).format([
    t("travel.day.allowance", { count: limits.piecesPerPassenger, kg: limits.kgPerPassenger }),
    t("travel.day.petsAllowed", { count: limits.pets }),
  ]);
  const declared = luggage
    ? [
        t("travel.day.declared", { count: luggage.pieces, kg: luggage.kg }),
        ...(luggage.pets > 0 ? [t("travel.day.declaredPets", { count: luggage.pets })] : []),
      ].join(", ")
    : t("travel.day.notDeclared");
  return [
    [t("travel.day.fields.allowance"), allowance],
    [t("travel.day.fields.declared"), declared],
  ];
}

/** 48 hours before the flight: where and when to be, what to bring, who flies, and the manifest's state. */
export const travelDay = defineMail<TravelDayMailData>({
  namespace: "mail",
  render: (data, { t, locale }) => {
    const values = travelValues(data, locale);
    const city = cityName(data.from, locale);
    const checkIn = formatTime(new Date(data.checkIn));
    const confirmedLater = t("travel.day.toBeConfirmed");
    const contact = { phone: company.reservationsPhone, email: company.customerServiceEmail };
    const deadline = { date: values.deadlineDate, time: values.deadlineTime };
    return {
      subject: t("travel.day.subject", values),
      body: (
        <EmailLayout locale={locale} preview={t("travel.day.preview", { city, checkIn })}>
          <EmailText>{t("common.greeting", { firstName: data.firstName })}</EmailText>
          <EmailText>{t("travel.day.intro", values)}</EmailText>
          <DetailList
            locale={locale}
            rows={[
              [t("travel.day.fields.departure"), `${values.date}, ${values.time}`],
              [t("travel.day.fields.airport"), `${city} (${data.fromIcao})`],
              [t("travel.day.fields.meetingPoint"), data.terminal ?? t("travel.day.businessTerminal")],
              [
                t("travel.day.fields.checkIn"),
                t("travel.day.checkInValue", { time: checkIn, minutes: data.checkInMinutes }),
              ],
              [t("travel.day.fields.aircraft"), data.aircraftType],
              [t("travel.day.fields.operator"), data.operatorName ?? confirmedLater],
              [t("travel.day.fields.registration"), data.registration ?? confirmedLater],
              ...luggageRows(data, t, locale),
            ]}
          />
          {data.terminal === null ? <EmailText>{t("travel.day.meetingGeneral")}</EmailText> : null}
          {data.mapUrl ? (
            <Text style={{ margin: "0 0 16px", fontSize: "16px", lineHeight: "24px" }}>
              <Link href={data.mapUrl} style={{ color: colors.navy }}>
                {t("travel.day.map")}
              </Link>
            </Text>
          ) : null}
          <EmailText>{t("travel.day.checkIn", { time: checkIn, minutes: data.checkInMinutes })}</EmailText>
          {data.operatorName === null || data.registration === null ? (
            <EmailText>{t("travel.day.operatorPending")}</EmailText>
          ) : null}
          {data.manifest === "complete" ? <EmailText>{t("travel.day.manifestComplete")}</EmailText> : null}
          {data.manifest === "missing" ? (
            <>
              <EmailText>{t("travel.day.manifestMissing", { count: data.missing, ...deadline })}</EmailText>
              <EmailButton href={data.manifestUrl}>{t("travel.day.manifestButton")}</EmailButton>
            </>
          ) : null}
          {data.manifest === "locked" ? (
            <EmailText>{t("travel.day.manifestLocked", { count: data.missing, ...contact })}</EmailText>
          ) : null}
          <EmailText>{t("travel.day.contact", contact)}</EmailText>
          {data.manifest === "missing" ? null : <EmailButton href={data.url}>{t("travel.day.button")}</EmailButton>}
          <EmailText>{t("common.signature")}</EmailText>
          <EmailFallbackLink label={t("travel.day.orderLink")} href={data.url} />
        </EmailLayout>
      ),
    };
  },
});
