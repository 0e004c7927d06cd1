import type { AppLoadContext } from "@remix-run/cloudflare";

import { isLocalHost } from "./request-guards.server";

/** A 404 but on a loopback host, so a deploy that kept `APP_ENV=local` by mistake shows none of these doors. */
export function requireLocalDoor(context: AppLoadContext, request: Request) {
  if (!context.env.isLocal || !isLocalHost(new URL(request.url))) throw new Response("Not Found", { status: 404 });
}
