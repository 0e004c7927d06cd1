import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { isSupportedLanguage, FALLBACK_LANGUAGE } from "#app/i18n";
import type { FlightListing } from "#app/models/flights.server";
import { pricePerPerson, seatCapacityFor } from "#app/services/pricing";
import { formatDay, formatDuration, formatEuros, formatTime } from "#app/utils/format";

type Props = { flight: Omit<FlightListing, "refreshedAt" | "arrivalDate"> };

export function FlightCard({ flight }: Props) {
  const { t, i18n } = useTranslation();
  const language = isSupportedLanguage(i18n.language) ? i18n.language : FALLBACK_LANGUAGE;
  const from = flight.departureAirport;
  const to = flight.arrivalAirport;
  const price = formatEuros(pricePerPerson(flight), language);
  const titleId = `flight-${flight.id}`;

  return (
    <article
      aria-labelledby={titleId}
      className="relative flex flex-col overflow-hidden rounded-2xl bg-white shadow-md ring-1 ring-navy-100"
    >
      <div className="bg-gradient-to-r from-navy-800 to-navy-600 px-5 py-4 text-white">
        <div className="flex items-center justify-between text-xs font-semibold uppercase tracking-wide">
          <span>{flight.aircraftType}</span>
          <span>{t("flight.seats", { count: seatCapacityFor(flight.aircraftType) })}</span>
        </div>
        <h3 id={titleId} className="mt-3 text-lg font-bold">
          {t("flight.route", { from: from.servedCity, to: to.servedCity })}
        </h3>
        <p className="text-sm text-navy-100">
          {from.icaoCode} → {to.icaoCode} · {formatDuration(flight.flightTime)}
        </p>
      </div>
      <dl className="grid grid-cols-2 gap-3 px-5 py-4 text-sm">
        <div>
          <dt className="text-navy-600">{t("flight.date")}</dt>
          <dd className="font-semibold">{formatDay(flight.departureDate, language)}</dd>
        </div>
        <div>
          <dt className="text-navy-600">{t("flight.time")}</dt>
          <dd className="font-semibold">{formatTime(flight.departureDate)}</dd>
        </div>
      </dl>
      <p className="px-5 text-base font-bold text-navy-900">{t("flight.pricePerPerson", { price })}</p>
      <div className="mt-auto px-5 pb-5 pt-4">
        {flight.isSoldout ? (
          <button
            type="button"
            disabled
            className="w-full cursor-not-allowed rounded-full bg-navy-100 px-4 py-2 font-semibold text-navy-600"
          >
            {t("flight.full")}
          </button>
        ) : (
          <Link
            to={`/checkout/${flight.id}`}
            className="block w-full rounded-full bg-gold-400 px-4 py-2 text-center font-semibold text-navy-900 hover:bg-gold-300"
          >
            {t("flight.book")}
          </Link>
        )}
      </div>
      {flight.isSoldout ? (
        <div className="pointer-events-none absolute inset-0 flex items-center justify-center bg-navy-900/40">
          <span className="-rotate-12 rounded bg-red-600 px-4 py-1 text-xl font-extrabold tracking-widest text-white">
            {t("flight.soldOut")}
          </span>
        </div>
      ) : null}
    </article>
  );
}
