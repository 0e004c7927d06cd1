import type { AppLoadContext } from "@remix-run/cloudflare";

import { startLoginTry } from "#app/limits/rate-limits.server";

import { verifyPassword } from "./password.server";
import { findUserByEmail, type SessionUser } from "./users.queries.server";

/** Counted like a sign-in (decision 007): a wrong password keeps the try counted, a right one gives it back and clears nothing. */
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
