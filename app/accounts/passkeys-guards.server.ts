/**
 * What adding a passkey asks of staff first (decision 038): a session that passed a strong
 * factor. The password every account gives first is password-check.server.ts's.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { credentialsOf } from "./passkeys.queries.server";
import { findSecondFactor } from "./second-factors.queries.server";
import type { SessionUser } from "./users.queries.server";
import { sessionHasStrongFactor } from "./session.server";
import { isStaff } from "#app/utils/permissions";

/**
 * Staff who already have a factor (a TOTP or a passkey) add a passkey only from a
 * session that passed one: otherwise a stolen password would enrol the thief's passkey.
 */
export async function mayEnrol(request: Request, context: AppLoadContext, user: SessionUser): Promise<boolean> {
  if (!isStaff(user.role) || (await sessionHasStrongFactor(request, context))) return true;
  const hasPasskey = (await credentialsOf(context.db, user.id)).length > 0;
  return !hasPasskey && !(await findSecondFactor(context.db, user.id))?.confirmedAt;
}
