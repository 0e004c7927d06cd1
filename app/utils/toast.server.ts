import type { AppLoadContext } from "@remix-run/cloudflare";
import { createCookie, createCookieSessionStorage, redirect } from "@remix-run/cloudflare";

import { type ToastInput, toastSchema } from "#app/utils/toast";

import { hostCookieName } from "./cookies.server";

const TOAST_KEY = "toast";

export function toastCookie(context: AppLoadContext) {
  const secure = !context.env.isLocal;
  return createCookie(hostCookieName("jm_toast", { secure }), {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure,
    secrets: [context.env.SESSION_SECRET],
  });
}

function toastStorage(context: AppLoadContext) {
  return createCookieSessionStorage({ cookie: toastCookie(context) });
}

export async function createToastHeaders(context: AppLoadContext, toast: ToastInput) {
  const storage = toastStorage(context);
  const session = await storage.getSession();
  session.flash(TOAST_KEY, toastSchema.parse({ id: crypto.randomUUID(), ...toast }));
  return new Headers({ "Set-Cookie": await storage.commitSession(session) });
}

export async function redirectWithToast(context: AppLoadContext, url: string, toast: ToastInput, init?: ResponseInit) {
  const headers = new Headers(init?.headers);
  for (const [name, value] of await createToastHeaders(context, toast)) headers.append(name, value);
  return redirect(url, { ...init, headers });
}

/** An unreadable cookie is no toast: server.ts clears it before any loader, this keeps a direct call from throwing. */
export async function getToast(request: Request, context: AppLoadContext) {
  const storage = toastStorage(context);
  const session = await storage.getSession(request.headers.get("Cookie")).catch(() => storage.getSession());
  const parsed = toastSchema.safeParse(session.get(TOAST_KEY));
  return {
    toast: parsed.success ? parsed.data : null,
    headers: parsed.success ? new Headers({ "Set-Cookie": await storage.destroySession(session) }) : null,
  };
}
