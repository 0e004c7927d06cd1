import { Link } from "@remix-run/react";

import { useCo2Text } from "#app/components/co2-figures";
import { type CancelledFlightWays, type SimilarFlight, SimilarFlights } from "#app/components/similar-flights";
import { WaitlistForm } from "#app/components/waitlist-form";
import type { FlightListing } from "#app/flights/types";
import type { UnavailableReason } from "#app/orders/types";
import { formatDay, formatDuration, formatTime } from "#app/utils/format";
import { carrierText, type OperatingCarrier } from "#app/utils/operating-carrier";
import { useTranslation } from "#app/utils/translations";
import { useCityName } from "#app/utils/use-language";

import { CancelledPanel } from "./cancelled-panel";

type SummaryFlight = Pick<
  FlightListing,
  "departureDate" | "aircraftType" | "flightTime" | "availableSeats" | "departureAirport" | "arrivalAirport"
>;

/**
 * `withSeats: false` when the seats are nobody's to take: a flight staff marked sold out keeps the
 * feed's seat count, which the page must not offer. `carrier` undefined: not named on this page.
 */
export function FlightSummary({
  flight,
  withSeats = true,
  carrier,
}: {
  flight: SummaryFlight;
  withSeats?: boolean;
  carrier?: OperatingCarrier | null;
}) {
  const { t, language } = useTranslation("catalogue");
  const city = useCityName();
  const departure = new Date(flight.departureDate);
  const co2 = useCo2Text(flight);
  return (
    <header className="mt-4 rounded-3xl bg-navy-900 p-6 text-white">
      <p className="text-xs font-bold uppercase tracking-widest text-gold-300">{t("checkout.summary")}</p>
      <h1 className="mt-1 text-2xl font-bold sm:text-3xl">
        {t("flight.route", {
          from: city(flight.departureAirport.servedCity),
          to: city(flight.arrivalAirport.servedCity),
        })}
      </h1>
      <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-navy-200">{t("checkout.date")}</dt>
          <dd className="font-semibold">
            {formatDay(departure, language)}, {formatTime(departure)}
          </dd>
        </div>
        <div>
          <dt className="text-navy-200">{t("checkout.aircraft")}</dt>
          <dd className="font-semibold">{flight.aircraftType}</dd>
        </div>
        <div>
          <dt className="text-navy-200">{t("checkout.duration")}</dt>
          <dd className="font-semibold">{formatDuration(flight.flightTime, language)}</dd>
        </div>
        {withSeats ? (
          <div>
            <dt className="text-navy-200">{t("checkout.available")}</dt>
            <dd className="font-semibold">{flight.availableSeats}</dd>
          </div>
        ) : null}
        {carrier !== undefined ? (
          <div className="sm:col-span-2" data-testid="operating-carrier">
            <dt className="text-navy-200">{t("operator.label")}</dt>
            <dd className="font-semibold">{carrierText(carrier, t, language)}</dd>
          </div>
        ) : null}
        <div className="sm:col-span-2" data-testid="co2">
          <dt className="text-navy-200">{t("co2.title")}</dt>
          <dd className="font-semibold">
            {co2} –{" "}
            <Link to="/faq#co2" className="font-normal text-gold-300 underline">
              {t("co2.how")}
            </Link>
          </dd>
        </div>
      </dl>
    </header>
  );
}

export function UnavailablePanel({
  reason,
  flight,
  waitlisted = false,
  waysForward = null,
  similar = [],
}: {
  reason: UnavailableReason;
  flight: Pick<FlightListing, "id" | "departureAirport" | "arrivalAirport">;
  waitlisted?: boolean;
  waysForward?: CancelledFlightWays | null;
  similar?: SimilarFlight[];
}) {
  const { t } = useTranslation("catalogue");
  const city = useCityName();
  if (reason === "cancelled") return <CancelledPanel ways={waysForward} />;
  return (
    <section role="status" className="mt-8 rounded-2xl bg-white p-6 text-center ring-1 ring-navy-100">
      <h2 className="text-xl font-bold">{t("checkout.unavailable.title")}</h2>
      <p className="mt-2 text-navy-700">{t(`checkout.unavailable.${reason}`)}</p>
      {reason === "soldOut" ? (
        <div className="mx-auto mt-4 max-w-sm">
          <p className="mb-3 text-sm text-navy-700">{t("waitlist.checkoutIntro")}</p>
          <WaitlistForm
            flightId={flight.id}
            route={t("flight.route", {
              from: city(flight.departureAirport.servedCity),
              to: city(flight.arrivalAirport.servedCity),
            })}
            waiting={waitlisted}
          />
          <SimilarFlights flights={similar} className="mt-6 text-left" />
        </div>
      ) : null}
      <Link
        to="/empty-legs"
        className="mt-4 inline-block rounded-full bg-gold-400 px-5 py-2 font-semibold text-navy-900"
      >
        {t("checkout.unavailable.browse")}
      </Link>
    </section>
  );
}
