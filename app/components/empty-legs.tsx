import { Link, useLocation, useNavigation } from "@remix-run/react";

import { buttonClassName } from "#app/components/ui/button";
import { DISCLOSURE_SUMMARY } from "#app/components/ui/disclosure";
import { type FlightFilter, isFilterEmpty, PAGE_SIZE } from "#app/flights/flight-filter";
import type { NearbyAirport } from "#app/flights/nearby";
import { searchParamsOf, type SearchReach } from "#app/flights/search-reach";
import type { CardFlight } from "#app/flights/types";
import { useTranslation } from "#app/utils/translations";

import { FlightCard, PriceNote } from "./flight-card";
import { FlightSearch } from "./flight-search";

export type EmptyLegsData = {
  filter: FlightFilter;
  reach: SearchReach;
  /** When a radius widened the search: how far each listed departure airport is (0 km left out). */
  distances: NearbyAirport[];
  options: { departures: string[]; arrivals: string[]; dates: string[] };
  flights: CardFlight[];
  hasMore: boolean;
  shown: number;
  now: Date;
  favoriteIds: string[];
  waitlistIds: string[];
};

const PRICE_NOTE_ID = "price-info";

/** `searchFolded`: on a phone the search is a disclosure, closed until a search is made, so the list comes first. */
export function EmptyLegs({
  data,
  action,
  searchFolded = false,
}: {
  data: EmptyLegsData;
  action: string;
  searchFolded?: boolean;
}) {
  const { t } = useTranslation("catalogue");
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === action;
  const moreParams = searchParamsOf(data.filter, data.reach);
  moreParams.set("show", String(data.shown + PAGE_SIZE));
  const searching = !isFilterEmpty(data.filter) || data.reach.radiusKm > 0 || data.reach.flexDays > 0;
  const search = <FlightSearch filter={data.filter} reach={data.reach} options={data.options} action={action} />;

  return (
    <div className="space-y-8">
      {searchFolded ? (
        <details className="jm-open-from-sm" open={searching}>
          <summary className={DISCLOSURE_SUMMARY}>{t("search.show")}</summary>
          <div className="mt-2 sm:mt-0">{search}</div>
        </details>
      ) : (
        search
      )}
      <div aria-busy={loading} className={loading ? "opacity-60 transition-opacity" : undefined}>
        {data.flights.length === 0 ? (
          <p role="status" className="rounded-xl bg-white p-6 text-center">
            {t("home.noFlights")}
          </p>
        ) : (
          <ul aria-label={t("home.flightList")} className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {data.flights.map((flight) => (
              <li key={flight.id}>
                <FlightCard
                  flight={flight}
                  now={data.now}
                  isFavorite={data.favoriteIds.includes(flight.id)}
                  isWaitlisted={data.waitlistIds.includes(flight.id)}
                  distance={data.distances.find((airport) => airport.airportId === flight.departureAirport.id)}
                  priceNoteId={PRICE_NOTE_ID}
                />
              </li>
            ))}
          </ul>
        )}
        {/* The same text for every card: written once, each card's 'i' opens it. */}
        {data.flights.length > 0 ? <PriceNote id={PRICE_NOTE_ID} /> : null}
      </div>
      {data.hasMore ? (
        <div className="text-center">
          {/* Its id and data-keep-place: a page served without React keeps the place too (decision 041). */}
          <Link
            id="show-more"
            data-keep-place
            to={`${action}?${moreParams.toString()}`}
            preventScrollReset
            className={`${buttonClassName("outline", "lg")} inline-block`}
          >
            {t("home.showMore")}
          </Link>
        </div>
      ) : null}
    </div>
  );
}

/** A failed reload or a failing database; 'Réessayer' reloads the page. */
export function FlightsErrorPanel({ message }: { message?: string }) {
  const { t } = useTranslation("catalogue");
  const location = useLocation();
  return (
    <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-6 text-center text-red-900">
      <p className="font-semibold">{message ?? t("home.loadError")}</p>
      <Link
        to={`${location.pathname}${location.search}`}
        reloadDocument
        className={`${buttonClassName("danger", "mdFlat")} mt-4 inline-block`}
      >
        {t("home.retry")}
      </Link>
    </div>
  );
}
