/**
 * Who is signed in (docs/permissions.md 'Who is signed in', decision 004). The cookie holds
 * only a random token; the `sessions` table keeps its SHA-256, the user and the expiry.
 * Every loader and action that needs a user calls `requireUser` / `requirePermission`
 * itself.
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
} from "./sessions.queries.server";
import type { SessionUser } from "./users.queries.server";
import { safeRedirectPath } from "#app/utils/redirects";
import { refusal } from "#app/utils/responses.server";
import { hostCookieName } from "#app/utils/cookies.server";
import { timePhase } from "#app/utils/phase-timing.server";
import { isolateShared } from "#app/utils/isolate-shared";

/** Outside local development the `__Host-` prefix pins the cookie to this host, https and path /. */
/** The session cookie's name: `__Host-` outside local development (utils/cookies.server.ts). */
export function sessionCookieName({ secure }: { secure: boolean }): string {
  return hostCookieName("jm_session", { secure });
}

export function sessionCookie(context: AppLoadContext) {
  const local = context.env.isLocal;
  return createCookie(sessionCookieName({ secure: !local }), {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: !local,
    maxAge: SESSION_TTL_MS / 1000,
  });
}

/** Whether a parsed cookie value is a session token: what the cookie holds, never more. */
export function isSessionToken(value: unknown): value is string {
  return typeof value === "string" && value.length > 0 && value.length <= 128;
}

async function readToken(request: Request, context: AppLoadContext): Promise<string | null> {
  const value: unknown = await sessionCookie(context).parse(request.headers.get("Cookie"));
  return isSessionToken(value) ? value : null;
}

type SessionLookup = {
  token: string;
  user: SessionUser;
  expiresAt: Date;
  idHash: string;
  /** The password passed, the second factor is owed: signed in for nothing yet. */
  pending: boolean;
  /** The user has a confirmed second factor. */
  secondFactor: boolean;
  /** Opened by a passkey with user verification (decision 038). */
  passkey: boolean;
} | null;
/**
 * One lookup per request however many loaders ask: the context is per request, and
 * the key includes the Cookie header so a reused context never mixes two browsers.
 */
const lookups = isolateShared(
  "session-lookups",
  // One map for both copies of this module: load-context.ts's language detection asks too.
  () => new WeakMap<AppLoadContext, Map<string, Promise<SessionLookup>>>(),
);

function lookupSession(request: Request, context: AppLoadContext): Promise<SessionLookup> {
  const cookieHeader = request.headers.get("Cookie") ?? "";
  let byCookie = lookups.get(context);
  if (!byCookie) lookups.set(context, (byCookie = new Map()));
  let lookup = byCookie.get(cookieHeader);
  if (!lookup) {
    lookup = timePhase("session", async () => {
      const token = await readToken(request, context);
      if (!token) return null;
      const session = await findSession(context.db, token, context.now());
      return session ? { token, ...session } : null;
    });
    byCookie.set(cookieHeader, lookup);
  }
  return lookup;
}

/** The signed-in user; null when signed out or while a sign-in waits for its second factor. */
/**
 * Forgets this request's lookup after a change of the session's second factor, so the
 * loaders that follow the action (same request, same context) see the change.
 */
export function forgetSessionLookup(context: AppLoadContext) {
  lookups.delete(context);
}

export async function getUser(request: Request, context: AppLoadContext): Promise<SessionUser | null> {
  const session = await lookupSession(request, context);
  return session && !session.pending ? session.user : null;
}

/** The sign-in waiting for its second factor (the code step, /login/code), if any. */
export async function getPendingSignIn(
  request: Request,
  context: AppLoadContext,
): Promise<{ user: SessionUser; idHash: string } | null> {
  const session = await lookupSession(request, context);
  return session?.pending ? { user: session.user, idHash: session.idHash } : null;
}

/** The hash of this browser's session (kept when enrolment ends the user's other sessions). */
export async function currentSessionHash(request: Request, context: AppLoadContext): Promise<string | null> {
  return (await lookupSession(request, context))?.idHash ?? null;
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

/** Where a staff member without a second factor is sent, and back here afterwards. */
export function enrolmentPathFor(request: Request): string {
  const url = new URL(request.url);
  return `/profile/second-factor?${new URLSearchParams({ redirectTo: `${url.pathname}${url.search}` })}`;
}

/**
 * A refusal of the back-office: a page (GET) goes to `to` with the toast `message`
 * (docs/permissions.md); any other request (a form posted directly, `.data`,
 * `?_data=`, a resource route) gets the same text as a 403 and changes nothing.
 */
async function refuse(request: Request, context: AppLoadContext, messageKey: string, to: string): Promise<never> {
  const { t } = await getRequestI18n(request, context);
  const method = request.method.toUpperCase();
  if (method === "GET" || method === "HEAD") {
    throw await redirectWithToast(context, to, { type: "error", description: t(messageKey) });
  }
  throw refusal(t(messageKey), 403);
}

/**
 * The guard of every back-office loader and action (docs/permissions.md): the user, if
 * their role has `permission` in the one role-to-permission map (app/utils/permissions.ts)
 * and the session passed a strong factor: the TOTP code (decision 027: any role with a
 * permission is staff) or a verified passkey (decision 038).
 * Signed out: /login, and back here afterwards. Without the permission: / with 'Accès non
 * autorisé' (403 off a page). Without a second factor: the enrolment page, and back here
 * once enrolled (403 off a page).
 */
export async function requirePermission(
  request: Request,
  context: AppLoadContext,
  permission: Permission,
): Promise<SessionUser> {
  const user = await requireUser(request, context);
  if (!can(user.role, permission)) return refuse(request, context, "errors.forbidden", "/");
  if (!hasStrongFactor(await lookupSession(request, context)))
    return refuse(request, context, "errors.secondFactorRequired", enrolmentPathFor(request));
  return user;
}

/**
 * Whether the request's user may use `permission`, under the same rules as
 * `requirePermission` (second factor included), without refusing: for pages open to
 * others too (an order's page: its owner, or staff who manage orders).
 */
export async function hasPermission(
  request: Request,
  context: AppLoadContext,
  permission: Permission,
): Promise<boolean> {
  const session = await lookupSession(request, context);
  return !!session && !session.pending && hasStrongFactor(session) && can(session.user.role, permission);
}

/**
 * What opens the back-office besides the role (decisions 027 and 038): a session that
 * passed the TOTP code (every session of a user with a confirmed factor did), or one
 * opened by a passkey with user verification.
 */
function hasStrongFactor(session: SessionLookup): boolean {
  return !!session && (session.secondFactor || session.passkey);
}

/** Whether this browser's session passed a strong factor (the passkeys' own rules need it for staff). */
export async function sessionHasStrongFactor(request: Request, context: AppLoadContext): Promise<boolean> {
  return hasStrongFactor(await lookupSession(request, context));
}

/**
 * The guard of the second factor's own page (/profile/second-factor): a staff account,
 * enrolled or not (the enrolment cannot require what it sets up).
 */
export async function requireStaffAccount(request: Request, context: AppLoadContext): Promise<SessionUser> {
  const user = await requireUser(request, context);
  if (!isStaff(user.role)) return refuse(request, context, "errors.forbidden", "/");
  return user;
}

/** Where a user lands after sign-in when they did not come from a page. */
export function homePathFor(role: Role): string {
  return isStaff(role) ? "/admin" : "/dashboard";
}

/**
 * Starts a new session (a fresh token at every sign-in, so a token planted before
 * sign-in is worthless, and again when the second factor passes) and ends the one the
 * browser had, if any. `pending`: the second factor is still owed (decision 027);
 * `passkey`: a passkey with user verification opened it (decision 038).
 * Returns the Set-Cookie header value.
 */
export async function startSession(
  request: Request,
  context: AppLoadContext,
  userId: string,
  { pending = false, passkey = false }: { pending?: boolean; passkey?: boolean } = {},
): Promise<string> {
  const previous = await readToken(request, context);
  if (previous) await deleteSession(context.db, previous);
  const { token } = await createSession(context.db, userId, context.now(), { pending, passkey });
  lookups.delete(context);
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
  // A sign-in waiting for its second factor keeps its few minutes.
  if (!session || session.pending || !sessionNeedsRenewal(session.expiresAt, context.now())) return null;
  await renewSession(context.db, session.idHash, context.now());
  return sessionCookie(context).serialize(session.token);
}
