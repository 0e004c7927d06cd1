import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";

import { buttonClassName } from "#app/components/ui/button";
import { getRequestI18n } from "#app/i18n.server";
import { pageMeta } from "#app/utils/meta";
import { loadingTranslations } from "#app/utils/route-translations";
import { useTranslation } from "#app/utils/translations";

export const handle = { i18n: ["auth"] };
export const clientLoader = loadingTranslations(handle.i18n);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { t } = await getRequestI18n(request, context, "auth");
  return { title: t("resetPassword.successTitle") };
}

export default function ResetSuccessPage() {
  const { t } = useTranslation("auth");
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <section className="rounded-2xl bg-white p-8 text-center shadow-lg">
        <h1 className="text-2xl font-bold">{t("resetPassword.successTitle")}</h1>
        <p className="mt-4 text-navy-700">{t("resetPassword.successText")}</p>
        <Link to="/login" className={`${buttonClassName("primary", "lg")} mt-6 inline-block`}>
          {t("resetPassword.login")}
        </Link>
      </section>
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data);
