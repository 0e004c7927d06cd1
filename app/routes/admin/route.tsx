import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { NavLink, Outlet, useLoaderData, useRouteLoaderData } from "@remix-run/react";

import { requirePermission } from "#app/accounts/session.server";
import { listRecentSyncRuns } from "#app/feed/feed-sync.queries.server";
import { getRequestI18n } from "#app/i18n.server";
import { readHealth } from "#app/operations/health.server";
import type { loader as rootLoader } from "#app/root";
import { formatDateTime } from "#app/utils/format";
import { pageMeta } from "#app/utils/meta";
import { can, type Permission } from "#app/utils/permissions";
import { loadingTranslations } from "#app/utils/route-translations";
import { useTranslation } from "#app/utils/translations";

import { HeaderActions, ResultBanner, SyncRuns } from "./frame-parts";
import { HealthPanel } from "./health-panel";

export const handle = { i18n: ["admin"] };
export const clientLoader = loadingTranslations(handle.i18n);

const TABS: Array<{ key: "flights" | "users" | "orders" | "requests"; to: string; permission: Permission }> = [
  { key: "flights", to: "/admin", permission: "flights:manage" },
  { key: "users", to: "/admin/users", permission: "users:manage" },
  { key: "orders", to: "/admin/orders", permission: "orders:manage" },
  { key: "requests", to: "/admin/requests", permission: "requests:manage" },
];

/** This guard protects this loader only: every child loader and action calls `requirePermission` itself. */
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
      skipped: run.skipped,
      error: run.error,
      by: run.firstName ? `${run.firstName} ${run.lastName}` : null,
    })),
  };
}

export default function AdminLayout() {
  const { titleKey, tabs, health, canSync, canSendAlerts, runs } = useLoaderData<typeof loader>();
  // The root loader reads the one flash cookie; a banner toast is shown here, not as a toast.
  const toast = useRouteLoaderData<typeof rootLoader>("root")?.toast;
  const banner = toast?.banner ? toast : null;
  const { t } = useTranslation("admin");
  return (
    <div className="mx-auto max-w-6xl px-4 py-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold">{t(titleKey)}</h1>
        <HeaderActions canSync={canSync} canSendAlerts={canSendAlerts} />
      </div>
      {banner ? <ResultBanner key={banner.id} banner={banner} /> : null}
      <HealthPanel report={health} />
      <SyncRuns canSync={canSync} runs={runs} />
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

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data);
