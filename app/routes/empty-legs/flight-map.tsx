import { Link } from "@remix-run/react";

import { DISCLOSURE_SUMMARY } from "#app/components/ui/disclosure";
import { EUROPE_MAP } from "#app/flights/europe-map.generated";
import { type LabelSide, placeMapLabels } from "#app/flights/map-labels";
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
  const airports = new Map<string, { x: number; y: number; name: string; routes: number }>();
  for (const route of routes) {
    for (const [[x, y], stored] of [
      [route.start, route.fromCity],
      [route.end, route.toCity],
    ] as const) {
      const airport = airports.get(`${x},${y}`) ?? { x, y, name: city(stored), routes: 0 };
      airport.routes += 1;
      airports.set(`${x},${y}`, airport);
    }
  }
  const labels = placeMapLabels([...airports.values()], EUROPE_MAP);
  return (
    <details className="jm-open-from-sm mb-4 max-w-2xl sm:mb-8">
      <summary className={DISCLOSURE_SUMMARY}>{t("flightMap.show")}</summary>
      <figure aria-labelledby="flight-map-caption" className="relative mt-2 sm:mt-0" data-testid="flight-map">
        <a
          href={`#${listId}`}
          className="sr-only rounded bg-white px-3 py-1 font-semibold text-navy-900 focus:not-sr-only focus:absolute focus:z-10"
        >
          {t("flightMap.skip")}
        </a>
        <div className="relative">
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
              {[...airports.values()].map(({ x, y }) => (
                <circle key={`${x},${y}`} cx={x} cy={y} r={5} />
              ))}
            </g>
          </svg>
          {/* HTML, not SVG text: 12 px at every width of the map. Read already in each route's title. */}
          <ul aria-hidden="true" className="pointer-events-none absolute inset-0 m-0 list-none p-0">
            {labels.map((label) => (
              <li
                key={`${label.x},${label.y}`}
                style={labelPosition(label)}
                className={`absolute whitespace-nowrap rounded bg-white px-1 text-xs font-semibold leading-4 text-navy-900 shadow-sm ${SIDE_SHIFT[label.side]}`}
              >
                {label.name}
              </li>
            ))}
          </ul>
        </div>
        <figcaption id="flight-map-caption" className="mt-2 text-sm text-navy-700">
          {t("flightMap.summary", { count: routes.length })}
        </figcaption>
      </figure>
    </details>
  );
}

/** Beside the dot on its side, 7 px off; above and below clear of a name beside it. */
const SIDE_SHIFT: Record<LabelSide, string> = {
  right: "translate-x-[7px] -translate-y-1/2",
  left: "-translate-x-[7px] -translate-y-1/2",
  above: "-translate-x-1/2 -translate-y-6",
  below: "-translate-x-1/2 translate-y-2",
};

function labelPosition({ x, y, side }: { x: number; y: number; side: LabelSide }) {
  const top = `${(y / EUROPE_MAP.height) * 100}%`;
  const across = (x / EUROPE_MAP.width) * 100;
  return side === "left" ? { top, right: `${100 - across}%` } : { top, left: `${across}%` };
}
