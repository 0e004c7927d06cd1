/**
 * The numbers of every account rate limit (docs/decisions/005-account-rate-limits.md,
 * sign-in lockout in docs/decisions/007-login-lockout.md).
 * Counters live in D1: one Worker isolate's memory would limit nothing.
 */
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
 * Passkey challenges alive at once per network (decision 038), each a row for 5 minutes;
 * a browser holds one (a new request replaces it), so only browsers without a live one
 * count. Sign-in: /login asks one at every view (the email field offers passkeys), so a
 * busy office or carrier network must pass; 300 live is one new visitor a second for 5
 * minutes. Signed-in (adding a passkey, confirming with one): a session and, to add, the
 * password come first; 60 live.
 */
export const LIVE_PASSKEY_CHALLENGES = { signIn: 300, signedIn: 60 } as const;

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
 * A try that counts only when it fails (a wrong password, a wrong code). It is counted
 * before it is made, in one batch whose returned counts decide: D1 runs one batch at a
 * time, so a burst sent at once is numbered 1, 2, 3... and only the first ones within the
 * limit are let through; no two requests can both read a count below the limit. A try
 * that does not fail gives its hits back (`giveBack`, `succeeded`); a refused try has
 * given them back already, so refusals never count (docs/security.md, decision 028).
 */
export type CountedTry =
  | { allowed: false }
  | {
      allowed: true;
      /** The try did not fail (a right password or code, a replayed code): its hits are taken back. */
      giveBack: () => Promise<void>;
      /** A sign-in that succeeded: its hits are taken back, and the counters a success resets go. */
      succeeded: () => Promise<void>;
    };

type Counter = { key: string; rule: RateLimitRule };

/**
 * Hits every counter in one batch and lets `decide` read the counts reached, this try
 * included. `clearOnSuccess` names counters a success resets instead of giving back.
 */
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

/**
 * Starts a sign-in try: counted as a failure on the IP, the account and the pair before
 * the password is checked. An IP with 10 recent failures is refused. An account with 10
 * recent failures from anywhere is under attack: then an IP that already failed on it
 * in the window is refused, while an IP that has not (the owner, somewhere else) still
 * gets its try. A flood from many IPs thus slows guessing to one try per IP per window
 * and never locks the owner out. A success forgets this IP's failures on the account;
 * the account's own count stays: an attacker's IPs must not get fresh tries because the
 * owner signed in.
 */
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

/**
 * Starts a second-factor code try: counted on the account and the network before the
 * code is checked (so a refused try tells nothing, and a burst gets no more tries than
 * the limits).
 */
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

/**
 * Starts a passkey try (decision 038): a refused answer counts as a failed sign-in of the
 * network, like a wrong password, before it is checked. No account counter: the
 * credential names its account only once the signature is checked, and a passkey
 * cannot be guessed.
 */
export function startPasskeyTry(context: AppLoadContext, ip: string): Promise<CountedTry> {
  const { loginFailuresPerIp } = RATE_LIMITS;
  return startCountedTry(
    context,
    [{ key: loginKeys("", ip).ip, rule: loginFailuresPerIp }],
    ([network = 0]) => network <= loginFailuresPerIp.limit,
  );
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
