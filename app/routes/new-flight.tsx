import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requirePermission } from "#app/utils/session.server";
import { getRequestI18n } from "#app/i18n.server";
import { pageMeta } from "#app/utils/meta";

export const handle = { i18n: ["admin"] };

/** The guard and the heading only; the back-office flights issue builds the form. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requirePermission(request, context, "flights:manage");
  const { t } = await getRequestI18n(request, context, "admin");
  return { title: t("newFlight.title") };
}

export default function NewFlightPage() {
  const { t } = useTranslation("admin");
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <Link to="/admin" className="text-sm font-semibold text-navy-700 hover:underline">
        <span aria-hidden="true">←</span> {t("layout.backToAdmin")}
      </Link>
      <h1 className="mt-4 text-3xl font-bold">{t("newFlight.title")}</h1>
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => (data ? pageMeta(matches, data) : []);
