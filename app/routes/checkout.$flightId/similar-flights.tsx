import { Link } from "@remix-run/react";

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
