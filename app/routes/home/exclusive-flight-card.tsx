import { Link } from "@remix-run/react";

import { CityArt } from "#app/components/city-art";
import { buttonClassName } from "#app/components/ui/button";
import { EXCLUSIVE_AIRCRAFT, type ExclusiveFlight } from "#app/content/exclusive-flights";
import { formatSwissEuros } from "#app/utils/format";
import { useTranslation } from "#app/utils/translations";
import { useCityName } from "#app/utils/use-language";

export function ExclusiveFlightCard({ flight }: { flight: ExclusiveFlight }) {
  const { t } = useTranslation("catalogue");
  const city = useCityName();
  const titleId = `exclusive-${flight.id}`;
  return (
    <article
      aria-labelledby={titleId}
      className="flex h-full flex-col overflow-hidden rounded-2xl bg-white shadow-md ring-1 ring-navy-100"
    >
      <div className="relative h-28">
        <CityArt city={flight.arrival} lazy={false} />
        <span className="absolute left-3 top-3 rounded-full bg-navy-900 px-3 py-1 text-xs font-bold uppercase tracking-wide text-gold-300">
          {t(`exclusive.type.${flight.type}`)}
        </span>
      </div>
      <div className="flex flex-1 flex-col gap-3 p-5">
        <h3 id={titleId} className="text-lg font-bold">
          {flight.type === "round-trip"
            ? t("exclusive.roundTripRoute", { from: city(flight.departure), to: city(flight.arrival) })
            : t("flight.route", { from: city(flight.departure), to: city(flight.arrival) })}
        </h3>
        <dl className="space-y-1 text-sm">
          <div className="flex gap-2">
            <dt className="text-navy-600">{t("exclusive.outbound")}</dt>
            <dd className="font-semibold">
              {t(`exclusive.days.${flight.departureDay}`)}, {t(`exclusive.times.${flight.departureTime}`)}
            </dd>
          </div>
          {flight.returnDay && flight.returnTime ? (
            <div className="flex gap-2">
              <dt className="text-navy-600">{t("exclusive.return")}</dt>
              <dd className="font-semibold">
                {t(`exclusive.days.${flight.returnDay}`)}, {t(`exclusive.times.${flight.returnTime}`)}
              </dd>
            </div>
          ) : null}
          <div className="flex gap-2">
            <dt className="text-navy-600">{t("exclusive.aircraft")}</dt>
            <dd className="font-semibold">
              {EXCLUSIVE_AIRCRAFT.name} | {t("flight.seats", { count: EXCLUSIVE_AIRCRAFT.seats })}
            </dd>
          </div>
        </dl>
        <p className="mt-auto text-2xl font-extrabold text-navy-900">
          {formatSwissEuros(flight.price)}{" "}
          <span className=" text-sm font-medium text-navy-600">{t("exclusive.perAircraft")}</span>
        </p>
        <Link
          to={`/exclusive-booking/${flight.id}`}
          aria-describedby={titleId}
          className={`${buttonClassName("accent", "sm")} block text-center`}
        >
          {t("exclusive.book")}
        </Link>
      </div>
    </article>
  );
}
