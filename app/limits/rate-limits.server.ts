// Account rate limits, counted in D1: docs/decisions/005-account-rate-limits.md, 007-login-lockout.md
// (sign-in) and 028-limits-under-a-burst.md (a try is counted before it is checked).
import type { AppLoadContext } from "@remix-run/cloudflare";

import {
  clearRateLimitQuery,
  giveBackRateLimitQuery,
  hitRateLimit,
  hitRateLimitQuery,
  type RateLimitRule,
} from "#app/db/rate-limits.server";
import { clientNetwork } from "#app/utils/client-key.server";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const RATE_LIMITS = {
  loginFailuresPerIp: { limit: 10, windowMs: 15 * MINUTE },
  loginFailuresPerAccount: { limit: 10, windowMs: 15 * MINUTE },
  loginFailuresPerAccountAndIp: { limit: 1, windowMs: 15 * MINUTE },
  secondFactorFailuresPerAccount: { limit: 5, windowMs: 15 * MINUTE },
  secondFactorFailuresPerIp: { limit: 10, windowMs: 15 * MINUTE },
  registerPerIp: { limit: 10, windowMs: HOUR },
  resetThrottle: { limit: 1, windowMs: 2000 },
  resetPerEmailHourly: { limit: 5, windowMs: HOUR },
  resetPerIpHourly: { limit: 20, windowMs: HOUR },
} satisfies Record<string, RateLimitRule>;

/** Live challenges per network (decision 038): /login asks one at every view, so a busy network must pass. */
export const LIVE_PASSKEY_CHALLENGES = { signIn: 300, signedIn: 60 } as const;

const loginKeys = (email: string, ip: string) => ({
  ip: `login:ip:${clientNetwork(ip)}`,
  account: `login:email:${email}`,
  pair: `login:pair:${clientNetwork(ip)}:${email}`,
});

/** Counted before it is checked; given back unless it fails. */
export type CountedTry =
  | { allowed: false }
  | {
      allowed: true;
      giveBack: () => Promise<void>;
      succeeded: () => Promise<void>;
    };

type Counter = { key: string; rule: RateLimitRule };

async function startCountedTry(
  context: AppLoadContext,
  counters: Counter[],
  decide: (counts: number[]) => boolean,
  clearOnSuccess: string[] = [],
): Promise<CountedTry> {
  const { db } = context;
  const now = context.now();
  const [first, ...rest] = counters.map(({ key, rule }) => hitRateLimitQuery(db, key, rule, now));
  const rows = await db.batch([first!, ...rest]);
  const hits = rows.map((returned) => returned[0]!);
  const takeBack = async (except: string[] = []) => {
    const [firstQuery, ...others] = [
      ...counters.flatMap(({ key }, i) => (except.includes(key) ? [] : [giveBackRateLimitQuery(db, key, hits[i]!)])),
      ...except.map((key) => clearRateLimitQuery(db, key)),
    ];
    if (firstQuery) await db.batch([firstQuery, ...others]);
  };
  if (!decide(hits.map((hit) => hit.count))) {
    await takeBack();
    return { allowed: false };
  }
  return { allowed: true, giveBack: () => takeBack(), succeeded: () => takeBack(clearOnSuccess) };
}

/** Decision 007: a success clears only the (account, IP) pair, so the owner's sign-in gives no IP fresh tries. */
export function startLoginTry(context: AppLoadContext, email: string, ip: string): Promise<CountedTry> {
  const keys = loginKeys(email, ip);
  const { loginFailuresPerIp, loginFailuresPerAccount, loginFailuresPerAccountAndIp } = RATE_LIMITS;
  return startCountedTry(
    context,
    [
      { key: keys.ip, rule: loginFailuresPerIp },
      { key: keys.account, rule: loginFailuresPerAccount },
      { key: keys.pair, rule: loginFailuresPerAccountAndIp },
    ],
    ([ip = 0, account = 0, pair = 0]) =>
      ip <= loginFailuresPerIp.limit &&
      (account <= loginFailuresPerAccount.limit || pair <= loginFailuresPerAccountAndIp.limit),
    [keys.pair],
  );
}

const secondFactorKeys = (userId: string, ip: string) => ({
  account: `2fa:user:${userId}`,
  ip: `2fa:ip:${clientNetwork(ip)}`,
});

export function startSecondFactorTry(context: AppLoadContext, userId: string, ip: string): Promise<CountedTry> {
  const keys = secondFactorKeys(userId, ip);
  const { secondFactorFailuresPerAccount, secondFactorFailuresPerIp } = RATE_LIMITS;
  return startCountedTry(
    context,
    [
      { key: keys.account, rule: secondFactorFailuresPerAccount },
      { key: keys.ip, rule: secondFactorFailuresPerIp },
    ],
    ([account = 0, network = 0]) =>
      account <= secondFactorFailuresPerAccount.limit && network <= secondFactorFailuresPerIp.limit,
  );
}

/** Per network only: the credential names its account only once its signature is checked. */
export function startPasskeyTry(context: AppLoadContext, ip: string): Promise<CountedTry> {
  const { loginFailuresPerIp } = RATE_LIMITS;
  return startCountedTry(
    context,
    [{ key: loginKeys("", ip).ip, rule: loginFailuresPerIp }],
    ([network = 0]) => network <= loginFailuresPerIp.limit,
  );
}

export async function allowRegistration(context: AppLoadContext, ip: string) {
  return (await hitRateLimit(context.db, `register:ip:${clientNetwork(ip)}`, RATE_LIMITS.registerPerIp, context.now()))
    .allowed;
}

/** Counted for any email, known or not, so the answer never tells whether an account exists. */
export async function checkResetRequest(context: AppLoadContext, email: string, ip: string) {
  const { db } = context;
  const now = context.now();
  const [[throttleEmail], [hourlyEmail], [hourlyIp]] = await db.batch([
    hitRateLimitQuery(db, `reset:throttle:email:${email}`, RATE_LIMITS.resetThrottle, now),
    hitRateLimitQuery(db, `reset:hour:email:${email}`, RATE_LIMITS.resetPerEmailHourly, now),
    hitRateLimitQuery(db, `reset:hour:ip:${clientNetwork(ip)}`, RATE_LIMITS.resetPerIpHourly, now),
  ]);
  return {
    throttled: throttleEmail!.count > RATE_LIMITS.resetThrottle.limit,
    capped:
      hourlyEmail!.count > RATE_LIMITS.resetPerEmailHourly.limit ||
      hourlyIp!.count > RATE_LIMITS.resetPerIpHourly.limit,
  };
}
