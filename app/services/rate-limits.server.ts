/**
 * The numbers of every account rate limit (docs/decisions/002-account-rate-limits.md).
 * Counters live in D1: one Worker isolate's memory would limit nothing.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { hitRateLimit, isRateLimited, type RateLimitRule } from "#app/models/rate-limits.server";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const RATE_LIMITS = {
  /** Failed sign-ins, per email and per IP (issue 3). */
  loginFailures: { limit: 10, windowMs: 15 * MINUTE },
  /** Sign-up attempts per IP: each can send a mail to any address. */
  registerPerIp: { limit: 10, windowMs: HOUR },
  /**
   * The spec's reset throttle: one request per 2 seconds for an email. Not per IP:
   * many people share an office or mobile-carrier IP; the hourly IP cap covers abuse.
   */
  resetThrottle: { limit: 1, windowMs: 2000 },
  resetPerEmailHourly: { limit: 5, windowMs: HOUR },
  resetPerIpHourly: { limit: 20, windowMs: HOUR },
} satisfies Record<string, RateLimitRule>;

/** The caller's IP as Cloudflare saw it; local development has none, so all share one. */
export function clientIp(request: Request): string {
  return request.headers.get("CF-Connecting-IP")?.slice(0, 64) || "local";
}

export const loginFailureKeys = (email: string, ip: string) => [`login:email:${email}`, `login:ip:${ip}`];

export async function isLoginBlocked(context: AppLoadContext, email: string, ip: string) {
  const now = context.now();
  const blocked = await Promise.all(
    loginFailureKeys(email, ip).map((key) => isRateLimited(context.db, key, RATE_LIMITS.loginFailures, now)),
  );
  return blocked.some(Boolean);
}

export async function recordLoginFailure(context: AppLoadContext, email: string, ip: string) {
  const now = context.now();
  await Promise.all(loginFailureKeys(email, ip).map((key) => hitRateLimit(context.db, key, RATE_LIMITS.loginFailures, now)));
}

/** Counts one sign-up from this IP; false once over the limit. */
export async function allowRegistration(context: AppLoadContext, ip: string) {
  return (await hitRateLimit(context.db, `register:ip:${ip}`, RATE_LIMITS.registerPerIp, context.now())).allowed;
}

/**
 * Counts one reset request. `throttled`: within 2 s of the previous one;
 * `capped`: over the hourly cap. Counted for any email, known or not, so the
 * answer never tells whether an account exists.
 */
export async function checkResetRequest(context: AppLoadContext, email: string, ip: string) {
  const { db } = context;
  const now = context.now();
  const [throttleEmail, hourlyEmail, hourlyIp] = await Promise.all([
    hitRateLimit(db, `reset:throttle:email:${email}`, RATE_LIMITS.resetThrottle, now),
    hitRateLimit(db, `reset:hour:email:${email}`, RATE_LIMITS.resetPerEmailHourly, now),
    hitRateLimit(db, `reset:hour:ip:${ip}`, RATE_LIMITS.resetPerIpHourly, now),
  ]);
  return {
    throttled: !throttleEmail.allowed,
    capped: !hourlyEmail.allowed || !hourlyIp.allowed,
  };
}
