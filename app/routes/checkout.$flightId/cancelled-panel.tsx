import { Link } from "@remix-run/react";

import { useTranslation } from "#app/utils/translations";

import { type SimilarFlight, SimilarFlights } from "./similar-flights";

export type CancelledFlightWays = { similar: SimilarFlight[]; customFlightPath: string };

/** Decision 032: similar bookable flights, and the custom-flight request prefilled with the route and day. */
export function CancelledPanel({ ways }: { ways: CancelledFlightWays | null }) {
  const { t } = useTranslation("catalogue");
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
      <SimilarFlights flights={ways?.similar ?? []} className="mt-6" />
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
