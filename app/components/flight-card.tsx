import { Link } from "@remix-run/react";

import { Button, buttonClassName } from "#app/components/ui/button";
import { cityName } from "#app/content/city-names";
import { pricePerPerson } from "#app/flights/pricing";
import { probabilityLevel } from "#app/flights/probability";
import type { CardFlight } from "#app/flights/types";
import { formatAgo, formatDay, formatDuration, formatEuros, formatTime } from "#app/utils/format";
import { useTranslation } from "#app/utils/translations";
import { useNumberLocale } from "#app/utils/use-language";

import { CityArt } from "./city-art";
import { Co2Line } from "./co2-figures";
import { FavoriteButton } from "./favorite-button";
import { WaitlistForm } from "./waitlist-form";

type Props = {
  flight: CardFlight;
  isFavorite?: boolean;
  isWaitlisted?: boolean;
  /** The loader's clock, so server and browser print the same freshness. */
  now: Date;
  /** When a radius brought the departure airport in (decision 036). */
  distance?: { km: number; fromCity: string };
  /** The id of a list's one `PriceNote`, which the card's 'i' opens instead of a note of its own. */
  priceNoteId?: string;
};

export function FlightCard({ flight, now, isFavorite = false, isWaitlisted = false, distance, priceNoteId }: Props) {
  const { t, language } = useTranslation("catalogue");
  const numberLocale = useNumberLocale();
  const from = flight.departureAirport;
  const to = flight.arrivalAirport;
  const fromCity = cityName(from.servedCity, language);
  const toCity = cityName(to.servedCity, language);
  const price = formatEuros(pricePerPerson(flight), numberLocale);
  const level = probabilityLevel(flight.probability);
  const titleId = `flight-${flight.id}`;
  const priceInfoId = priceNoteId ?? `price-info-${flight.id}`;

  return (
    <article
      aria-labelledby={titleId}
      className="group relative flex h-full flex-col overflow-hidden rounded-2xl bg-white shadow-md ring-1 ring-navy-100"
    >
      {/* The navy backing shows while the drawings load (lazily, below the fold). */}
      <div className="relative h-32 bg-gradient-to-b from-navy-700 to-navy-900">
        <div className={`absolute inset-0 grid grid-cols-2 ${flight.isSoldOut ? "grayscale-[60%]" : ""}`}>
          <CityArt city={from.servedCity} />
          <CityArt city={to.servedCity} />
        </div>
        <div className="absolute inset-0 bg-gradient-to-t from-navy-900/80 via-navy-900/10 to-transparent" />
        {/* Over the drawing only: the date, time and price below stay readable (docs/catalogue.md). */}
        {flight.isSoldOut ? (
          <div className="pointer-events-none absolute inset-0 flex items-center justify-center bg-navy-900/40 pb-5">
            <span className="-rotate-3 rounded bg-red-700 px-3 py-0.5 text-base font-extrabold tracking-widest text-white shadow-md">
              {t("flight.soldOut")}
            </span>
          </div>
        ) : null}
        <div className="absolute left-3 right-14 top-3 flex flex-wrap gap-2 text-xs font-bold">
          <span className="rounded-full bg-white/90 px-2 py-1 text-navy-900">{flight.aircraftType}</span>
          <span className="rounded-full bg-white/90 px-2 py-1 text-navy-900">
            {flight.isSoldOut ? t("flight.seatsNone") : t("flight.seatsLeft", { count: flight.availableSeats })}
          </span>
        </div>
        <FavoriteButton flightId={flight.id} from={fromCity} to={toCity} isFavorite={isFavorite} />
        {/* On its own dark backing: the artwork under it can be light (snow, sky). */}
        <h3
          id={titleId}
          className="absolute bottom-2 left-3 max-w-[calc(100%-1.5rem)] rounded-lg bg-navy-900/85 px-2 py-0.5 text-lg font-bold text-white"
        >
          {t("flight.route", { from: fromCity, to: toCity })}
        </h3>
      </div>

      <div className="flex flex-1 flex-col gap-3 px-4 py-4 text-sm">
        <p className="flex justify-between gap-2 text-navy-700">
          <span>
            <span className="sr-only">{t("flight.departure")} </span>
            {fromCity} <span className="font-mono text-xs">({from.icaoCode})</span>
          </span>
          <span aria-hidden="true">→</span>
          <span className="text-right">
            <span className="sr-only">{t("flight.arrival")} </span>
            {toCity} <span className="font-mono text-xs">({to.icaoCode})</span>
          </span>
        </p>
        {distance ? (
          <p className="-mt-2 text-xs font-semibold text-navy-700">
            {t("flight.distanceFrom", { km: distance.km, city: cityName(distance.fromCity, language) })}
          </p>
        ) : null}
        <dl className="flex justify-between gap-2">
          <div>
            <dt className="text-xs text-navy-600">{t("flight.date")}</dt>
            <dd className="font-semibold">{formatDay(flight.departureDate, language)}</dd>
          </div>
          <div>
            <dt className="text-xs text-navy-600">{t("flight.time")}</dt>
            <dd className="font-semibold">{formatTime(flight.departureDate)}</dd>
          </div>
          <div>
            <dt className="text-xs text-navy-600">{t("flight.duration")}</dt>
            <dd className="font-semibold">{formatDuration(flight.flightTime, language)}</dd>
          </div>
        </dl>
        <Co2Line flight={flight} />
        <p className="flex items-center gap-2" data-probability={level.stars}>
          <span aria-hidden="true" className="tracking-tight text-gold-600">
            {"★".repeat(level.stars)}
            <span className="text-navy-200">{"★".repeat(4 - level.stars)}</span>
          </span>
          <span className="text-xs font-semibold text-navy-700">{t(`flight.probability.${level.key}`)}</span>
        </p>
        <div className="relative flex items-center gap-2">
          <p className="text-base font-bold text-navy-900">{t("flight.pricePerPerson", { price })}</p>
          {/* The Popover API toggles the note without JavaScript; the button names what it opens. */}
          <button
            type="button"
            {...{ popovertarget: priceInfoId }}
            aria-label={t("flight.priceInfoLabel")}
            className="inline-flex h-6 w-6 shrink-0 items-center justify-center rounded-full border border-navy-600 text-xs font-bold text-navy-700"
          >
            i
          </button>
          {priceNoteId ? null : <PriceNote id={priceInfoId} />}
        </div>
        <p className="text-xs text-navy-600">
          {t("flight.updated", { ago: formatAgo(flight.refreshedAt, now, language) })}
        </p>
        <div className="mt-auto pt-1">
          {flight.isSoldOut ? (
            <Button type="button" disabled variant="unavailable" size="sm" className="w-full">
              {t("flight.full")}
            </Button>
          ) : (
            <Link
              to={`/checkout/${flight.id}`}
              className={`${buttonClassName("accent", "sm")} block w-full text-center group-hover:bg-gold-300`}
            >
              {t("flight.book")}
            </Link>
          )}
          {flight.isSoldOut ? (
            <WaitlistForm
              flightId={flight.id}
              route={t("flight.route", { from: fromCity, to: toCity })}
              waiting={isWaitlisted}
              className="mt-2"
            />
          ) : null}
        </div>
      </div>
    </article>
  );
}

/** One per list: every card's 'i' opens it (the Popover API, no JavaScript needed). */
export function PriceNote({ id }: { id: string }) {
  const { t } = useTranslation("catalogue");
  return (
    <div
      id={id}
      {...{ popover: "auto" }}
      role="note"
      className="m-auto max-w-xs rounded-xl bg-white p-4 text-sm text-navy-900 shadow-xl ring-1 ring-navy-200 backdrop:bg-navy-900/30"
    >
      <p className="font-semibold">{t("flight.priceInfoLabel")}</p>
      <p className="mt-2">{t("flight.priceInfoText")}</p>
    </div>
  );
}
