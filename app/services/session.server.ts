/**
 * Who is signed in (DECISIONS.md D4). The cookie holds only a random token; the
 * `sessions` table keeps its SHA-256, the user and the expiry. Every loader and
 * action that needs a user calls `requireUser` / `requirePermission` itself.
 */
import { createCookie, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import type { Role } from "#app/utils/constants";
import { can, isStaff, type Permission } from "#app/utils/permissions";
import { getRequestI18n } from "#app/i18n.server";
import { redirectWithToast } from "#app/utils/toast.server";
import {
  SESSION_TTL_MS,
  createSession,
  deleteSession,
  findSession,
  renewSession,
  sessionNeedsRenewal,
} from "#app/models/sessions.server";
import type { SessionUser } from "#app/models/users.server";
import { safeRedirectPath } from "#app/utils/redirects";
import { refusal } from "#app/utils/responses.server";

export type { SessionUser };
export { safeRedirectPath, isStaff };

/** Outside local development the `__Host-` prefix pins the cookie to this host, https and path /. */
export function sessionCookie(context: AppLoadContext) {
  const local = context.env.isLocal;
  return createCookie(local ? "jm_session" : "__Host-jm_session", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: !local,
    maxAge: SESSION_TTL_MS / 1000,
  });
}

async function readToken(request: Request, context: AppLoadContext): Promise<string | null> {
  const value: unknown = await sessionCookie(context).parse(request.headers.get("Cookie"));
  return typeof value === "string" && value.length > 0 && value.length <= 128 ? value : null;
}

type SessionLookup = { token: string; user: SessionUser; expiresAt: Date; idHash: string } | null;
/**
 * One lookup per request however many loaders ask: the context is per request, and
 * the key includes the Cookie header so a reused context never mixes two browsers.
 */
const lookups = new WeakMap<AppLoadContext, Map<string, Promise<SessionLookup>>>();

function lookupSession(request: Request, context: AppLoadContext): Promise<SessionLookup> {
  const cookieHeader = request.headers.get("Cookie") ?? "";
  let byCookie = lookups.get(context);
  if (!byCookie) lookups.set(context, (byCookie = new Map()));
  let lookup = byCookie.get(cookieHeader);
  if (!lookup) {
    lookup = (async () => {
      const token = await readToken(request, context);
      if (!token) return null;
      const session = await findSession(context.db, token, context.now());
      return session ? { token, ...session } : null;
    })();
    byCookie.set(cookieHeader, lookup);
  }
  return lookup;
}

export async function getUser(request: Request, context: AppLoadContext): Promise<SessionUser | null> {
  return (await lookupSession(request, context))?.user ?? null;
}

export function loginPathFor(request: Request): string {
  const url = new URL(request.url);
  return `/login?${new URLSearchParams({ redirectTo: `${url.pathname}${url.search}` })}`;
}

/** The signed-in user, or a redirect to /login that brings them back afterwards. */
export async function requireUser(
  request: Request,
  context: AppLoadContext,
  { redirectTo }: { redirectTo?: string } = {},
): Promise<SessionUser> {
  const user = await getUser(request, context);
  if (user) return user;
  const back = safeRedirectPath(redirectTo);
  throw redirect(back ? `/login?${new URLSearchParams({ redirectTo: back })}` : loginPathFor(request));
}

/**
 * The guard of every back-office loader and action (docs/permissions.md): the user, if
 * their role has `permission` in the one role-to-permission map (app/utils/permissions.ts).
 * Signed out: /login, and back here afterwards. Signed in without the permission: a page
 * (GET) goes to / with the toast 'Accès non autorisé' (back-office.md section 2); any
 * other request (a form posted directly, `.data`, `?_data=`, a resource route) gets the
 * same text as a 403 and changes nothing.
 */
export async function requirePermission(
  request: Request,
  context: AppLoadContext,
  permission: Permission,
): Promise<SessionUser> {
  const user = await requireUser(request, context);
  if (can(user.role, permission)) return user;
  const { t } = await getRequestI18n(request, context);
  const method = request.method.toUpperCase();
  if (method === "GET" || method === "HEAD") {
    throw await redirectWithToast(context, "/", { type: "error", description: t("errors.forbidden") });
  }
  throw refusal(t("errors.forbidden"), 403);
}

/** Where a user lands after sign-in when they did not come from a page. */
export function homePathFor(role: Role): string {
  return isStaff(role) ? "/admin" : "/dashboard";
}

/**
 * Starts a new session (a fresh token at every sign-in, so a token planted before
 * sign-in is worthless) and ends the one the browser had, if any.
 * Returns the Set-Cookie header value.
 */
export async function startSession(request: Request, context: AppLoadContext, userId: string): Promise<string> {
  const previous = await readToken(request, context);
  if (previous) await deleteSession(context.db, previous);
  const { token } = await createSession(context.db, userId, context.now());
  return sessionCookie(context).serialize(token);
}

/** Deletes the session row and returns the Set-Cookie header that clears the cookie. */
export async function endSession(request: Request, context: AppLoadContext): Promise<string> {
  const token = await readToken(request, context);
  if (token) await deleteSession(context.db, token);
  lookups.delete(context);
  return sessionCookie(context).serialize("", { maxAge: 0 });
}

/**
 * Pushes the expiry back to 30 days, at most once a day (one write a day, not one
 * per request). Called by the root loader, which puts the cookie on the response.
 */
export async function renewSessionIfDue(request: Request, context: AppLoadContext): Promise<string | null> {
  const session = await lookupSession(request, context);
  if (!session || !sessionNeedsRenewal(session.expiresAt, context.now())) return null;
  await renewSession(context.db, session.idHash, context.now());
  return sessionCookie(context).serialize(session.token);
}
