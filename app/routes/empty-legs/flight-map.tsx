import { Link } from "@remix-run/react";

import { EUROPE_MAP } from "#app/flights/europe-map.generated";
import type { Language } from "#app/i18n";
import { DISPLAY_TIME_ZONE, memoized } from "#app/utils/format";
import { useTranslation } from "#app/utils/translations";
import { useCityName } from "#app/utils/use-language";

export type FlightMapRoute = {
  id: string;
  departureDate: string | Date;
  fromCity: string;
  toCity: string;
  start: [number, number];
  end: [number, number];
  path: string;
};

const dayLocales: Record<Language, string> = { fr: "fr-FR", en: "en-GB", de: "de-DE" };
// The cards' day without its year: "05 décembre", "5 December", "5. Dezember".
const dayFormat = memoized(
  (locale) =>
    new Intl.DateTimeFormat(locale, {
      timeZone: DISPLAY_TIME_ZONE,
      day: locale === dayLocales.fr ? "2-digit" : "numeric",
      month: "long",
    }),
);

export function FlightMap({ routes, listId }: { routes: FlightMapRoute[]; listId: string }) {
  const { t, language } = useTranslation("catalogue");
  const city = useCityName();
  if (routes.length === 0) return null;
  const day = dayFormat(dayLocales[language]);
  const airports = new Map(routes.flatMap((route) => [route.start, route.end]).map((point) => [point.join(), point]));
  return (
    <figure aria-labelledby="flight-map-caption" className="relative mb-8 max-w-2xl" data-testid="flight-map">
      <a
        href={`#${listId}`}
        className="sr-only rounded bg-white px-3 py-1 font-semibold text-navy-900 focus:not-sr-only focus:absolute focus:z-10"
      >
        {t("flightMap.skip")}
      </a>
      <svg
        viewBox={`0 0 ${EUROPE_MAP.width} ${EUROPE_MAP.height}`}
        role="group"
        aria-label={t("flightMap.title")}
        className="h-auto w-full rounded-2xl bg-navy-200 ring-1 ring-navy-200"
      >
        {/* The land: a static file the browser keeps (scripts/build-europe-map.ts), not 4.7 KB more in every page. */}
        <image href={EUROPE_MAP.landHref} width={EUROPE_MAP.width} height={EUROPE_MAP.height} aria-hidden="true" />
        {/*
          What every route shares is said once, on the group: two pixels wide at any size of
          the map, gold and six pixels when hovered or focused. Each route's arc is drawn once
          and used again as a wide, invisible stroke, so a route is easy to hit with a finger.
        */}
        <g
          fill="none"
          strokeWidth={2}
          strokeLinecap="round"
          className="stroke-navy-700 [&>a]:outline-none [&>a]:hover:stroke-gold-600 [&>a]:focus-visible:stroke-gold-600 [&>a]:focus-visible:[stroke-width:6]"
        >
          {routes.map((route, index) => (
            <Link key={route.id} to={`/checkout/${route.id}`}>
              <title>
                {t("flightMap.routeLink", {
                  route: t("flight.route", { from: city(route.fromCity), to: city(route.toCity) }),
                  day: day.format(new Date(route.departureDate)),
                })}
              </title>
              <path id={`map-route-${index}`} d={route.path} vectorEffect="non-scaling-stroke" />
              <use href={`#map-route-${index}`} stroke="transparent" strokeWidth={16} />
            </Link>
          ))}
        </g>
        <g
          aria-hidden="true"
          strokeWidth={1.5}
          className="pointer-events-none fill-gold-500 stroke-navy-900 [&>circle]:[vector-effect:non-scaling-stroke]"
        >
          {[...airports.values()].map(([x, y]) => (
            <circle key={`${x},${y}`} cx={x} cy={y} r={5} />
          ))}
        </g>
      </svg>
      <figcaption id="flight-map-caption" className="mt-2 text-sm text-navy-700">
        {t("flightMap.summary", { count: routes.length })}
      </figcaption>
    </figure>
  );
}
