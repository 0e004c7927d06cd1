import { cityName } from "#app/content/city-names";
import type { FlightCancelReason } from "#app/utils/constants";
import { formatOrderAmount } from "#app/utils/format";

import { DetailList } from "../catalogue/details";
import { EmailFallbackLink, EmailLayout, EmailText } from "../components/layout";
import { defineMail } from "../define-mail";
import { dayAndTime } from "../orders/order-parts";

export type StaffFlightCancelledMailData = {
  /** Stored city names; departure an ISO instant shown in Europe/Zurich. */
  from: string;
  to: string;
  departure: string;
  reason: FlightCancelReason;
  /** Staff's words for 'other'. */
  note: string | null;
  /** True when the feed cancelled it (the sync), false for a staff member. */
  bySync: boolean;
  /** Who cancelled it; absent from mails queued before it was sent, null once that account is deleted. */
  byName?: string | null;
  orders: number;
  released: number;
  releasedCents: number;
  refunded: number;
  refundedCents: number;
  /** Refunds the provider refused and payments made outside the site: staff refund them by hand. */
  toHandle: number;
  toHandleCents: number;
  /** The orders tab's 'Remboursement à traiter' list. */
  adminUrl: string;
};

/** To staff, once per cancelled flight (flights/flight-life.server.ts): what the cascade moved. */
export const staffFlightCancelled = defineMail<StaffFlightCancelledMailData>({
  namespace: "admin",
  render: (data, { t, locale }) => {
    const values = {
      from: cityName(data.from, locale),
      to: cityName(data.to, locale),
      date: dayAndTime(data.departure, locale),
    };
    const money = (cents: number) => formatOrderAmount(cents, locale);
    return {
      subject: t("flightCancel.mail.subject", values),
      body: (
        <EmailLayout locale={locale} preview={t("flightCancel.mail.intro", values)}>
          <EmailText>{t("flightCancel.mail.intro", values)}</EmailText>
          <DetailList
            locale={locale}
            rows={[
              [
                t("flightCancel.mail.by"),
                data.bySync ? t("flightCancel.mail.bySync") : (data.byName ?? t("flightCancel.mail.byStaff")),
              ],
              [t("flightCancel.mail.reason"), t(`flightCancel.reasons.${data.reason}`)],
              ...(data.note ? [[t("flightCancel.mail.note"), data.note] as [string, string]] : []),
              [t("flightCancel.mail.orders"), String(data.orders)],
              [t("flightCancel.mail.released"), `${data.released} · ${money(data.releasedCents)}`],
              [t("flightCancel.mail.refunded"), `${data.refunded} · ${money(data.refundedCents)}`],
              [t("flightCancel.mail.toHandle"), `${data.toHandle} · ${money(data.toHandleCents)}`],
            ]}
          />
          {data.toHandle > 0 ? <EmailText>{t("flightCancel.mail.toHandleHelp")}</EmailText> : null}
          <EmailFallbackLink label={t("flightCancel.mail.adminLink")} href={data.adminUrl} />
        </EmailLayout>
      ),
    };
  },
});
