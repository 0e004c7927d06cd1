import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";

import { contentMeta, ContentPage } from "#app/components/content-page";
import { LEGAL_NOTICE } from "#app/content/documents/legal-notice";
import { getRequestI18n } from "#app/i18n.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { language } = await getRequestI18n(request, context);
  return { document: LEGAL_NOTICE[language] };
}

export default function Page() {
  const { document } = useLoaderData<typeof loader>();
  return <ContentPage document={document} />;
}

export const meta: MetaFunction<typeof loader> = ({ data }) => contentMeta(data?.document);
