import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";

import { requirePermission } from "#app/accounts/session.server";
import { flightRowErrorKey, FlightRowSchema } from "#app/flights/admin-flight-forms";
import { loadFlightsTab } from "#app/flights/admin-flights.server";
import { getRequestI18n } from "#app/i18n.server";
import { type FlightRowOutcome, saveFlightRow } from "#app/orders/admin-flight-row.server";
import { parseRequest, redirectBack } from "#app/utils/forms/parse";
import { can } from "#app/utils/permissions";
import { replyToForm } from "#app/utils/reply.server";
import { loadingTranslations } from "#app/utils/route-translations";
import { redirectWithToast } from "#app/utils/toast.server";
import { useTranslation } from "#app/utils/translations";
import { useIsPending } from "#app/utils/use-is-pending";

import { FlightRow } from "./flight-row";
import { FlightTiles } from "./flight-tiles";
import type { RowActionData } from "./row-forms";
import { SeatsChart } from "./seats-chart";
import { PendingButton, primaryButton, secondaryButton } from "./tab-buttons";

export const handle = { i18n: ["admin"] };
export const clientLoader = loadingTranslations(handle.i18n);

/** The flights tab, /admin (its folder's name: docs/architecture.md). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requirePermission(request, context, "flights:manage");
  const url = new URL(request.url);
  const { language } = await getRequestI18n(request, context, "admin");
  const tab = await loadFlightsTab(context.db, { now: context.now(), searchParams: url.searchParams, language });
  return {
    ...tab,
    canSync: can(user.role, "feed:sync"),
    canReadManifests: can(user.role, "manifests:manage"),
    listPath: `${url.pathname}${url.search}`,
  };
}

/** For the fetcher's script and the probes. */
const REFUSAL_STATUS: Record<Extract<FlightRowOutcome, { ok: false }>["reason"], number> = {
  notFound: 404,
  seatsHeld: 409,
  taken: 409,
  busy: 409,
  noSeats: 409,
  failed: 500,
};

/** An outcome's message key (`flights.{intent}.{result or reason}`, `operator.` for the carrier), count and status. */
function rowAnswer(outcome: FlightRowOutcome): { key: string; status: number; count?: number } {
  const prefix = outcome.intent === "operator" ? "operator" : `flights.${outcome.intent}`;
  if (outcome.ok) return { key: `${prefix}.${outcome.result}`, status: 200 };
  return {
    key: `${prefix}.${outcome.reason}`,
    status: REFUSAL_STATUS[outcome.reason],
    count: "held" in outcome ? outcome.held : undefined,
  };
}

/**
 * A fetcher gets the message back as data, shown beside the form; without JavaScript the form
 * posts and comes back to the list with a toast (post/redirect/get).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requirePermission(request, context, "flights:manage");
  const submission = await parseRequest(request, { schema: FlightRowSchema });
  const { t } = await getRequestI18n(request, context, "admin");
  const answer =
    submission.status === "success"
      ? rowAnswer(await saveFlightRow(context, { input: submission.value, staffId: user.id }))
      : { key: flightRowErrorKey(submission), status: 400 };
  const reply: RowActionData = {
    flightId: String(submission.payload.flightId ?? ""),
    intent: String(submission.payload.intent ?? ""),
    type: answer.status === 200 ? "success" : "error",
    message: t(answer.key, { count: answer.count }),
  };
  if (request.headers.get("Sec-Fetch-Mode") === "navigate") {
    return redirectWithToast(context, redirectBack(submission, "/admin"), {
      type: reply.type,
      description: reply.message,
    });
  }
  return replyToForm(context, submission, { status: answer.status, extra: reply });
}

export default function FlightsTab() {
  const { tiles, chart, flights, history, q, page, pageCount, total, canSync, canReadManifests, listPath } =
    useLoaderData<typeof loader>();
  const { t } = useTranslation("admin");
  const syncing = useIsPending({ formAction: "/admin/sync" });
  const searching = useIsPending({ formAction: "/admin", formMethod: "GET" });
  const pageLink = (target: number) => `/admin?${new URLSearchParams({ ...(q ? { q } : {}), page: String(target) })}`;
  return (
    <section aria-labelledby="flights-heading" className="space-y-8">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 id="flights-heading" className="text-2xl font-bold">
          {t("flights.heading")}
        </h2>
        <div className="flex flex-wrap gap-3">
          {canSync ? (
            <Form method="post" action="/admin/sync">
              <input type="hidden" name="redirectTo" value="/admin" />
              <PendingButton
                pending={syncing}
                className={secondaryButton}
                label={t("flights.sync")}
                pendingLabel={t("flights.syncing")}
              />
            </Form>
          ) : null}
          <Link to="/new-flight" className={primaryButton}>
            {t("flights.newFlight")}
          </Link>
        </div>
      </div>
      <FlightTiles tiles={tiles} />
      <div className="space-y-4">
        <Form method="get" action="/admin" role="search" className="flex flex-wrap items-end gap-3">
          <div>
            <label htmlFor="flight-search" className="block text-sm font-semibold">
              {t("flights.search.label")}
            </label>
            <input
              id="flight-search"
              name="q"
              type="search"
              defaultValue={q}
              maxLength={100}
              className="mt-1 block w-64 rounded-lg border border-navy-300 bg-white px-3 py-2 focus:border-navy-600 focus:outline-none focus:ring-2 focus:ring-gold-400"
            />
          </div>
          <PendingButton
            pending={searching}
            className={primaryButton}
            label={t("flights.search.submit")}
            pendingLabel={t("flights.search.searching")}
          />
          {q ? (
            <Link to="/admin" className="text-sm font-semibold text-navy-800 underline">
              {t("flights.search.clear")}
            </Link>
          ) : null}
        </Form>
        <p role="status" className="text-sm text-navy-700">
          {q ? t("flights.search.resultsFor", { q, count: total }) : t("flights.search.results", { count: total })}
        </p>
        {flights.length === 0 ? (
          <p className="rounded-2xl bg-white p-6 text-center text-navy-700 ring-1 ring-navy-100">
            {t("flights.search.empty")}
          </p>
        ) : (
          <ul className="space-y-2">
            {flights.map((flight) => (
              <FlightRow
                key={flight.id}
                flight={flight}
                history={history[flight.id] ?? []}
                listPath={listPath}
                action={`/admin?index`}
                manifestLink={canReadManifests}
              />
            ))}
          </ul>
        )}
        {pageCount > 1 ? (
          <nav aria-label={t("flights.pagination.label")} className="flex flex-wrap items-center justify-between gap-3">
            {page > 1 ? (
              <Link to={pageLink(page - 1)} className={secondaryButton}>
                {t("flights.pagination.previous")}
              </Link>
            ) : (
              <span />
            )}
            <span className="text-sm">{t("flights.pagination.page", { page, count: pageCount })}</span>
            {page < pageCount ? (
              <Link to={pageLink(page + 1)} className={secondaryButton}>
                {t("flights.pagination.next")}
              </Link>
            ) : (
              <span />
            )}
          </nav>
        ) : null}
      </div>
      {/* After the list: the rows are the tab's work, and start on the first screen. */}
      <SeatsChart days={chart} />
    </section>
  );
}
