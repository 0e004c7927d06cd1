import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";

import { contentMeta, ContentPage } from "#app/components/content-page";
import { buttonClassName } from "#app/components/ui/button";
import { CUSTOM_FLIGHTS } from "#app/content/documents/custom-flights";
import { getRequestI18n } from "#app/i18n.server";
import { useTranslation } from "#app/utils/translations";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { language } = await getRequestI18n(request, context);
  return { document: CUSTOM_FLIGHTS[language] };
}

export default function CustomFlightsPage() {
  const { document } = useLoaderData<typeof loader>();
  const { t } = useTranslation("catalogue");
  return (
    <ContentPage document={document}>
      <p className="mt-10">
        <Link to="/custom-flight" className={`${buttonClassName("accent", "lg")} inline-block`}>
          {t("offers.requestQuote")}
        </Link>
      </p>
    </ContentPage>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => contentMeta(data?.document);
