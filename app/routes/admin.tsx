import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireRole } from "#app/utils/session.server";
import { getRequestI18n } from "#app/i18n.server";
import { pageMeta } from "#app/utils/meta";

export const handle = { i18n: ["auth"] };

/** The guard and the title only; the back-office issue builds the dashboard. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireRole(request, context, ["admin", "gestionnaire"]);
  const { t } = await getRequestI18n(request, context, "auth");
  const titleKey = user.role === "admin" ? "admin.titleAdmin" : "admin.titleGestionnaire";
  return { titleKey, title: t(titleKey) };
}

export default function AdminPage() {
  const { titleKey } = useLoaderData<typeof loader>();
  const { t } = useTranslation("auth");
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold">{t(titleKey)}</h1>
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => (data ? pageMeta(matches, data) : []);
