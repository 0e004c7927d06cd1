import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useRouteError } from "@remix-run/react";
import { useTranslation } from "#app/utils/translations";
import { EmptyLegs, FlightsErrorPanel } from "#app/components/empty-legs";
import { ExclusiveFlightCard } from "#app/components/exclusive-flight-card";
import { FlightHero } from "#app/components/flight-hero";
import { OfferTabs, parseOfferTab } from "#app/components/offer-tabs";
import { EXCLUSIVE_FLIGHTS } from "#app/content/exclusive-flights";
import { loadEmptyLegs } from "#app/services/empty-legs.server";
import { getUser } from "#app/services/session.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const tab = parseOfferTab(url.searchParams.get("tab"));
  try {
    return { tab, emptyLegs: await loadEmptyLegs(context.readDb, { now: context.now(), searchParams: url.searchParams, userId: (await getUser(request, context))?.id }) };
  } catch (error) {
    // The rest of the page still sells: the list shows the error panel and 'Réessayer'.
    console.error("home: the flights could not be loaded", error);
    return { tab, emptyLegs: null };
  }
}

export default function HomePage() {
  const { tab, emptyLegs } = useLoaderData<typeof loader>();
  const { t } = useTranslation("catalogue");
  return (
    <div className="mx-auto max-w-6xl space-y-16 px-4 py-8">
      <section aria-label={t("banner.label")} className="rounded-3xl bg-navy-900 px-6 py-8 text-white sm:px-10">
        <p className="text-xs font-bold uppercase tracking-widest text-gold-300">{t("banner.eyebrow")}</p>
        <p className="mt-2 text-2xl font-bold sm:text-3xl">{t("banner.title")}</p>
        <p className="mt-2 max-w-2xl text-navy-100">{t("banner.text")}</p>
        <a
          href="#exclusive"
          className="mt-5 inline-block rounded-full bg-gold-400 px-6 py-3 font-semibold text-navy-900 hover:bg-gold-300"
        >
          {t("banner.cta")}
        </a>
      </section>

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
        <h1 id="offers-heading" className="mb-6 text-center text-3xl font-bold sm:text-4xl">
          {t("home.heading")}
        </h1>
        <OfferTabs initialTab={tab} />
      </section>

      <section id="empty-legs" aria-labelledby="empty-legs-heading" className="scroll-mt-4">
        <h2 id="empty-legs-heading" className="text-2xl font-bold">
          {t("home.emptyLegsHeading")}
        </h2>
        <p className="mb-6 mt-2 text-navy-700">{t("home.emptyLegsIntro")}</p>
        {emptyLegs ? <EmptyLegs data={emptyLegs} action="/home" /> : <FlightsErrorPanel />}
      </section>

      <FlightHero />
    </div>
  );
}

export const meta: MetaFunction = ({ matches }) => matches.find((match) => match.id === "root")?.meta ?? [];

/** A failed reload of the list in the browser (network down, server error). */
export function ErrorBoundary() {
  const error = useRouteError();
  return (
    <div className="mx-auto max-w-6xl px-4 py-16">
      {/* The spec shows the error's text when it is a string, else its own message. */}
      <FlightsErrorPanel message={typeof error === "string" ? error : undefined} />
    </div>
  );
}
