import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ContentPage, contentMeta } from "#app/components/content-page";
import { TERMS } from "#app/content/documents";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const locale = await context.i18n.getLocale(request);
  return { document: TERMS[locale as keyof typeof TERMS] ?? TERMS.fr };
}

export default function Page() {
  const { document } = useLoaderData<typeof loader>();
  return <ContentPage document={document} />;
}

export const meta: MetaFunction<typeof loader> = ({ data }) => contentMeta(data?.document);
