import { lt } from "drizzle-orm";

import type { Db } from "#app/db/client.server";
import { oneTimeTokens, rateLimits, sessions } from "#app/db/schema";

export async function purgeExpiredRows(db: Db, now: Date) {
  const [expiredSessions, expiredTokens, expiredLimits] = await db.batch([
    db.delete(sessions).where(lt(sessions.expiresAt, now)),
    db.delete(oneTimeTokens).where(lt(oneTimeTokens.expiresAt, now)),
    db.delete(rateLimits).where(lt(rateLimits.windowEndsAt, now)),
  ]);
  return {
    sessions: expiredSessions.meta.changes,
    tokens: expiredTokens.meta.changes,
    rateLimits: expiredLimits.meta.changes,
  };
}
