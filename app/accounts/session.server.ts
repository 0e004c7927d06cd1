// Who is signed in: docs/permissions.md 'Who is signed in', decision 004.
import { type AppLoadContext, createCookie, redirect } from "@remix-run/cloudflare";

import { getRequestI18n } from "#app/i18n.server";
import type { Role } from "#app/utils/constants";
import { hostCookieName } from "#app/utils/cookies.server";
import { isolateShared } from "#app/utils/isolate-shared";
import { can, isStaff, type Permission } from "#app/utils/permissions";
import { timePhase } from "#app/utils/phase-timing.server";
import { safeRedirectPath } from "#app/utils/redirects";
import { refusal } from "#app/utils/responses.server";
import { redirectWithToast } from "#app/utils/toast.server";

import {
  createSession,
  deleteSession,
  findSession,
  renewSession,
  SESSION_TTL_MS,
  sessionNeedsRenewal,
} from "./sessions.queries.server";
import type { SessionUser } from "./users.queries.server";

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
  pending: boolean;
  secondFactor: boolean;
  passkey: boolean;
} | null;
/** One lookup per request; the key includes the Cookie header so a reused context never mixes two browsers. */
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

/** So that the loaders after the action (same request, same context) see a change of the session's factor. */
export function forgetSessionLookup(context: AppLoadContext) {
  lookups.delete(context);
}

/** Null while a sign-in waits for its second factor. */
export async function getUser(request: Request, context: AppLoadContext): Promise<SessionUser | null> {
  const session = await lookupSession(request, context);
  return session && !session.pending ? session.user : null;
}

export async function getPendingSignIn(
  request: Request,
  context: AppLoadContext,
): Promise<{ user: SessionUser; idHash: string } | null> {
  const session = await lookupSession(request, context);
  return session?.pending ? { user: session.user, idHash: session.idHash } : null;
}

export async function currentSessionHash(request: Request, context: AppLoadContext): Promise<string | null> {
  return (await lookupSession(request, context))?.idHash ?? null;
}

export function loginPathFor(request: Request): string {
  const url = new URL(request.url);
  return `/login?${new URLSearchParams({ redirectTo: `${url.pathname}${url.search}` })}`;
}

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

export function enrolmentPathFor(request: Request): string {
  const url = new URL(request.url);
  return `/profile/second-factor?${new URLSearchParams({ redirectTo: `${url.pathname}${url.search}` })}`;
}

/** A page (GET) is redirected with a toast; anything else gets the same text as a 403 and changes nothing. */
async function refuse(request: Request, context: AppLoadContext, messageKey: string, to: string): Promise<never> {
  const { t } = await getRequestI18n(request, context);
  const method = request.method.toUpperCase();
  if (method === "GET" || method === "HEAD") {
    throw await redirectWithToast(context, to, { type: "error", description: t(messageKey) });
  }
  throw refusal(t(messageKey), 403);
}

/** The guard of every back-office loader and action: the role's permission and a strong factor (docs/permissions.md). */
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

/** Without refusing: for pages open to others too (an order's page: its owner, or staff who manage orders). */
export async function hasPermission(
  request: Request,
  context: AppLoadContext,
  permission: Permission,
): Promise<boolean> {
  const session = await lookupSession(request, context);
  return !!session && !session.pending && hasStrongFactor(session) && can(session.user.role, permission);
}

/** A user with a confirmed factor passed its code in every session that is not pending. */
function hasStrongFactor(session: SessionLookup): boolean {
  return !!session && (session.secondFactor || session.passkey);
}

export async function sessionHasStrongFactor(request: Request, context: AppLoadContext): Promise<boolean> {
  return hasStrongFactor(await lookupSession(request, context));
}

/** Enrolled or not: the enrolment cannot require what it sets up. */
export async function requireStaffAccount(request: Request, context: AppLoadContext): Promise<SessionUser> {
  const user = await requireUser(request, context);
  if (!isStaff(user.role)) return refuse(request, context, "errors.forbidden", "/");
  return user;
}

export function homePathFor(role: Role): string {
  return isStaff(role) ? "/admin" : "/dashboard";
}

/** A fresh token at every sign-in, so a token planted before it is worthless. */
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

export async function endSession(request: Request, context: AppLoadContext): Promise<string> {
  const token = await readToken(request, context);
  if (token) await deleteSession(context.db, token);
  lookups.delete(context);
  return sessionCookie(context).serialize("", { maxAge: 0 });
}

export async function renewSessionIfDue(request: Request, context: AppLoadContext): Promise<string | null> {
  const session = await lookupSession(request, context);
  // A sign-in waiting for its second factor keeps its few minutes.
  if (!session || session.pending || !sessionNeedsRenewal(session.expiresAt, context.now())) return null;
  await renewSession(context.db, session.idHash, context.now());
  return sessionCookie(context).serialize(session.token);
}
