import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";

import { requirePermission } from "#app/accounts/session.server";
import { Pagination } from "#app/components/admin/list-controls";
import { cityName } from "#app/content/city-names";
import { countryName } from "#app/content/country-names";
import { type ExclusiveFlight, findExclusiveFlight } from "#app/content/exclusive-flights";
import { getRequestI18n } from "#app/i18n.server";
import { RequestStatusSchema } from "#app/requests/admin-request-forms";
import {
  type InboxView,
  isInboxState,
  listCustomRequests,
  listExclusiveRequests,
  listNewsletterSubscribers,
  REQUESTS_PAGE_SIZE,
} from "#app/requests/admin-requests.queries.server";
import { markRequest } from "#app/requests/admin-requests.server";
import { type InboxState, REQUEST_KINDS, type RequestKind, type RequestStatus } from "#app/utils/constants";
import { returnDateFor } from "#app/utils/exclusive-dates";
import { formatDateTime, formatDayKey, formatWeekdayKey } from "#app/utils/format";
import { parseRequest, redirectBack } from "#app/utils/forms/parse";
import { pageParam } from "#app/utils/list-params";
import { pageMeta } from "#app/utils/meta";
import { loadingTranslations } from "#app/utils/route-translations";
import { redirectWithToast } from "#app/utils/toast.server";
import { useTranslation } from "#app/utils/translations";

import {
  InboxFilters,
  type RequestItem,
  RequestKindTabs,
  RequestList,
  type Subscriber,
  SubscriberTable,
} from "./requests";
import { rerouteLines } from "./reroute-lines.server";

export const handle = { i18n: ["admin", "catalogue", "offers"] };
export const clientLoader = loadingTranslations(handle.i18n);

type RequestRow = {
  id: string;
  status: RequestStatus;
  inboxState: InboxState;
  offerExpiresAt: number | null;
  createdAt: Date;
  handledAt: Date | null;
  handledByFirstName: string | null;
  handledByLastName: string | null;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requirePermission(request, context, "requests:manage");
  const { t, language } = await getRequestI18n(request, context, "admin");
  const searchParams = new URL(request.url).searchParams;
  const kind: RequestKind = REQUEST_KINDS.find((value) => value === searchParams.get("kind")) ?? "exclusive";
  const page = pageParam(searchParams);
  const stateParam = searchParams.get("state");
  const view: InboxView = {
    state: isInboxState(stateParam) ? stateParam : null,
    sort: searchParams.get("sort") === "expiring" ? "expiring" : "newest",
    now: context.now(),
  };
  const common = (row: RequestRow): Omit<RequestItem, "kind" | "subject" | "details"> => ({
    id: row.id,
    status: row.status,
    state: row.inboxState,
    offerExpires: row.offerExpiresAt === null ? null : formatDateTime(new Date(row.offerExpiresAt)),
    createdAt: formatDateTime(row.createdAt),
    handledAt: row.handledAt ? formatDateTime(row.handledAt) : null,
    handledBy: row.handledByFirstName ? `${row.handledByFirstName} ${row.handledByLastName}` : null,
    name: `${row.firstName} ${row.lastName}`,
    email: row.email,
    phone: row.phone,
  });
  // The day asked for (and a round trip's return), in the reader's language; none for a request sent before the form asked.
  const exclusiveDateLine = (flight: ExclusiveFlight | undefined, departureDate: string | null) => {
    if (!departureDate) return "";
    const date = formatWeekdayKey(departureDate, language);
    const returnDate = flight ? returnDateFor(flight, departureDate) : null;
    return returnDate
      ? t("requests.exclusiveRoundTrip", { date, returnDate: formatWeekdayKey(returnDate, language) })
      : t("requests.exclusiveDate", { date });
  };
  const base = {
    title: `${t("requests.heading")} – JetMalin`,
    kind,
    page,
    view: { state: view.state, sort: view.sort },
  };
  if (kind === "exclusive") {
    const { rows, total } = await listExclusiveRequests(context.db, page, "", view);
    return {
      ...base,
      pages: Math.max(1, Math.ceil(total / REQUESTS_PAGE_SIZE)),
      items: rows.map((row): RequestItem => {
        const flight = findExclusiveFlight(row.exclusiveFlightId);
        return {
          ...common(row),
          kind: "exclusive",
          subject: flight
            ? `${cityName(flight.departure, language)} → ${cityName(flight.arrival, language)}`
            : row.exclusiveFlightId,
          details: [
            exclusiveDateLine(flight, row.departureDate),
            `${row.address}, ${row.zipCode} ${row.city}, ${countryName(row.country, language)}`,
            row.message ?? "",
          ].filter(Boolean),
        };
      }),
    };
  }
  if (kind === "custom") {
    const { rows, total } = await listCustomRequests(context.db, page, "", view);
    const reroutes = await rerouteLines(
      request,
      context,
      rows.map((row) => row.id),
    );
    return {
      ...base,
      pages: Math.max(1, Math.ceil(total / REQUESTS_PAGE_SIZE)),
      items: rows.map((row): RequestItem => ({
        ...common(row),
        kind: "custom",
        subject: `${cityName(row.departure, language)} → ${cityName(row.arrival, language)}`,
        details: [
          t("requests.customDetails", { date: formatDayKey(row.date, language), count: row.passengers }),
          ...(reroutes.get(row.id) ?? []),
        ],
      })),
    };
  }
  const { rows, total } = await listNewsletterSubscribers(context.db, page);
  return {
    ...base,
    pages: Math.max(1, Math.ceil(total / REQUESTS_PAGE_SIZE)),
    subscribers: rows.map((row): Subscriber => ({
      id: row.id,
      email: row.email,
      language: row.language,
      createdAt: formatDateTime(row.createdAt),
      state: row.unsubscribedAt ? "unsubscribed" : row.confirmedAt ? "subscribed" : "awaiting",
    })),
  };
}

/** Who set 'handled', and when, are kept. */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requirePermission(request, context, "requests:manage");
  const submission = await parseRequest(request, { schema: RequestStatusSchema });
  const { t } = await getRequestI18n(request, context, "admin");
  const back = redirectBack(submission, "/admin/requests");
  if (submission.status !== "success")
    return redirectWithToast(context, back, { type: "error", description: t("requests.errors.failed") });
  const outcome = await markRequest(context, { ...submission.value, by: user.id });
  if (!outcome.ok)
    return redirectWithToast(context, back, { type: "error", description: t(`requests.errors.${outcome.reason}`) });
  return redirectWithToast(context, back, { type: "success", description: t("requests.updated") });
}

export default function AdminRequestsTab() {
  const loaderData = useLoaderData<typeof loader>();
  const { t } = useTranslation("admin");
  return (
    <section aria-labelledby="requests-heading">
      <h2 id="requests-heading" className="text-2xl font-bold">
        {t("requests.heading")}
      </h2>
      <RequestKindTabs current={loaderData.kind} />
      {loaderData.kind === "newsletter" ? null : <InboxFilters kind={loaderData.kind} view={loaderData.view} />}
      {"subscribers" in loaderData ? (
        <SubscriberTable subscribers={loaderData.subscribers} />
      ) : (
        <RequestList items={loaderData.items} />
      )}
      <Pagination page={loaderData.page} pages={loaderData.pages} />
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data);
