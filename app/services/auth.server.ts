/**
 * Sign-in, sign-up, email confirmation and password reset (traveller.md sections 2,
 * 5 and 8; DECISIONS.md D4). Routes parse the forms; these functions decide.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { users, type ProfileLanguage } from "#app/db/schema";
import { consumeOneTimeToken, createOneTimeToken } from "#app/models/one-time-tokens.server";
import { deleteUserSessionsQuery } from "#app/models/sessions.server";
import { createUser, findUserByEmail, findUserById, normalizeEmail, type SessionUser } from "#app/models/users.server";
import { sendMail } from "#app/services/mail.server";
import { LoginSchema } from "#app/utils/forms/account";
import { PBKDF2_ITERATIONS, hashPassword, verifyPassword } from "#app/utils/password.server";
import { clientIp, isLoginBlocked, recordLoginFailure, recordLoginSuccess } from "./rate-limits.server";

/** A well-formed hash no password matches (all-zero salt and hash). */
const UNKNOWN_USER_HASH = `pbkdf2-sha256$${PBKDF2_ITERATIONS}$${btoa("\0".repeat(16))}$${btoa("\0".repeat(32))}`;

/** Why a sign-in failed; each maps to one message of the spec (or ours for `rateLimited`). */
export type LoginFailure = "invalidCredentials" | "emailNotConfirmed" | "rateLimited";

export class LoginError extends Error {
  constructor(readonly reason: LoginFailure) {
    super(reason);
    this.name = "LoginError";
  }
}

/**
 * remix-auth with its form strategy, built per request (it needs this request's D1).
 * remix-auth 4 keeps no session: the login route starts ours with `startSession`.
 */
export function createAuthenticator(context: AppLoadContext) {
  const authenticator = new Authenticator<SessionUser>();
  authenticator.use(
    new FormStrategy(async ({ form, request }) => {
      const parsed = LoginSchema.safeParse(Object.fromEntries(form));
      // The route validated the form already; a bad one here is a wrong password.
      if (!parsed.success) throw new LoginError("invalidCredentials");
      return verifyLogin(context, parsed.data.email, parsed.data.password, clientIp(request));
    }),
    "form",
  );
  return authenticator;
}

/**
 * Checks email and password. An unknown email fails like a wrong password
 * (DECISIONS.md D4); the lockout rules are in `isLoginBlocked`; an unconfirmed email
 * is refused only once the password is right.
 */
export async function verifyLogin(context: AppLoadContext, rawEmail: string, password: string, ip: string) {
  const email = normalizeEmail(rawEmail);
  if (await isLoginBlocked(context, email, ip)) throw new LoginError("rateLimited");
  const user = await findUserByEmail(context.db, email);
  // An unknown email costs the same hashing as a known one, so timing tells nothing.
  if (!(await verifyPassword(password, user?.passwordHash ?? UNKNOWN_USER_HASH)) || !user) {
    await recordLoginFailure(context, email, ip);
    throw new LoginError("invalidCredentials");
  }
  if (!user.emailConfirmedAt) throw new LoginError("emailNotConfirmed");
  await recordLoginSuccess(context, email, ip);
  const sessionUser = await findUserById(context.db, user.id);
  return sessionUser!;
}

function appUrl(context: AppLoadContext, path: string) {
  return new URL(path, context.env.APP_URL).toString();
}

/**
 * Creates an unconfirmed client and mails the confirmation link in the UI
 * language. `emailTaken` when the address already has an account.
 */
export async function registerUser(
  context: AppLoadContext,
  input: { firstName: string; lastName: string; email: string; password: string; language: ProfileLanguage },
): Promise<{ status: "created"; userId: string } | { status: "emailTaken" }> {
  const { password, ...profile } = input;
  if (await findUserByEmail(context.db, profile.email)) return { status: "emailTaken" };
  const created = await createUser(context.db, { ...profile, passwordHash: await hashPassword(password) });
  if (!created) return { status: "emailTaken" };
  await sendConfirmationMail(context, { userId: created.id, ...profile });
  return { status: "created", userId: created.id };
}

async function sendConfirmationMail(
  context: AppLoadContext,
  { userId, email, firstName, language }: { userId: string; email: string; firstName: string; language: string },
) {
  const token = await createOneTimeToken(context.db, { userId, purpose: "email_confirmation", now: context.now() });
  const url = appUrl(context, `/confirm-email?${new URLSearchParams({ token })}`);
  return sendMail(context, { to: normalizeEmail(email), locale: language, template: "auth/confirm-email", data: { firstName, url } });
}

/** Uses a confirmation token; true when the email is now confirmed. */
export async function confirmEmail(context: AppLoadContext, token: string): Promise<boolean> {
  const now = context.now();
  const userId = await consumeOneTimeToken(context.db, { token, purpose: "email_confirmation", now });
  if (!userId) return false;
  await context.db.update(users).set({ emailConfirmedAt: now, updatedAt: now }).where(eq(users.id, userId));
  return true;
}

/**
 * Mails a reset link if the address has an account; does nothing otherwise, and the
 * caller answers the same in both cases.
 */
export async function requestPasswordReset(context: AppLoadContext, rawEmail: string, locale: string) {
  const user = await findUserByEmail(context.db, rawEmail);
  if (!user) return;
  const token = await createOneTimeToken(context.db, { userId: user.id, purpose: "password_reset", now: context.now() });
  const url = appUrl(context, `/reset-password?${new URLSearchParams({ type: "recovery", code: token })}`);
  await sendMail(context, { to: user.email, locale, template: "auth/reset-password", data: { firstName: user.firstName, url } });
}

/**
 * Uses a reset code: new password, and every session of the user ends, in one batch.
 * The link proved the mailbox, so an unconfirmed email becomes confirmed.
 * False for an unknown, used or expired code.
 */
export async function resetPassword(context: AppLoadContext, code: string, password: string): Promise<boolean> {
  const { db } = context;
  const now = context.now();
  const userId = await consumeOneTimeToken(db, { token: code, purpose: "password_reset", now });
  if (!userId) return false;
  const user = await db.select({ emailConfirmedAt: users.emailConfirmedAt }).from(users).where(eq(users.id, userId)).get();
  await db.batch([
    db
      .update(users)
      .set({ passwordHash: await hashPassword(password), emailConfirmedAt: user?.emailConfirmedAt ?? now, updatedAt: now })
      .where(eq(users.id, userId)),
    deleteUserSessionsQuery(db, userId),
  ]);
  return true;
}
