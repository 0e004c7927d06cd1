import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { isSupportedLanguage } from "#app/i18n";
import { NAMESPACES, resources, type Namespace } from "#app/locales/resources";

/** GET /locales/{lng}/{ns}.json: the translation files, as the spec serves them. */
export function loader({ params }: LoaderFunctionArgs) {
  const { lng, file = "" } = params;
  const namespace = file.replace(/\.json$/, "");
  if (!isSupportedLanguage(lng) || !file.endsWith(".json") || !NAMESPACES.includes(namespace as Namespace)) {
    throw new Response("Not Found", { status: 404 });
  }
  return new Response(JSON.stringify(resources[lng][namespace as Namespace]), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": "public, max-age=300",
    },
  });
}
