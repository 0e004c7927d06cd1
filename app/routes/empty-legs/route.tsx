import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";

import { getUser } from "#app/accounts/session.server";
import { EmptyLegs, FlightsErrorPanel } from "#app/components/empty-legs";
import { loadEmptyLegsWithMap } from "#app/flights/empty-legs.server";
import { getRequestI18n } from "#app/i18n.server";
import { pageMeta } from "#app/utils/meta";
import { logError } from "#app/utils/request-log.server";
import { useTranslation } from "#app/utils/translations";

import { FlightMap } from "./flight-map";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { t } = await getRequestI18n(request, context, "catalogue");
  const meta = { title: `${t("pages.emptyLegs.title")} – JetMalin`, description: t("pages.emptyLegs.intro") };
  try {
    // The map's airports come in the list's own round trip.
    const { emptyLegs, mapRoutes } = await loadEmptyLegsWithMap(context.readDb, {
      now: context.now(),
      searchParams: new URL(request.url).searchParams,
      userId: (await getUser(request, context))?.id,
    });
    return { meta, emptyLegs, mapRoutes };
  } catch (error) {
    logError("catalogue.flights-load-failed", error, { requestId: context.requestId, routeId: "routes/empty-legs" });
    context.requestLog.degraded = true;
    return { meta, emptyLegs: null, mapRoutes: [] };
  }
}

export default function EmptyLegsPage() {
  const { emptyLegs, mapRoutes } = useLoaderData<typeof loader>();
  const { t } = useTranslation("catalogue");
  return (
    <div id="empty-legs" className="mx-auto max-w-6xl px-4 py-6 sm:py-12">
      <h1 className="text-3xl font-bold sm:text-4xl">{t("pages.emptyLegs.title")}</h1>
      <p className="mb-4 mt-2 max-w-3xl text-navy-700 sm:mb-8 sm:mt-3 sm:text-lg">{t("pages.emptyLegs.intro")}</p>
      <FlightMap routes={mapRoutes} listId="flight-list" />
      {/* The cards are h3s: the list gets its h2, for screen readers only (the h1 says it); the map's skip link lands here. */}
      <h2 id="flight-list" className="sr-only">
        {t("home.emptyLegsHeading")}
      </h2>
      {emptyLegs ? <EmptyLegs data={emptyLegs} action="/empty-legs" searchFolded /> : <FlightsErrorPanel />}
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data?.meta);

export function ErrorBoundary() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-16">
      <FlightsErrorPanel />
    </div>
  );
}
