import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FlightCard } from "#app/components/flight-card";
import { listUpcomingFlights } from "#app/models/flights.server";

/** The spec's page size and increment for the empty-leg list. */
export const PAGE_SIZE = 6;
const MAX_SHOWN = 240;

export function parseShown(value: string | null): number {
  const requested = Number.parseInt(value ?? "", 10);
  if (!Number.isFinite(requested) || requested <= PAGE_SIZE) return PAGE_SIZE;
  return Math.min(Math.ceil(requested / PAGE_SIZE) * PAGE_SIZE, MAX_SHOWN);
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const shown = parseShown(new URL(request.url).searchParams.get("show"));
  const rows = await listUpcomingFlights(context.db, { now: context.now(), limit: shown + 1 });
  return { flights: rows.slice(0, shown), hasMore: rows.length > shown, shown };
}

export default function HomePage() {
  const { flights, hasMore, shown } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-center text-3xl font-bold sm:text-4xl">{t("home.heading")}</h1>
      <section id="empty-legs" aria-labelledby="empty-legs-heading" className="mt-10">
        <h2 id="empty-legs-heading" className="text-2xl font-bold">
          {t("home.emptyLegsHeading")}
        </h2>
        <p className="mt-2 text-navy-700">{t("home.emptyLegsIntro")}</p>
        {flights.length === 0 ? (
          <p className="mt-8 rounded-xl bg-white p-6 text-center">{t("home.noFlights")}</p>
        ) : (
          <ul aria-label={t("home.flightList")} className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {flights.map((flight) => (
              <li key={flight.id} className="flex">
                <div className="w-full">
                  <FlightCard flight={flight} />
                </div>
              </li>
            ))}
          </ul>
        )}
        {hasMore ? (
          <div className="mt-8 text-center">
            <Link
              to={`?show=${shown + PAGE_SIZE}#empty-legs`}
              preventScrollReset
              className="inline-block rounded-full border-2 border-navy-900 px-6 py-3 font-semibold hover:bg-navy-900 hover:text-white"
            >
              {t("home.showMore")}
            </Link>
          </div>
        ) : null}
      </section>
    </div>
  );
}

export const meta: MetaFunction = ({ matches }) => matches.find((match) => match.id === "root")?.meta ?? [];
