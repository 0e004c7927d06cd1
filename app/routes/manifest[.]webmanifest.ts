// The installable app's manifest (docs/decisions/053-installable-app.md), in the visitor's language.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";

import { getRequestI18n } from "#app/i18n.server";

const NAVY_900 = "#0f1b33";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { t, language } = await getRequestI18n(request, context, "translation");
  const manifest = {
    id: "/home",
    lang: language,
    name: t("meta.title"),
    short_name: t("common.brand"),
    description: t("meta.description"),
    start_url: "/home",
    scope: "/",
    display: "standalone",
    theme_color: NAVY_900,
    background_color: NAVY_900,
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  };
  return new Response(JSON.stringify(manifest), {
    headers: {
      "Content-Type": "application/manifest+json; charset=utf-8",
      // The language follows the visitor's cookie and Accept-Language: no shared cache may keep one for all.
      "Cache-Control": "private, max-age=3600",
      Vary: "Cookie, Accept-Language",
    },
  });
}
