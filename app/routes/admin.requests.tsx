import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, NavLink, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { useTranslation } from "#app/utils/translations";
import { Pagination } from "#app/components/admin/list-controls";
import { SubmitButton } from "#app/components/ui/form-field";
import { cityName } from "#app/content/city-names";
import { findExclusiveFlight } from "#app/content/exclusive-flights";
import { getRequestI18n } from "#app/i18n.server";
import {
  REQUESTS_PAGE_SIZE,
  listCustomRequests,
  listExclusiveRequests,
  listNewsletterSubscribers,
  setRequestStatus,
} from "#app/models/admin-requests.server";
import { REQUEST_KINDS, REQUEST_STATUSES, type RequestKind, type RequestStatus } from "#app/utils/constants";
import { formatDateTime, formatDayKey } from "#app/utils/format";
import { pageParam } from "#app/utils/list-params";
import { pageMeta } from "#app/utils/meta";
import { safeRedirect } from "#app/utils/redirects";
import { requirePermission } from "#app/utils/session.server";
import { redirectWithToast } from "#app/utils/toast.server";
import { loadingTranslations } from "#app/utils/route-translations";

export const handle = { i18n: ["admin", "catalogue"] };
export const clientLoader = loadingTranslations(handle.i18n);

type RequestRow = {
  id: string;
  status: RequestStatus;
  createdAt: Date;
  handledAt: Date | null;
  handledByFirstName: string | null;
  handledByLastName: string | null;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
};

/** One list at a time (?kind=), newest first, paginated. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requirePermission(request, context, "requests:manage");
  const { t, language } = await getRequestI18n(request, context, "admin");
  const searchParams = new URL(request.url).searchParams;
  const kind: RequestKind = REQUEST_KINDS.find((value) => value === searchParams.get("kind")) ?? "exclusive";
  const page = pageParam(searchParams);
  // What an exclusive and a custom request show alike.
  const common = (row: RequestRow) => ({
    id: row.id,
    status: row.status,
    createdAt: formatDateTime(row.createdAt),
    handledAt: row.handledAt ? formatDateTime(row.handledAt) : null,
    handledBy: row.handledByFirstName ? `${row.handledByFirstName} ${row.handledByLastName}` : null,
    name: `${row.firstName} ${row.lastName}`,
    email: row.email,
    phone: row.phone,
  });
  const base = { title: `${t("requests.heading")} – JetMalin`, kind, page };
  if (kind === "exclusive") {
    const { rows, total } = await listExclusiveRequests(context.db, page);
    return {
      ...base,
      pages: Math.max(1, Math.ceil(total / REQUESTS_PAGE_SIZE)),
      items: rows.map((row) => {
        const flight = findExclusiveFlight(row.exclusiveFlightId);
        return {
          ...common(row),
          kind: "exclusive" as const,
          subject: flight ? `${cityName(flight.departure, language)} → ${cityName(flight.arrival, language)}` : row.exclusiveFlightId,
          details: [`${row.address}, ${row.zipCode} ${row.city}, ${row.country}`, row.message ?? ""].filter(Boolean),
        };
      }),
    };
  }
  if (kind === "custom") {
    const { rows, total } = await listCustomRequests(context.db, page);
    return {
      ...base,
      pages: Math.max(1, Math.ceil(total / REQUESTS_PAGE_SIZE)),
      items: rows.map((row) => ({
        ...common(row),
        kind: "custom" as const,
        subject: `${row.departure} → ${row.arrival}`,
        details: [t("requests.customDetails", { date: formatDayKey(row.date, language), count: row.passengers })],
      })),
    };
  }
  const { rows, total } = await listNewsletterSubscribers(context.db, page);
  return {
    ...base,
    pages: Math.max(1, Math.ceil(total / REQUESTS_PAGE_SIZE)),
    subscribers: rows.map((row) => ({
      id: row.id,
      email: row.email,
      language: row.language,
      createdAt: formatDateTime(row.createdAt),
      state: row.unsubscribedAt ? ("unsubscribed" as const) : row.confirmedAt ? ("subscribed" as const) : ("awaiting" as const),
    })),
  };
}

/** A request's status, new or handled; who set 'handled' and when are kept. */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requirePermission(request, context, "requests:manage");
  const { t } = await getRequestI18n(request, context, "admin");
  const formData = await request.formData();
  const kind = formData.get("kind");
  const status = REQUEST_STATUSES.find((value) => value === formData.get("status"));
  const id = String(formData.get("id") ?? "").slice(0, 64);
  const back = safeRedirect(formData.get("redirectTo"), "/admin/requests");
  if ((kind !== "exclusive" && kind !== "custom") || !status || !id) return data({ error: t("requests.errors.update") }, { status: 400 });
  const changed = await setRequestStatus(context.db, { kind, id, status, userId: user.id, now: context.now() }).catch((error: unknown) => {
    console.error("admin requests: the status change failed", error);
    return false;
  });
  return redirectWithToast(context, back, changed ? { type: "success", description: t("requests.updated") } : { type: "error", description: t("requests.errors.update") });
}

type Item = Extract<ReturnType<typeof useLoaderData<typeof loader>>, { items: unknown }>["items"][number];

export default function AdminRequestsTab() {
  const loaderData = useLoaderData<typeof loader>();
  const { t } = useTranslation("admin");
  return (
    <section aria-labelledby="requests-heading">
      <h2 id="requests-heading" className="text-2xl font-bold">
        {t("requests.heading")}
      </h2>
      <nav aria-label={t("requests.kindsLabel")} className="mt-4">
        <ul className="flex flex-wrap gap-2">
          {REQUEST_KINDS.map((kind) => (
            <li key={kind}>
              <NavLink
                to={`/admin/requests?kind=${kind}`}
                aria-current={loaderData.kind === kind ? "page" : undefined}
                className={`inline-block rounded-full px-4 py-2 text-sm font-semibold ${
                  loaderData.kind === kind ? "bg-navy-900 text-white" : "bg-white text-navy-800 ring-1 ring-navy-200 hover:bg-navy-50"
                }`}
              >
                {t(`requests.kinds.${kind}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {"subscribers" in loaderData ? <Subscribers subscribers={loaderData.subscribers} /> : <Requests items={loaderData.items} />}
      <Pagination page={loaderData.page} pages={loaderData.pages} />
    </section>
  );
}

function Requests({ items }: { items: Item[] }) {
  const { t } = useTranslation("admin");
  if (items.length === 0) return <p className="mt-6 rounded-xl bg-white p-6 text-navy-700 shadow-sm ring-1 ring-navy-100">{t("requests.empty")}</p>;
  return (
    <ul aria-label={t("requests.listLabel")} className="mt-6 space-y-3">
      {items.map((item) => (
        <RequestCard key={item.id} item={item} />
      ))}
    </ul>
  );
}

function RequestCard({ item }: { item: Item }) {
  const { t } = useTranslation("admin");
  const navigation = useNavigation();
  const location = useLocation();
  const next = item.status === "new" ? "handled" : "new";
  const busy = navigation.state === "submitting" && navigation.formData?.get("id") === item.id;
  return (
    <li data-testid="request-card" className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-navy-100">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <p className="font-semibold">
            {item.subject} · {item.name}
          </p>
          <p className="text-sm text-navy-700">
            {item.email} · {item.phone} · {t("requests.receivedOn", { date: item.createdAt })}
          </p>
          {item.details.map((line) => (
            <p key={line} className="mt-1 whitespace-pre-line text-sm">
              {line}
            </p>
          ))}
        </div>
        <div className="flex flex-col items-end gap-2">
          <span className={`rounded-full px-2 py-0.5 text-sm font-semibold ${item.status === "new" ? "bg-amber-100 text-amber-900" : "bg-emerald-100 text-emerald-900"}`}>
            {t(`requests.status.${item.status}`)}
          </span>
          {item.handledBy && item.handledAt ? <span className="text-xs text-navy-700">{t("requests.handledBy", { name: item.handledBy, date: item.handledAt })}</span> : null}
          <Form method="post">
            <input type="hidden" name="kind" value={item.kind} />
            <input type="hidden" name="id" value={item.id} />
            <input type="hidden" name="status" value={next} />
            <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
            <SubmitButton variant="primary" pending={busy} label={t(`requests.mark.${next}`)} pendingLabel={t("requests.saving")} />
          </Form>
        </div>
      </div>
    </li>
  );
}

function Subscribers({ subscribers }: { subscribers: Array<{ id: number; email: string; language: string; createdAt: string; state: "subscribed" | "awaiting" | "unsubscribed" }> }) {
  const { t } = useTranslation("admin");
  if (subscribers.length === 0) return <p className="mt-6 rounded-xl bg-white p-6 text-navy-700 shadow-sm ring-1 ring-navy-100">{t("requests.noSubscribers")}</p>;
  return (
    <table className="mt-6 w-full rounded-xl bg-white text-left text-sm shadow-sm ring-1 ring-navy-100">
      <caption className="sr-only">{t("requests.kinds.newsletter")}</caption>
      <thead>
        <tr className="text-navy-700">
          <th scope="col" className="p-3">{t("requests.subscriber.email")}</th>
          <th scope="col" className="p-3">{t("requests.subscriber.language")}</th>
          <th scope="col" className="p-3">{t("requests.subscriber.since")}</th>
          <th scope="col" className="p-3">{t("requests.subscriber.state")}</th>
        </tr>
      </thead>
      <tbody>
        {subscribers.map((subscriber) => (
          <tr key={subscriber.id} className="border-t border-navy-100">
            <td className="break-all p-3">{subscriber.email}</td>
            <td className="p-3 uppercase">{subscriber.language}</td>
            <td className="p-3 tabular-nums">{subscriber.createdAt}</td>
            <td className="p-3">{t(`requests.subscriber.states.${subscriber.state}`)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => (data ? pageMeta(matches, data) : []);
