import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "#app/utils/translations";
import { FlightRow, FlightTiles, PendingButton, primaryButton, SeatsChart, secondaryButton, type RowActionData } from "#app/components/admin-flights";
import { getRequestI18n } from "#app/i18n.server";
import { setFlightSoldout } from "#app/models/admin-flights.server";
import { loadFlightsTab, saveEditPanel } from "#app/services/admin-flights.server";
import { flightEditSchema, soldoutSchema } from "#app/utils/forms/admin-flights";
import { can } from "#app/utils/permissions";
import { safeRedirectPath } from "#app/utils/redirects";
import { requirePermission } from "#app/utils/session.server";
import { redirectWithToast } from "#app/utils/toast.server";
import { loadingTranslations } from "#app/utils/route-translations";

export const handle = { i18n: ["admin"] };
export const clientLoader = loadingTranslations(handle.i18n);

/** The flights tab (back-office.md section 2): tiles, chart, the list with its search and pages. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requirePermission(request, context, "flights:manage");
  const url = new URL(request.url);
  const tab = await loadFlightsTab(context.db, { now: context.now(), searchParams: url.searchParams });
  return { ...tab, canSync: can(user.role, "feed:sync"), listPath: `${url.pathname}${url.search}` };
}

type Outcome = { type: "success" | "error"; message: string; status: number };

/**
 * A flight row's forms, told apart by `intent`: the edit panel and the sold-out toggle.
 * A page's script posts with fetch and gets the message back as data, shown beside the
 * form; a browser without JavaScript posts the form itself and is sent back to the list
 * with the message as a toast (post/redirect/get).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requirePermission(request, context, "flights:manage");
  const formData = await request.formData();
  const { t } = await getRequestI18n(request, context, "admin");
  const intent = String(formData.get("intent") ?? "");
  const flightId = String(formData.get("flightId") ?? "");
  const now = context.now();

  let outcome: Outcome;
  if (intent === "edit") {
    const submission = parseWithZod(formData, { schema: flightEditSchema });
    if (submission.status !== "success") {
      const first = Object.values(submission.error ?? {}).flat()[0] ?? "flights.errors.required";
      outcome = { type: "error", message: t(first), status: 400 };
    } else {
      outcome = await editOutcome(() => saveEditPanel(context.db, { input: submission.value, staffId: user.id, now }), t);
    }
  } else if (intent === "soldout") {
    const submission = parseWithZod(formData, { schema: soldoutSchema });
    if (submission.status !== "success") {
      outcome = { type: "error", message: t("flights.soldout.error"), status: 400 };
    } else {
      const soldout = submission.value.soldout;
      outcome = await soldoutOutcome(() => setFlightSoldout(context.db, { flightId, soldout, staffId: user.id, now }), soldout, t);
    }
  } else {
    outcome = { type: "error", message: t("flights.errors.required"), status: 400 };
  }

  if (request.headers.get("Sec-Fetch-Mode") === "navigate") {
    const back = safeRedirectPath(formData.get("redirectTo"));
    return redirectWithToast(context, back?.startsWith("/admin") ? back : "/admin", { type: outcome.type, description: outcome.message });
  }
  return data({ flightId, intent, type: outcome.type, message: outcome.message } satisfies RowActionData, { status: outcome.status });
}

type T = (key: string, options?: Record<string, unknown>) => string;

async function editOutcome(save: () => ReturnType<typeof saveEditPanel>, t: T): Promise<Outcome> {
  try {
    const result = await save();
    switch (result.status) {
      case "saved":
        return { type: "success", message: t("flights.edit.saved"), status: 200 };
      case "not-found":
        return { type: "error", message: t("flights.errors.notFound"), status: 404 };
      case "seats-held":
        return { type: "error", message: t("flights.edit.seatsHeld", { count: result.held }), status: 409 };
      case "taken":
        return { type: "error", message: t("flights.edit.taken"), status: 409 };
      default:
        return { type: "error", message: t("flights.edit.busy"), status: 409 };
    }
  } catch (error) {
    console.error("admin: the flight edit could not be saved", error);
    return { type: "error", message: t("flights.edit.failure"), status: 500 };
  }
}

async function soldoutOutcome(toggle: () => ReturnType<typeof setFlightSoldout>, soldout: boolean, t: T): Promise<Outcome> {
  try {
    const { status } = await toggle();
    if (status === "not-found") return { type: "error", message: t("flights.soldout.notFound"), status: 404 };
    if (status === "no-seats") return { type: "error", message: t("flights.soldout.noSeats"), status: 409 };
    if (status === "unchanged") return { type: "success", message: t("flights.soldout.unchanged"), status: 200 };
    return { type: "success", message: t(soldout ? "flights.soldout.marked" : "flights.soldout.unmarked"), status: 200 };
  } catch (error) {
    console.error("admin: the sold-out status could not be changed", error);
    return { type: "error", message: t("flights.soldout.error"), status: 500 };
  }
}

export default function FlightsTab() {
  const { tiles, chart, flights, history, q, page, pageCount, total, canSync, listPath } = useLoaderData<typeof loader>();
  const { t } = useTranslation("admin");
  const navigation = useNavigation();
  const syncing = navigation.state !== "idle" && navigation.formAction === "/admin/sync";
  const searching = navigation.state === "loading" && navigation.location.pathname === "/admin" && !navigation.formMethod;
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
              <PendingButton pending={syncing} className={secondaryButton} label={t("flights.sync")} pendingLabel={t("flights.syncing")} />
            </Form>
          ) : null}
          <Link to="/new-flight" className={primaryButton}>
            {t("flights.newFlight")}
          </Link>
        </div>
      </div>
      <FlightTiles tiles={tiles} />
      <SeatsChart days={chart} />
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
          <PendingButton pending={searching} className={primaryButton} label={t("flights.search.submit")} pendingLabel={t("flights.search.searching")} />
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
          <p className="rounded-2xl bg-white p-6 text-center text-navy-700 ring-1 ring-navy-100">{t("flights.search.empty")}</p>
        ) : (
          <ul className="space-y-4">
            {flights.map((flight) => (
              <FlightRow key={flight.id} flight={flight} history={history[flight.id] ?? []} listPath={listPath} action={`/admin?index`} />
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
    </section>
  );
}
