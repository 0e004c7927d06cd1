import { Link } from "@remix-run/react";

import { buttonClassName } from "#app/components/ui/button";
import { formatDay, formatTime } from "#app/utils/format";
import { useTranslation } from "#app/utils/translations";
import { useCityName } from "#app/utils/use-language";

export type SimilarFlight = {
  id: string;
  departureDate: string | Date;
  departureAirport: { servedCity: string };
  arrivalAirport: { servedCity: string };
};

export function SimilarFlights({ flights, className = "" }: { flights: SimilarFlight[]; className?: string }) {
  const { t, language } = useTranslation("catalogue");
  const city = useCityName();
  return (
    <section
      id="similar-flights"
      aria-labelledby="similar-flights-heading"
      className={className}
      data-testid="similar-flights"
    >
      <h3 id="similar-flights-heading" className="font-semibold">
        {t("similarFlights.title")}
      </h3>
      {flights.length > 0 ? (
        <>
          <p className="mt-1 text-sm text-navy-700">{t("similarFlights.intro")}</p>
          <ul className="mt-2 space-y-2">
            {flights.map((flight) => {
              const departure = new Date(flight.departureDate);
              const route = t("flight.route", {
                from: city(flight.departureAirport.servedCity),
                to: city(flight.arrivalAirport.servedCity),
              });
              return (
                <li key={flight.id}>
                  <Link to={`/checkout/${flight.id}`} className="font-semibold text-navy-800 underline">
                    {t("similarFlights.item", {
                      route,
                      day: formatDay(departure, language),
                      time: formatTime(departure),
                    })}
                  </Link>
                </li>
              );
            })}
          </ul>
        </>
      ) : (
        <p className="mt-1 text-sm text-navy-700">{t("similarFlights.none")}</p>
      )}
    </section>
  );
}

/** What a cancelled flight leaves its customer: similar flights, and the custom-flight request prefilled with the route and day. */
export type CancelledFlightWays = { similar: SimilarFlight[]; customFlightPath: string };

/** Decision 032: the ways on from a flight the operator cancelled, on its checkout and on its orders' pages. */
export function CancelledFlightWaysForward({ ways }: { ways: CancelledFlightWays | null }) {
  const { t } = useTranslation("catalogue");
  return (
    <>
      <SimilarFlights flights={ways?.similar ?? []} className="mt-6" />
      <div className="mt-6 flex flex-wrap gap-3">
        {ways ? (
          <Link to={ways.customFlightPath} className={`${buttonClassName("accent", "mdFlat")} inline-block`}>
            {t("checkout.cancelled.customFlight")}
          </Link>
        ) : null}
        <Link to="/empty-legs" className="inline-block rounded-full px-5 py-2 font-semibold text-navy-900 underline">
          {t("checkout.unavailable.browse")}
        </Link>
      </div>
    </>
  );
}
