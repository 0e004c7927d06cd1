import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { useEffect } from "react";

import { contentMeta } from "#app/components/content-page";
import { buttonClassName } from "#app/components/ui/button";
import { FAQ } from "#app/content/documents/faq";
import { getRequestI18n } from "#app/i18n.server";
import { useTranslation } from "#app/utils/translations";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { language } = await getRequestI18n(request, context);
  return { document: FAQ[language] };
}

export default function FaqPage() {
  const { document } = useLoaderData<typeof loader>();
  const { t } = useTranslation("catalogue");
  const { hash } = useLocation();
  // A link to one question (/faq#co2, from every flight's CO2) opens its answer; without
  // JavaScript the page still scrolls to the question.
  useEffect(() => {
    const target = hash ? window.document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target instanceof HTMLDetailsElement) target.open = true;
  }, [hash]);
  return (
    <article className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-bold sm:text-4xl">{document.title}</h1>
      <p className="mt-4 text-lg text-navy-700">{document.intro}</p>
      <div className="mt-8 space-y-3">
        {document.sections.map((entry) => (
          <details key={entry.heading} id={entry.id} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-navy-100">
            <summary className="cursor-pointer font-semibold">
              <h2 className="inline">{entry.heading}</h2>
            </summary>
            {entry.paragraphs.map((paragraph) => (
              <p key={paragraph} className="mt-3 leading-relaxed">
                {paragraph}
              </p>
            ))}
          </details>
        ))}
      </div>
      <p className="mt-10 flex flex-wrap gap-3">
        <Link to="/empty-legs" className={buttonClassName("accent", "mdFlat")}>
          {t("pages.seeEmptyLegs")}
        </Link>
        <Link to="/custom-flight" className={buttonClassName("outline", "mdFlat")}>
          {t("offers.requestQuote")}
        </Link>
      </p>
    </article>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => contentMeta(data?.document);
