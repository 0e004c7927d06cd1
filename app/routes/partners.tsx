import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";

import { buttonClassName } from "#app/components/ui/button";
import { PARTNERS, PARTNERSHIP_EMAIL } from "#app/content/partners";
import { getRequestI18n } from "#app/i18n.server";
import { pageMeta } from "#app/utils/meta";
import { useTranslation } from "#app/utils/translations";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { language, t } = await getRequestI18n(request, context, "catalogue");
  return {
    meta: { title: `${t("partners.title")} – JetMalin`, description: t("partners.intro") },
    partners: PARTNERS.map(({ description, ...partner }) => ({ ...partner, description: description[language] })),
  };
}

export default function PartnersPage() {
  const { partners } = useLoaderData<typeof loader>();
  const { t } = useTranslation("catalogue");
  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <h1 className="text-3xl font-bold sm:text-4xl">{t("partners.title")}</h1>
      <p className="mt-3 max-w-3xl text-lg text-navy-700">{t("partners.intro")}</p>
      <ul aria-label={t("partners.listLabel")} className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {partners.map((partner) => (
          <li key={partner.id}>
            <article
              aria-labelledby={`partner-${partner.id}`}
              className="flex h-full flex-col rounded-2xl bg-white p-5 shadow-sm ring-1 ring-navy-100"
            >
              <div
                aria-hidden="true"
                className="flex h-12 w-12 items-center justify-center rounded-full bg-navy-900 text-lg font-bold text-gold-300"
              >
                {partner.name.charAt(0)}
              </div>
              <h2 id={`partner-${partner.id}`} className="mt-4 text-lg font-bold">
                {partner.name}
              </h2>
              <p className="mt-2 flex-1 text-sm text-navy-700">{partner.description}</p>
              <a
                href={partner.website}
                rel="noopener noreferrer"
                className="mt-4 text-sm font-semibold text-navy-700 underline hover:text-navy-900"
              >
                {t("partners.visit", { name: partner.name })}
              </a>
            </article>
          </li>
        ))}
      </ul>
      <section
        aria-labelledby="join-heading"
        className="mt-16 rounded-3xl bg-navy-900 px-6 py-10 text-center text-white"
      >
        <h2 id="join-heading" className="text-2xl font-bold">
          {t("partners.join.heading")}
        </h2>
        <p className="mx-auto mt-2 max-w-2xl text-navy-100">{t("partners.join.text")}</p>
        <a href={`mailto:${PARTNERSHIP_EMAIL}`} className={`${buttonClassName("accent", "lg")} mt-6 inline-block`}>
          {PARTNERSHIP_EMAIL}
        </a>
      </section>
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data?.meta);
