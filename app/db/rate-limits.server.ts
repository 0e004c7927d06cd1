/**
 * The counter every cap counts on, one row of rate_limits per key: the sign-in and request
 * caps of app/limits, the waitlist's joins, the checkout's attempts and order mails.
 */
import { and, eq, gt, sql } from "drizzle-orm";

import type { Db } from "./client.server";
import { rateLimits } from "./schema";

export type RateLimitRule = { limit: number; windowMs: number };

export async function hitRateLimit(db: Db, key: string, rule: RateLimitRule, now: Date) {
  const [row] = await hitRateLimitQuery(db, key, rule, now);
  return { allowed: row!.count <= rule.limit, count: row!.count, windowEndsAt: row!.windowEndsAt };
}

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

export type RateLimitHit = { count: number; windowEndsAt: Date };

export function giveBackRateLimitQuery(db: Db, key: string, hit: RateLimitHit) {
  return db
    .update(rateLimits)
    .set({ count: sql`${rateLimits.count} - 1` })
    .where(and(eq(rateLimits.key, key), eq(rateLimits.windowEndsAt, hit.windowEndsAt), gt(rateLimits.count, 0)));
}

/** A reading only: a burst all reads a count below the limit, so never decide a try on it (decision 028). */
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
