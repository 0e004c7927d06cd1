import { eq, sql } from "drizzle-orm";
import type { Db } from "#app/db/client.server";
import { rateLimits } from "#app/db/schema";

/** A fixed window: at most `limit` hits per `windowMs` for one key. */
export type RateLimitRule = { limit: number; windowMs: number };

/**
 * Counts one hit on `key` in one atomic upsert (a window that has ended starts over
 * at 1) and says whether the hit is within the limit.
 */
export async function hitRateLimit(db: Db, key: string, rule: RateLimitRule, now: Date) {
  const [row] = await hitRateLimitQuery(db, key, rule, now);
  return { allowed: row!.count <= rule.limit, count: row!.count, windowEndsAt: row!.windowEndsAt };
}

/** The upsert of `hitRateLimit`, to run in a `db.batch` with others. */
export function hitRateLimitQuery(db: Db, key: string, rule: RateLimitRule, now: Date) {
  const nowMs = now.getTime();
  const windowEndsAt = nowMs + rule.windowMs;
  return db
    .insert(rateLimits)
    .values({ key, count: 1, windowEndsAt: new Date(windowEndsAt) })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${rateLimits.windowEndsAt} <= ${nowMs} THEN 1 ELSE ${rateLimits.count} + 1 END`,
        windowEndsAt: sql`CASE WHEN ${rateLimits.windowEndsAt} <= ${nowMs} THEN ${windowEndsAt} ELSE ${rateLimits.windowEndsAt} END`,
      },
    })
    .returning({ count: rateLimits.count, windowEndsAt: rateLimits.windowEndsAt });
}

/** True when `key` already used up its limit in the current window (counts nothing). */
export async function isRateLimited(db: Db, key: string, rule: RateLimitRule, now: Date) {
  const [row] = await db.select().from(rateLimits).where(eq(rateLimits.key, key)).limit(1);
  return !!row && row.windowEndsAt.getTime() > now.getTime() && row.count >= rule.limit;
}

export async function clearRateLimit(db: Db, key: string) {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}
