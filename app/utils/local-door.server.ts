import type { AppLoadContext } from "@remix-run/cloudflare";
import { isLocalHost } from "./request-guards.server";

/**
 * A door for local development only (/dev/sql, /dev/mail, /dev/pay): open when the app runs
 * as local and is reached on a loopback host, a 404 anywhere else, so a deploy that kept
 * `APP_ENV=local` by mistake still shows none of them to the internet.
 */
export function requireLocalDoor(context: AppLoadContext, request: Request) {
  if (!context.env.isLocal || !isLocalHost(new URL(request.url))) throw new Response("Not Found", { status: 404 });
}
