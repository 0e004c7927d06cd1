import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { NavLink, Outlet, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { getRequestI18n } from "#app/i18n.server";
import { pageMeta } from "#app/utils/meta";
import { can, type Permission } from "#app/utils/permissions";
import { requirePermission } from "#app/utils/session.server";

export const handle = { i18n: ["admin"] };

/** The dashboard's tabs, each shown to the roles whose permission it needs. */
const TABS: Array<{ key: "flights" | "users" | "orders" | "requests"; to: string; permission: Permission }> = [
  { key: "flights", to: "/admin", permission: "flights:manage" },
  { key: "users", to: "/admin/users", permission: "users:manage" },
  { key: "orders", to: "/admin/orders", permission: "orders:manage" },
  { key: "requests", to: "/admin/requests", permission: "requests:manage" },
];

/**
 * The back-office frame (back-office.md section 2): title by role and the tabs the role
 * may open. This guard protects this loader only: every child loader and action calls
 * `requirePermission` itself.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requirePermission(request, context, "flights:manage");
  const { t } = await getRequestI18n(request, context, "admin");
  const titleKey = user.role === "admin" ? "layout.titleAdmin" : "layout.titleGestionnaire";
  return {
    titleKey,
    title: t(titleKey),
    tabs: TABS.filter((tab) => can(user.role, tab.permission)).map(({ key, to }) => ({ key, to })),
  };
}

export default function AdminLayout() {
  const { titleKey, tabs } = useLoaderData<typeof loader>();
  const { t } = useTranslation("admin");
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold">{t(titleKey)}</h1>
      </div>
      <nav aria-label={t("layout.tabsLabel")} className="mt-6 border-b border-navy-200">
        <ul className="-mb-px flex flex-wrap gap-2">
          {tabs.map((tab) => (
            <li key={tab.key}>
              <NavLink
                to={tab.to}
                end={tab.to === "/admin"}
                prefetch="intent"
                className={({ isActive }) =>
                  `inline-block rounded-t-lg border-b-2 px-4 py-2 font-semibold ${
                    isActive ? "border-navy-900 text-navy-900" : "border-transparent text-navy-700 hover:border-navy-300"
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

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => (data ? pageMeta(matches, data) : []);
