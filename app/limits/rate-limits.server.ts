/**
 * The numbers of every account rate limit (docs/decisions/005-account-rate-limits.md,
 * sign-in lockout in docs/decisions/007-login-lockout.md).
 * Counters live in D1: one Worker isolate's memory would limit nothing.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import {
  clearRateLimit,
  hitRateLimit,
  hitRateLimitQuery,
  isRateLimited,
  type RateLimitRule,
} from "./rate-limits.queries.server";
import { clientNetwork } from "#app/utils/client-key.server";

// The routes read the IP here; it lives with the network it stands for.
export { clientIp } from "#app/utils/client-key.server";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const RATE_LIMITS = {
  /** Failed sign-ins from one IP, whatever the account: the 11th try is refused. */
  loginFailuresPerIp: { limit: 10, windowMs: 15 * MINUTE },
  /** Failed sign-ins on one account from anywhere: past this, the account is under attack. */
  loginFailuresPerAccount: { limit: 10, windowMs: 15 * MINUTE },
  /** While an account is under attack, each IP gets one failed try on it per window. */
  loginFailuresPerAccountAndIp: { limit: 1, windowMs: 15 * MINUTE },
  /**
   * Wrong second-factor codes on one account (decision 027): the 6th within 15 minutes is
   * refused from anywhere. Only someone who has the password reaches the code, so this
   * lock cannot be used against an owner whose password is safe.
   */
  secondFactorFailuresPerAccount: { limit: 5, windowMs: 15 * MINUTE },
  /** Wrong second-factor codes from one network, whatever the account. */
  secondFactorFailuresPerIp: { limit: 10, windowMs: 15 * MINUTE },
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

/**
 * Every per-IP key below counts the caller's network (`clientNetwork`): an IPv6 caller
 * has a whole /64 to pick addresses from, so one address per key would limit nothing.
 */
const loginKeys = (email: string, ip: string) => ({
  ip: `login:ip:${clientNetwork(ip)}`,
  account: `login:email:${email}`,
  pair: `login:pair:${clientNetwork(ip)}:${email}`,
});

/**
 * Whether a sign-in may even be tried. An IP with 10 recent failures is refused. An
 * account with 10 recent failures from anywhere is under attack: then an IP that already
 * failed on it in the window is refused, while an IP that has not (the owner, somewhere
 * else) still gets its try. A flood from many IPs thus slows guessing to one try per IP
 * per window and never locks the owner out.
 */
export async function isLoginBlocked(context: AppLoadContext, email: string, ip: string) {
  const { db } = context;
  const now = context.now();
  const keys = loginKeys(email, ip);
  const [ipBlocked, underAttack, pairFailed] = await Promise.all([
    isRateLimited(db, keys.ip, RATE_LIMITS.loginFailuresPerIp, now),
    isRateLimited(db, keys.account, RATE_LIMITS.loginFailuresPerAccount, now),
    isRateLimited(db, keys.pair, RATE_LIMITS.loginFailuresPerAccountAndIp, now),
  ]);
  return ipBlocked || (underAttack && pairFailed);
}

export async function recordLoginFailure(context: AppLoadContext, email: string, ip: string) {
  const { db } = context;
  const now = context.now();
  const keys = loginKeys(email, ip);
  await db.batch([
    hitRateLimitQuery(db, keys.ip, RATE_LIMITS.loginFailuresPerIp, now),
    hitRateLimitQuery(db, keys.account, RATE_LIMITS.loginFailuresPerAccount, now),
    hitRateLimitQuery(db, keys.pair, RATE_LIMITS.loginFailuresPerAccountAndIp, now),
  ]);
}

/**
 * A success forgets this IP's failures on the account. The account's own count stays:
 * an attacker's IPs must not get fresh tries because the owner signed in.
 */
export async function recordLoginSuccess(context: AppLoadContext, email: string, ip: string) {
  await clearRateLimit(context.db, loginKeys(email, ip).pair);
}

const secondFactorKeys = (userId: string, ip: string) => ({
  account: `2fa:user:${userId}`,
  ip: `2fa:ip:${clientNetwork(ip)}`,
});

/** Whether a second-factor code may even be tried (checked before the code, so a refused try tells nothing). */
export async function isSecondFactorBlocked(context: AppLoadContext, userId: string, ip: string) {
  const keys = secondFactorKeys(userId, ip);
  const now = context.now();
  const [account, network] = await Promise.all([
    isRateLimited(context.db, keys.account, RATE_LIMITS.secondFactorFailuresPerAccount, now),
    isRateLimited(context.db, keys.ip, RATE_LIMITS.secondFactorFailuresPerIp, now),
  ]);
  return account || network;
}

export async function recordSecondFactorFailure(context: AppLoadContext, userId: string, ip: string) {
  const { db } = context;
  const now = context.now();
  const keys = secondFactorKeys(userId, ip);
  await db.batch([
    hitRateLimitQuery(db, keys.account, RATE_LIMITS.secondFactorFailuresPerAccount, now),
    hitRateLimitQuery(db, keys.ip, RATE_LIMITS.secondFactorFailuresPerIp, now),
  ]);
}

/** Counts one sign-up from this IP; false once over the limit. */
export async function allowRegistration(context: AppLoadContext, ip: string) {
  return (await hitRateLimit(context.db, `register:ip:${clientNetwork(ip)}`, RATE_LIMITS.registerPerIp, context.now()))
    .allowed;
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
    hitRateLimit(db, `reset:hour:ip:${clientNetwork(ip)}`, RATE_LIMITS.resetPerIpHourly, now),
  ]);
  return {
    throttled: !throttleEmail.allowed,
    capped: !hourlyEmail.allowed || !hourlyIp.allowed,
  };
}

// Reads that routes and other domains use as they are (a domain's queries stay behind its services).
export { hitRateLimitQuery, type RateLimitRule, hitRateLimit } from "./rate-limits.queries.server";
