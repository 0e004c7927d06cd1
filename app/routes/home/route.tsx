import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useRouteError } from "@remix-run/react";

import { getUser } from "#app/accounts/session.server";
import { EmptyLegs, FlightsErrorPanel } from "#app/components/empty-legs";
import { buttonClassName } from "#app/components/ui/button";
import { EXCLUSIVE_FLIGHTS } from "#app/content/exclusive-flights";
import { loadEmptyLegs } from "#app/flights/empty-legs.server";
import { logError } from "#app/utils/request-log.server";
import { STATIC_WHEN_SIGNED_OUT } from "#app/utils/static-page";
import { useTranslation } from "#app/utils/translations";

import { ExclusiveFlightCard } from "./exclusive-flight-card";
import { FlightHero } from "./flight-hero";
import { OfferTabs, parseOfferTab } from "./offer-tabs";

/** The first page of most visits, on a phone: without React when signed out (decision 041). */
export const handle = STATIC_WHEN_SIGNED_OUT;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const tab = parseOfferTab(url.searchParams.get("tab"));
  try {
    return {
      tab,
      emptyLegs: await loadEmptyLegs(context.readDb, {
        now: context.now(),
        searchParams: url.searchParams,
        userId: (await getUser(request, context))?.id,
      }),
    };
  } catch (error) {
    // The rest of the page still sells: the list shows the error panel and 'Réessayer'.
    logError("catalogue.flights-load-failed", error, { requestId: context.requestId, routeId: "routes/home" });
    context.requestLog.degraded = true;
    return { tab, emptyLegs: null };
  }
}

/**
 * The list first (docs/catalogue.md), then the exclusive flights, the offer tabs and the hero: one
 * order at every width, so that the reading and focus order is the visual one.
 */
export default function HomePage() {
  const { tab, emptyLegs } = useLoaderData<typeof loader>();
  const { t } = useTranslation("catalogue");
  return (
    <div className="mx-auto max-w-6xl space-y-12 px-4 py-4 sm:space-y-16 sm:py-8">
      <div className="space-y-4 sm:space-y-6">
        <section
          aria-label={t("banner.label")}
          className="flex flex-col gap-2 rounded-2xl bg-navy-900 px-4 py-3 text-white sm:flex-row sm:items-center sm:justify-between sm:gap-6 sm:px-6 sm:py-4"
        >
          <div>
            <p className="text-xs font-bold uppercase tracking-widest text-gold-300">{t("banner.eyebrow")}</p>
            <p className="mt-0.5 font-bold sm:text-lg">{t("banner.title")}</p>
            <p className="mt-1 hidden max-w-2xl text-sm text-navy-100 md:block">{t("banner.text")}</p>
          </div>
          <a
            href="#exclusive"
            className={`${buttonClassName("accent", "compactFlat")} shrink-0 self-start sm:self-auto sm:px-5 sm:py-2`}
          >
            {t("banner.cta")}
          </a>
        </section>

        <section id="empty-legs" aria-labelledby="home-heading" className="scroll-mt-4">
          <h1 id="home-heading" className="text-2xl font-bold sm:text-3xl">
            {t("home.heading")}
          </h1>
          <p className="mb-4 mt-1 text-navy-700">{t("home.emptyLegsIntro")}</p>
          {/* The cards are h3s: the list gets its h2, for screen readers only (the h1 says it). */}
          <h2 className="sr-only">{t("home.emptyLegsHeading")}</h2>
          {emptyLegs ? <EmptyLegs data={emptyLegs} action="/home" /> : <FlightsErrorPanel />}
        </section>
      </div>

      <section id="exclusive" aria-labelledby="exclusive-heading" className="scroll-mt-4">
        <h2 id="exclusive-heading" className="text-2xl font-bold">
          {t("exclusive.heading")}
        </h2>
        <p className="mt-2 text-navy-700">{t("exclusive.intro")}</p>
        <ul className="mt-6 grid gap-6 md:grid-cols-3">
          {EXCLUSIVE_FLIGHTS.map((flight) => (
            <li key={flight.id}>
              <ExclusiveFlightCard flight={flight} />
            </li>
          ))}
        </ul>
      </section>

      <section id="offers" aria-labelledby="offers-heading" className="scroll-mt-4">
        <h2 id="offers-heading" className="mb-6 text-center text-2xl font-bold sm:text-3xl">
          {t("offers.tabsLabel")}
        </h2>
        <OfferTabs initialTab={tab} />
      </section>

      <FlightHero />
    </div>
  );
}

export const meta: MetaFunction = ({ matches }) => matches.find((match) => match.id === "root")?.meta ?? [];

export function ErrorBoundary() {
  const error = useRouteError();
  return (
    <div className="mx-auto max-w-6xl px-4 py-16">
      {/* A string error's own text, else the panel's message. */}
      <FlightsErrorPanel message={typeof error === "string" ? error : undefined} />
    </div>
  );
}
