/**
 * The counter every cap counts on, one row of rate_limits per key: the sign-in and request
 * caps of app/limits, the waitlist's joins, the checkout's attempts and order mails.
 */
import { and, eq, gt, sql } from "drizzle-orm";
import type { Db } from "./client.server";
import { rateLimits } from "./schema";

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

/** The count a hit reached and the window it was counted in, as `hitRateLimitQuery` returns them. */
export type RateLimitHit = { count: number; windowEndsAt: Date };

/**
 * Takes back one hit on `key` that turned out not to count (a try that succeeded, or was
 * refused): only in the window it was counted in, and never below zero.
 */
export function giveBackRateLimitQuery(db: Db, key: string, hit: RateLimitHit) {
  return db
    .update(rateLimits)
    .set({ count: sql`${rateLimits.count} - 1` })
    .where(and(eq(rateLimits.key, key), eq(rateLimits.windowEndsAt, hit.windowEndsAt), gt(rateLimits.count, 0)));
}

/**
 * True when `key` already used up its limit in the current window (counts nothing). A
 * reading only: deciding a try on it lets a burst through (every request reads the
 * count before any adds to it); a try is decided on the count its own hit returns.
 */
export async function isRateLimited(db: Db, key: string, rule: RateLimitRule, now: Date) {
  const [row] = await db.select().from(rateLimits).where(eq(rateLimits.key, key)).limit(1);
  return !!row && row.windowEndsAt.getTime() > now.getTime() && row.count >= rule.limit;
}

export async function clearRateLimit(db: Db, key: string) {
  await clearRateLimitQuery(db, key);
}

export function clearRateLimitQuery(db: Db, key: string) {
  return db.delete(rateLimits).where(eq(rateLimits.key, key));
}
