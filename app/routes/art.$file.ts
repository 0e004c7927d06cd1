import type { LoaderFunctionArgs } from "@remix-run/cloudflare";

import { cityArtworkFor } from "#app/content/cities";
import { cityArtSvg } from "#app/content/city-art-svg";

/** An unknown city gets the default scene. */
export function loader({ params }: LoaderFunctionArgs) {
  const match = /^([a-z0-9-]{1,60})\.svg$/.exec(params.file ?? "");
  if (!match) throw new Response("Not Found", { status: 404 });
  return new Response(cityArtSvg(cityArtworkFor(match[1]!)), {
    headers: { "Content-Type": "image/svg+xml; charset=utf-8", "Cache-Control": "public, max-age=86400" },
  });
}
