import type { LoaderFunctionArgs } from "@remix-run/cloudflare";

import { isSupportedLanguage } from "#app/i18n";
import { TRANSLATIONS_VERSION } from "#app/i18n.server";
import { type Namespace, NAMESPACES, resources } from "#app/locales/resources";

const bodies = new Map<string, string>();

/** Asked for with the current `?v=`, a file never changes: cached for good. */
export function loader({ params, request }: LoaderFunctionArgs) {
  const { lng, file = "" } = params;
  const namespace = file.replace(/\.json$/, "");
  if (!isSupportedLanguage(lng) || !file.endsWith(".json") || !NAMESPACES.includes(namespace as Namespace)) {
    throw new Response("Not Found", { status: 404 });
  }
  const key = `${lng}/${namespace}`;
  let body = bodies.get(key);
  if (body === undefined) {
    body = JSON.stringify(resources[lng][namespace as Namespace]);
    bodies.set(key, body);
  }
  const current = new URL(request.url).searchParams.get("v") === TRANSLATIONS_VERSION;
  return new Response(body, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": current ? "public, max-age=31536000, immutable" : "public, max-age=300",
    },
  });
}
