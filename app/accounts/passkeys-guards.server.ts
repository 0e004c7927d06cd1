/**
 * What adding or removing a passkey asks first (decision 038): the account's password,
 * counted like a sign-in, and for staff a session that passed a strong factor.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { startLoginTry } from "#app/limits/rate-limits.server";
import { credentialsOf } from "./passkeys.queries.server";
import { findSecondFactor } from "./second-factors.queries.server";
import { findUserByEmail, type SessionUser } from "./users.queries.server";
import { verifyPassword } from "./password.server";
import { isStaff, sessionHasStrongFactor } from "./session.server";

/**
 * Staff who already have a factor (a TOTP or a passkey) add a passkey only from a
 * session that passed one: otherwise a stolen password would enrol the thief's passkey.
 */
export async function mayEnrol(request: Request, context: AppLoadContext, user: SessionUser): Promise<boolean> {
  if (!isStaff(user.role) || (await sessionHasStrongFactor(request, context))) return true;
  const hasPasskey = (await credentialsOf(context.db, user.id)).length > 0;
  return !hasPasskey && !(await findSecondFactor(context.db, user.id))?.confirmedAt;
}

/**
 * The account's password, counted like a sign-in (decision 007): a wrong one is a failed
 * try of the account and the network, a right one gives its hits back.
 */
export async function checkPassword(
  context: AppLoadContext,
  { user, password, ip }: { user: SessionUser; password: string; ip: string },
): Promise<{ ok: true } | { ok: false; reason: "rateLimited" | "wrongPassword" }> {
  const attempt = await startLoginTry(context, user.email, ip);
  if (!attempt.allowed) return { ok: false, reason: "rateLimited" };
  const account = await findUserByEmail(context.db, user.email);
  if (!account || !(await verifyPassword(password, account.passwordHash)))
    return { ok: false, reason: "wrongPassword" };
  await attempt.giveBack();
  return { ok: true };
}
