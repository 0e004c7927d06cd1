import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireUser } from "#app/utils/session.server";
import { getRequestI18n } from "#app/i18n.server";
import { pageMeta } from "#app/utils/meta";

export const handle = { i18n: ["auth"] };

/** The welcome and the first name; favourites, flights and orders come with the checkout. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const { t } = await getRequestI18n(request, context, "auth");
  return { firstName: user.firstName, title: t("dashboard.welcome", { name: user.firstName }) };
}

export default function DashboardPage() {
  const { firstName } = useLoaderData<typeof loader>();
  const { t } = useTranslation("auth");
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold">{t("dashboard.welcome", { name: firstName })}</h1>
      <p className="mt-2 text-navy-700">{t("dashboard.intro")}</p>
      <Link
        to="/profile"
        className="mt-6 inline-block rounded-full bg-navy-900 px-6 py-3 font-semibold text-white hover:bg-navy-700"
      >
        {t("dashboard.profileLink")}
      </Link>
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => (data ? pageMeta(matches, data) : []);
