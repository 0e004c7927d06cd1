import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";

import { buttonClassName } from "#app/components/ui/button";
import { getRequestI18n } from "#app/i18n.server";
import { pageMeta } from "#app/utils/meta";
import { useTranslation } from "#app/utils/translations";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { t } = await getRequestI18n(request, context, "catalogue");
  return { title: `${t("sent.title")} – JetMalin` };
}

export default function RequestSentPage() {
  const { t } = useTranslation("catalogue");
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center">
      <div
        aria-hidden="true"
        className="mx-auto flex h-16 w-16 items-center justify-center rounded-full bg-emerald-100 text-3xl text-emerald-700"
      >
        ✓
      </div>
      <h1 className="mt-6 text-3xl font-bold">{t("sent.title")}</h1>
      <p className="mt-4 text-navy-700">{t("sent.text")}</p>
      <p className="mt-2 text-navy-700">{t("sent.next")}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/home" className={buttonClassName("primary", "lg")}>
          {t("sent.home")}
        </Link>
        <Link to="/empty-legs" className={buttonClassName("outline", "lg")}>
          {t("pages.seeEmptyLegs")}
        </Link>
      </div>
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data);
