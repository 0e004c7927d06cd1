import { Link } from "@remix-run/react";
import { formatDay, formatTime } from "#app/utils/format";
import { useTranslation } from "#app/utils/translations";
import { useCityName } from "#app/utils/use-language";

/** The ways forward from a cancelled flight (flights/flight-life.server.ts `waysForward`). */
export type CancelledFlightWays = {
  similar: Array<{
    id: string;
    departureDate: string | Date;
    departureAirport: { servedCity: string };
    arrivalAirport: { servedCity: string };
  }>;
  customFlightPath: string;
};

/**
 * In place of the form on a cancelled flight (decision 032): 'Ce vol a été annulé', similar
 * upcoming flights from the same departure, and the custom-flight request prefilled with
 * the route and day.
 */
export function CancelledPanel({ ways }: { ways: CancelledFlightWays | null }) {
  const { t, language } = useTranslation("catalogue");
  const city = useCityName();
  return (
    <section
      role="status"
      aria-labelledby="cancelled-heading"
      className="mt-8 rounded-2xl bg-white p-6 ring-1 ring-navy-100"
    >
      <h2 id="cancelled-heading" className="text-xl font-bold">
        {t("checkout.cancelled.title")}
      </h2>
      <p className="mt-2 text-navy-700">{t("checkout.unavailable.cancelled")}</p>
      <h3 className="mt-6 font-semibold">{t("checkout.cancelled.similar")}</h3>
      {ways && ways.similar.length > 0 ? (
        <ul className="mt-2 space-y-2" data-testid="similar-flights">
          {ways.similar.map((flight) => {
            const departure = new Date(flight.departureDate);
            return (
              <li key={flight.id}>
                <Link to={`/checkout/${flight.id}`} className="font-semibold text-navy-800 underline">
                  {t("flight.route", {
                    from: city(flight.departureAirport.servedCity),
                    to: city(flight.arrivalAirport.servedCity),
                  })}
                  , {formatDay(departure, language)}, {formatTime(departure)}
                </Link>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="mt-2 text-navy-700">{t("checkout.cancelled.none")}</p>
      )}
      <div className="mt-6 flex flex-wrap gap-3">
        {ways ? (
          <Link
            to={ways.customFlightPath}
            className="inline-block rounded-full bg-gold-400 px-5 py-2 font-semibold text-navy-900"
          >
            {t("checkout.cancelled.customFlight")}
          </Link>
        ) : null}
        <Link to="/empty-legs" className="inline-block rounded-full px-5 py-2 font-semibold text-navy-900 underline">
          {t("checkout.unavailable.browse")}
        </Link>
      </div>
    </section>
  );
}
