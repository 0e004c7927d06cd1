import { formatDateTime, formatOrderAmount } from "#app/utils/format";

import { DetailList } from "../catalogue/details";
import { EmailButton } from "../components/button";
import { EmailFallbackLink, EmailLayout, EmailText } from "../components/layout";
import { defineMail } from "../define-mail";

export type OfferMailData = {
  firstName: string;
  version: number;
  from: string;
  to: string;
  /** ISO instants. */
  departureAt: string;
  departureUntil: string;
  aircraft: string;
  seats: number;
  priceCents: number;
  included: string;
  expiresAt: string;
  url: string;
};

/** To the customer: an offer answering their request (a new version voids the one before), to accept on its page. */
export const offerMail = defineMail<OfferMailData>({
  namespace: "offers",
  render: (offer, { t, locale }) => {
    const window =
      offer.departureUntil === offer.departureAt
        ? formatDateTime(new Date(offer.departureAt))
        : t("window", {
            from: formatDateTime(new Date(offer.departureAt)),
            until: formatDateTime(new Date(offer.departureUntil)),
          });
    return {
      subject: t(offer.version > 1 ? "mail.subjectNewVersion" : "mail.subject", { from: offer.from, to: offer.to }),
      body: (
        <EmailLayout locale={locale} preview={t("mail.preview")}>
          <EmailText>{t("mail.greeting", { firstName: offer.firstName })}</EmailText>
          <EmailText>{t(offer.version > 1 ? "mail.introNewVersion" : "mail.intro")}</EmailText>
          <DetailList
            locale={locale}
            rows={[
              [t("fields.route"), `${offer.from} → ${offer.to}`],
              [t("fields.departure"), window],
              [t("fields.aircraft"), t("aircraftSeats", { aircraft: offer.aircraft, count: offer.seats })],
              [t("fields.price"), formatOrderAmount(offer.priceCents, locale)],
              [t("fields.included"), offer.included],
              [t("fields.expires"), formatDateTime(new Date(offer.expiresAt))],
            ]}
          />
          <EmailButton href={offer.url}>{t("mail.button")}</EmailButton>
          <EmailFallbackLink label={t("mail.link")} href={offer.url} />
          <EmailText>{t("mail.signature")}</EmailText>
        </EmailLayout>
      ),
    };
  },
});
