import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, NavLink, Outlet, useLoaderData, useLocation, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "#app/utils/translations";
import { HealthPanel } from "./health-panel";
import { SubmitButton } from "#app/components/ui/form-field";
import { getRequestI18n } from "#app/i18n.server";
import { listRecentSyncRuns } from "#app/feed/feed-sync.server";
import { formatDateTime } from "#app/utils/format";
import { pageMeta } from "#app/utils/meta";
import { can, type Permission } from "#app/utils/permissions";
import { readHealth } from "#app/operations/health.server";
import { requirePermission } from "#app/accounts/session.server";
import { loadingTranslations } from "#app/utils/route-translations";
import { useIsPending } from "#app/utils/use-is-pending";
import type { Toast } from "#app/utils/toast";
import type { loader as rootLoader } from "#app/root";

export const handle = { i18n: ["admin"] };
export const clientLoader = loadingTranslations(handle.i18n);

/** The dashboard's tabs, each shown to the roles whose permission it needs. */
const TABS: Array<{ key: "flights" | "users" | "orders" | "requests"; to: string; permission: Permission }> = [
  { key: "flights", to: "/admin", permission: "flights:manage" },
  { key: "users", to: "/admin/users", permission: "users:manage" },
  { key: "orders", to: "/admin/orders", permission: "orders:manage" },
  { key: "requests", to: "/admin/requests", permission: "requests:manage" },
];

/**
 * The back-office frame (docs/back-office.md 'The frame'): title by role, 'Sync API' and
 * 'Envoyer les alertes', the result banner of the last of them, 'État du service'
 * (docs/operations.md), the last sync runs, and the tabs the role may open. This guard
 * protects this loader only: every child loader and action calls `requirePermission` itself.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requirePermission(request, context, "flights:manage");
  const { t } = await getRequestI18n(request, context, "admin");
  const titleKey = user.role === "admin" ? "layout.titleAdmin" : "layout.titleGestionnaire";
  const canSync = can(user.role, "feed:sync");
  const [runs, health] = await Promise.all([
    canSync ? listRecentSyncRuns(context.db, 5) : [],
    readHealth(context, { role: user.role }),
  ]);
  return {
    titleKey,
    title: t(titleKey),
    tabs: TABS.filter((tab) => can(user.role, tab.permission)).map(({ key, to }) => ({ key, to })),
    canSync,
    canSendAlerts: can(user.role, "alerts:send"),
    health,
    runs: runs.map((run) => ({
      id: run.id,
      trigger: run.trigger,
      status: run.status,
      startedAt: formatDateTime(run.startedAt),
      newCount: run.newCount,
      updatedCount: run.updatedCount,
      skippedCount: run.skippedCount,
      error: run.error,
      by: run.firstName ? `${run.firstName} ${run.lastName}` : null,
    })),
  };
}

export default function AdminLayout() {
  const { titleKey, tabs, health } = useLoaderData<typeof loader>();
  // The root loader reads the one flash cookie; a banner toast is shown here, not as a toast.
  const toast = useRouteLoaderData<typeof rootLoader>("root")?.toast;
  const banner = toast?.banner ? toast : null;
  const { t } = useTranslation("admin");
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold">{t(titleKey)}</h1>
        <HeaderActions />
      </div>
      {banner ? <ResultBanner key={banner.id} banner={banner} /> : null}
      <HealthPanel report={health} />
      <SyncRuns />
      <nav aria-label={t("layout.tabsLabel")} className="mt-6 border-b border-navy-200">
        {/* One line that scrolls sideways on a phone rather than wrapping under itself. */}
        <ul className="-mb-px flex gap-2 overflow-x-auto whitespace-nowrap" data-testid="admin-tabs">
          {tabs.map((tab) => (
            <li key={tab.key} className="shrink-0">
              <NavLink
                to={tab.to}
                end={tab.to === "/admin"}
                prefetch="intent"
                className={({ isActive }) =>
                  `inline-block rounded-t-lg border-b-2 px-4 py-2 font-semibold ${
                    isActive
                      ? "border-navy-900 text-navy-900"
                      : "border-transparent text-navy-700 hover:border-navy-300"
                  }`
                }
              >
                {t(`layout.tabs.${tab.key}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-8">
        <Outlet />
      </div>
    </div>
  );
}

/** 'Sync API' and 'Envoyer les alertes': plain forms, busy while their own request runs. */
function HeaderActions() {
  const { canSync, canSendAlerts } = useLoaderData<typeof loader>();
  const { t } = useTranslation("admin");
  const location = useLocation();
  const syncing = useIsPending({ formAction: "/admin/sync" });
  const sendingAlerts = useIsPending({ formAction: "/admin/alerts" });
  const here = `${location.pathname}${location.search}`;
  return (
    <div className="flex flex-wrap gap-3">
      {canSync ? (
        <Form method="post" action="/admin/sync">
          <input type="hidden" name="redirectTo" value={here} />
          <SubmitButton variant="primary" pending={syncing} label={t("sync.button")} pendingLabel={t("sync.busy")} />
        </Form>
      ) : null}
      {canSendAlerts ? (
        <Form method="post" action="/admin/alerts">
          <input type="hidden" name="redirectTo" value={here} />
          <SubmitButton
            variant="accent"
            pending={sendingAlerts}
            label={t("alerts.button")}
            pendingLabel={t("alerts.busy")}
          />
        </Form>
      ) : null}
    </div>
  );
}

/** Green for success, red for failure; announced when it appears. */
function ResultBanner({ banner }: { banner: Toast }) {
  const success = banner.type === "success";
  return (
    <div
      role={success ? "status" : "alert"}
      data-testid="admin-banner"
      data-type={banner.type}
      className={`mt-6 rounded-xl border-l-4 p-4 font-semibold ${
        success ? "border-emerald-600 bg-emerald-50 text-emerald-900" : "border-red-600 bg-red-50 text-red-900"
      }`}
    >
      {banner.description}
    </div>
  );
}

function SyncRuns() {
  const { canSync, runs } = useLoaderData<typeof loader>();
  const { t } = useTranslation("admin");
  if (!canSync) return null;
  return (
    <details className="mt-6 rounded-xl bg-white p-4 shadow-sm ring-1 ring-navy-100">
      <summary className="cursor-pointer font-semibold">{t("sync.runs.heading")}</summary>
      {runs.length === 0 ? (
        <p className="mt-3 text-navy-700">{t("sync.runs.none")}</p>
      ) : (
        <table className="mt-3 w-full text-left text-sm">
          <thead>
            <tr className="text-navy-700">
              <th scope="col" className="py-1 pr-4">
                {t("sync.runs.started")}
              </th>
              <th scope="col" className="py-1 pr-4">
                {t("sync.runs.trigger")}
              </th>
              <th scope="col" className="py-1">
                {t("sync.runs.result")}
              </th>
            </tr>
          </thead>
          <tbody>
            {runs.map((run) => (
              <tr key={run.id} className="border-t border-navy-100">
                <td className="py-1 pr-4 tabular-nums">{run.startedAt}</td>
                <td className="py-1 pr-4">
                  {run.trigger === "cron"
                    ? t("sync.runs.cron")
                    : run.by
                      ? t("sync.runs.manual", { name: run.by })
                      : t("sync.runs.manualUnknown")}
                </td>
                <td className={`py-1 ${run.status === "error" ? "text-red-800" : ""}`}>
                  {run.status === "running"
                    ? t("sync.runs.running")
                    : run.status === "error"
                      ? t("sync.runs.failed", { error: run.error ?? "" })
                      : t("sync.runs.counts", {
                          new: run.newCount,
                          updated: run.updatedCount,
                          skipped: run.skippedCount,
                        })}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </details>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data);
