// An offer as a page shows it (docs/decisions/058-offers.md): its state at `now`, dates in Zurich time, the price in
// the reader's language. Pure: the customer's page, the staff's request page and the tests build it the same way.
import { cityName } from "#app/content/city-names";
import type { Language } from "#app/i18n";
import type { OfferStatus } from "#app/utils/constants";
import { formatDateTime, formatOrderAmount } from "#app/utils/format";
import { type OperatingCarrier, operatingCarrier } from "#app/utils/operating-carrier";

/** What the pages and the inbox call an offer: an open offer past its expiry is expired, though stored open. */
export type OfferState = OfferStatus | "expired";

export function offerState(offer: { status: OfferStatus; expiresAt: Date }, now: Date): OfferState {
  return offer.status === "open" && offer.expiresAt.getTime() <= now.getTime() ? "expired" : offer.status;
}

export type OfferView = {
  id: string;
  version: number;
  state: OfferState;
  route: string;
  departure: string;
  aircraft: string;
  seats: number;
  price: string;
  included: string;
  expires: string;
  orderId: string | null;
  carrier: OperatingCarrier | null;
};

type OfferFacts = {
  id: string;
  version: number;
  status: OfferStatus;
  expiresAt: Date;
  fromCity: string;
  toCity: string;
  departureAt: Date;
  departureUntil: Date;
  aircraftModel: string;
  seats: number;
  priceCents: number;
  included: string;
  orderId: string | null;
  operatorName: string | null;
  operatorAoc: string | null;
  operatorState: string | null;
  aircraftRegistration: string | null;
};

/** `window` joins the window's two ends in the reader's language ("entre … et …"). */
export function offerView(
  offer: OfferFacts,
  { now, locale, window }: { now: Date; locale: Language; window: (from: string, until: string) => string },
): OfferView {
  const from = formatDateTime(offer.departureAt);
  return {
    id: offer.id,
    version: offer.version,
    state: offerState(offer, now),
    route: `${cityName(offer.fromCity, locale)} → ${cityName(offer.toCity, locale)}`,
    departure:
      offer.departureUntil.getTime() > offer.departureAt.getTime()
        ? window(from, formatDateTime(offer.departureUntil))
        : from,
    aircraft: offer.aircraftModel,
    seats: offer.seats,
    price: formatOrderAmount(offer.priceCents, locale),
    included: offer.included,
    expires: formatDateTime(offer.expiresAt),
    orderId: offer.orderId,
    carrier: operatingCarrier(offer),
  };
}
