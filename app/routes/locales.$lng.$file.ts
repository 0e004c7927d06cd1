import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { DEFAULT_NAMESPACE, isSupportedLanguage } from "#app/i18n";
import { translations } from "#app/i18n.server";

/** GET /locales/{lng}/{ns}.json: the translation files, as the spec serves them. */
export function loader({ params }: LoaderFunctionArgs) {
  const { lng, file } = params;
  if (!isSupportedLanguage(lng) || file !== `${DEFAULT_NAMESPACE}.json`) {
    throw new Response("Not Found", { status: 404 });
  }
  return new Response(JSON.stringify(translations[lng]), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": "public, max-age=300",
    },
  });
}
