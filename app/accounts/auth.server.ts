// Sign-in, sign-up, email confirmation and password reset: docs/permissions.md.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";

import { users } from "#app/db/schema";
import { allowRegistration, checkResetRequest, startLoginTry } from "#app/limits/rate-limits.server";
import { sendMail } from "#app/mail/mail.server";
import { clientIp } from "#app/utils/client-key.server";
import type { ProfileLanguage } from "#app/utils/constants";
import { normalizeEmail } from "#app/utils/forms/fields";
import { parseForm } from "#app/utils/forms/parse";
import { isStaff } from "#app/utils/permissions";
import { logError } from "#app/utils/request-log.server";
import { absoluteUrl } from "#app/utils/urls";

import { LoginSchema, type Registration } from "./account-forms";
import { consumeOneTimeToken, createOneTimeToken } from "./one-time-tokens.queries.server";
import { hashPassword, PBKDF2_ITERATIONS, verifyPassword } from "./password.server";
import { findSecondFactor } from "./second-factors.queries.server";
import { endSession, startSession } from "./session.server";
import { deleteUserSessionsQuery } from "./sessions.queries.server";
import { createUser, findUserByEmail, findUserById, type SessionUser } from "./users.queries.server";

/** A well-formed hash no password matches (all-zero salt and hash). */
const UNKNOWN_USER_HASH = `pbkdf2-sha256$${PBKDF2_ITERATIONS}$${btoa("\0".repeat(16))}$${btoa("\0".repeat(32))}`;

export type LoginFailure = "invalidCredentials" | "emailNotConfirmed" | "rateLimited";

export class LoginError extends Error {
  constructor(readonly reason: LoginFailure) {
    super(reason);
    this.name = "LoginError";
  }
}

/**
 * remix-auth 4 keeps no session: `signIn` starts ours. The form goes through the app's one parse, so a password is
 * compared as it was stored (decision 015).
 */
export function createAuthenticator(context: AppLoadContext) {
  const authenticator = new Authenticator<SessionUser>();
  authenticator.use(
    new FormStrategy(async ({ form, request }) => {
      const submission = parseForm(form, { schema: LoginSchema });
      // The route validated the form already; a bad one here is a wrong password.
      if (submission.status !== "success") throw new LoginError("invalidCredentials");
      return verifyLogin(context, submission.value.email, submission.value.password, clientIp(request));
    }),
    "form",
  );
  return authenticator;
}

/** An unconfirmed email is refused only once the password is right; the lockout is `startLoginTry`'s. */
export async function verifyLogin(context: AppLoadContext, rawEmail: string, password: string, ip: string) {
  const email = normalizeEmail(rawEmail);
  const attempt = await startLoginTry(context, email, ip);
  if (!attempt.allowed) throw new LoginError("rateLimited");
  const user = await findUserByEmail(context.db, email);
  // An unknown email costs the same hashing as a known one, so timing tells nothing.
  if (!(await verifyPassword(password, user?.passwordHash ?? UNKNOWN_USER_HASH)) || !user)
    throw new LoginError("invalidCredentials");
  if (!user.emailConfirmedAt) {
    await attempt.giveBack();
    throw new LoginError("emailNotConfirmed");
  }
  await attempt.succeeded();
  const sessionUser = await findUserById(context.db, user.id);
  return sessionUser!;
}

export type SignInOutcome =
  | { ok: true; user: SessionUser; setCookie: string; secondStep: boolean; mustEnrol: boolean }
  | { ok: false; reason: LoginFailure | "failed" };

/** With a second factor (decision 027) the session is only a pending sign-in. The request's body must not have been read. */
export async function signIn(request: Request, context: AppLoadContext): Promise<SignInOutcome> {
  try {
    const user = await createAuthenticator(context).authenticate("form", request);
    const secondStep = !!(await findSecondFactor(context.db, user.id))?.confirmedAt;
    const mustEnrol = !secondStep && isStaff(user.role);
    return {
      ok: true,
      user,
      secondStep,
      mustEnrol,
      setCookie: await startSession(request, context, user.id, { pending: secondStep }),
    };
  } catch (error) {
    if (error instanceof LoginError) return { ok: false, reason: error.reason };
    logError("auth.sign-in-failed", error, { requestId: context.requestId });
    return { ok: false, reason: "failed" };
  }
}

export type RegisterOutcome =
  { ok: true; userId: string; email: string } | { ok: false; reason: "rateLimited" | "emailTaken" | "failed" };

export async function registerUser(
  context: AppLoadContext,
  {
    firstName,
    lastName,
    email: rawEmail,
    password,
    language,
    ip,
  }: Omit<Registration, "confirmPassword"> & { language: ProfileLanguage; ip: string },
): Promise<RegisterOutcome> {
  const email = normalizeEmail(rawEmail);
  try {
    if (!(await allowRegistration(context, ip))) return { ok: false, reason: "rateLimited" };
    if (await findUserByEmail(context.db, email)) return { ok: false, reason: "emailTaken" };
    const created = await createUser(context.db, {
      firstName,
      lastName,
      email,
      language,
      passwordHash: await hashPassword(password),
    });
    if (!created) return { ok: false, reason: "emailTaken" };
    const token = await createOneTimeToken(context.db, {
      userId: created.id,
      purpose: "email_confirmation",
      now: context.now(),
    });
    const url = absoluteUrl(context.env.APP_URL, "/confirm-email", { token });
    await sendMail(context, { to: email, locale: language, template: "auth/confirm-email", data: { firstName, url } });
    return { ok: true, userId: created.id, email };
  } catch (error) {
    logError("auth.sign-up-failed", error, { requestId: context.requestId });
    return { ok: false, reason: "failed" };
  }
}

export type ConfirmEmailOutcome = { ok: true } | { ok: false; reason: "invalid" | "failed" };

export async function confirmEmail(context: AppLoadContext, token: string | null): Promise<ConfirmEmailOutcome> {
  if (!token) return { ok: false, reason: "invalid" };
  const now = context.now();
  try {
    const userId = await consumeOneTimeToken(context.db, { token, purpose: "email_confirmation", now });
    if (!userId) return { ok: false, reason: "invalid" };
    await context.db.update(users).set({ emailConfirmedAt: now, updatedAt: now }).where(eq(users.id, userId));
    return { ok: true };
  } catch (error) {
    logError("auth.email-confirmation-failed", error, { requestId: context.requestId });
    return { ok: false, reason: "failed" };
  }
}

export type ResetRequestOutcome = { ok: true } | { ok: false; reason: "throttled" | "capped" | "failed" };

/** The outcome is the same whether the address has an account or not. */
export async function requestPasswordReset(
  context: AppLoadContext,
  { email: rawEmail, ip, locale }: { email: string; ip: string; locale: string },
): Promise<ResetRequestOutcome> {
  const email = normalizeEmail(rawEmail);
  try {
    const { throttled, capped } = await checkResetRequest(context, email, ip);
    if (throttled) return { ok: false, reason: "throttled" };
    if (capped) return { ok: false, reason: "capped" };
    const user = await findUserByEmail(context.db, email);
    if (!user) return { ok: true };
    const code = await createOneTimeToken(context.db, {
      userId: user.id,
      purpose: "password_reset",
      now: context.now(),
    });
    const url = absoluteUrl(context.env.APP_URL, "/reset-password", { type: "recovery", code });
    await sendMail(context, {
      to: user.email,
      locale,
      template: "auth/reset-password",
      data: { firstName: user.firstName, url },
    });
    return { ok: true };
  } catch (error) {
    logError("auth.reset-request-failed", error, { requestId: context.requestId });
    return { ok: false, reason: "failed" };
  }
}

export type ResetPasswordOutcome = { ok: true; setCookie: string } | { ok: false; reason: "invalidLink" };

/** The link proved the mailbox, so an unconfirmed email becomes confirmed. */
export async function resetPassword(
  request: Request,
  context: AppLoadContext,
  { code, password }: { code: string; password: string },
): Promise<ResetPasswordOutcome> {
  const { db } = context;
  const now = context.now();
  const userId = await consumeOneTimeToken(db, { token: code, purpose: "password_reset", now });
  if (!userId) return { ok: false, reason: "invalidLink" };
  const user = await db
    .select({ emailConfirmedAt: users.emailConfirmedAt })
    .from(users)
    .where(eq(users.id, userId))
    .get();
  await db.batch([
    db
      .update(users)
      .set({
        passwordHash: await hashPassword(password),
        emailConfirmedAt: user?.emailConfirmedAt ?? now,
        updatedAt: now,
      })
      .where(eq(users.id, userId)),
    deleteUserSessionsQuery(db, userId),
  ]);
  return { ok: true, setCookie: await endSession(request, context) };
}
