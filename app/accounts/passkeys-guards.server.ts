import type { AppLoadContext } from "@remix-run/cloudflare";

import { isStaff } from "#app/utils/permissions";

import { credentialsOf } from "./passkeys.queries.server";
import { findSecondFactor } from "./second-factors.queries.server";
import { sessionHasStrongFactor } from "./session.server";
import type { SessionUser } from "./users.queries.server";

/** A stolen password alone must not enrol the thief's passkey: staff with a factor enrol only from a session that passed one. */
export async function mayEnrol(request: Request, context: AppLoadContext, user: SessionUser): Promise<boolean> {
  if (!isStaff(user.role) || (await sessionHasStrongFactor(request, context))) return true;
  const hasPasskey = (await credentialsOf(context.db, user.id)).length > 0;
  return !hasPasskey && !(await findSecondFactor(context.db, user.id))?.confirmedAt;
}
