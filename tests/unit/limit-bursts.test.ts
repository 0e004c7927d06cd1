/**
 * Every limit holds under a burst (issue 31, decision 028): requests sent at the same
 * moment (Promise.all through the route actions and services, on a real D1) get at most
 * the limit's number of tries; the rest are refused. Before, each request read the
 * counter before any had added to it, and 20 wrong codes sent at once were all checked.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { totpCode } from "#app/accounts/totp.server";
import { rateLimits, users } from "#app/db/schema";
import { checkResetRequest, RATE_LIMITS } from "#app/limits/rate-limits.server";
import { allowRequest, REQUEST_LIMITS } from "#app/limits/request-limits.server";
import { checkCheckoutRate, CHECKOUT_LIMITS } from "#app/orders/hold-caps.server";
import { action as loginAction } from "#app/routes/login/route";
import { action as codeAction } from "#app/routes/login_.code";
import { action as registerAction } from "#app/routes/register";
import { createTestContext } from "#tests/context";
import { createTestD1 } from "#tests/d1";
import { testPasswordHash } from "#tests/passwords";
import { enrolSecondFactor, TEST_TOTP_SECRET } from "#tests/staff";

import { cookiePair, post, run } from "./remix";

const PASSWORD = "Vol-prive-2026";
const WINDOW = 15 * 60_000;
let d1: D1Database;
let dispose: () => Promise<void>;
let clock: Date;
let context: AppLoadContext;
let userCount = 0;

beforeAll(async () => {
  ({ d1, dispose } = await createTestD1());
});
afterAll(() => dispose());
beforeEach(async () => {
  // A code step of its own for each test: a used step is refused as a replay.
  clock = new Date(Date.UTC(2026, 10, 24, 10, 0, 10) + userCount * 60_000);
  context = createTestContext({ d1, now: () => clock });
  await context.db.delete(rateLimits);
});

const tick = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

async function createUser(role: "client" | "gestionnaire" = "client") {
  const id = `burst-${++userCount}`;
  const email = `${id}@example.ch`;
  await context.db.insert(users).values({
    id,
    email,
    passwordHash: await testPasswordHash(PASSWORD),
    firstName: "Bea",
    lastName: "Rst",
    role,
    emailConfirmedAt: clock,
  });
  return { id, email };
}

const signIn = (email: string, password: string, ip: string) =>
  run(loginAction, post("/login", { intent: "login", email, password }, { ip }), context);
const answer = (cookie: string, code: string, ip: string) =>
  run(codeAction, post("/login/code", { code, redirectTo: "/admin" }, { cookie, ip }), context);

/** How many answers had each status. */
function tally(statuses: number[]) {
  const counts: Record<number, number> = {};
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

/** A pending sign-in (the password passed) of an enrolled staff member. */
async function pendingSignIn(ip: string) {
  const staff = await createUser("gestionnaire");
  await enrolSecondFactor(context.db, [staff.id], clock);
  const signedIn = await signIn(staff.email, PASSWORD, ip);
  expect(signedIn.location).toMatch(/^\/login\/code/);
  const cookie = cookiePair(signedIn.setCookies.find((value) => value.startsWith("jm_session=")));
  return { ...staff, cookie };
}

/** A wrong six-digit code: the right one shifted. */
async function wrongCode() {
  const right = await totpCode(TEST_TOTP_SECRET, clock);
  return String((Number(right) + 500_000) % 1_000_000).padStart(6, "0");
}

describe("sign-in under a burst", () => {
  it.each([20, 50])(
    "answers %i wrong passwords sent at once from one IP with at most 10 401s, the rest 429; the right password works after the window",
    async (burst) => {
      const { email } = await createUser();
      const ip = `198.51.100.${burst}`;
      const answers = await Promise.all(Array.from({ length: burst }, (_, i) => signIn(email, `wrong-${i}`, ip)));
      const counts = tally(answers.map((result) => result.status));
      expect(counts[401]).toBeLessThanOrEqual(RATE_LIMITS.loginFailuresPerIp.limit);
      expect(counts[401]! + counts[429]!).toBe(burst);
      expect((await signIn(email, PASSWORD, ip)).status).toBe(429);
      tick(WINDOW);
      expect((await signIn(email, PASSWORD, ip)).status).toBe(302);
    },
  );

  it("gives an IP that already failed on an account under attack no second try, however many it sends at once", async () => {
    const { email } = await createUser();
    for (let i = 0; i < RATE_LIMITS.loginFailuresPerAccount.limit; i++)
      expect((await signIn(email, "wrong", `203.0.113.${i}`)).status).toBe(401);
    const answers = await Promise.all(Array.from({ length: 20 }, () => signIn(email, "wrong", "192.0.2.80")));
    expect(tally(answers.map((result) => result.status))).toEqual({ 401: 1, 429: 19 });
    // The owner, elsewhere, still gets in.
    expect((await signIn(email, PASSWORD, "192.0.2.81")).status).toBe(302);
  });

  it("counts a right password sent among wrong ones as no failure", async () => {
    const { email } = await createUser();
    const ip = "198.51.100.77";
    const answers = await Promise.all([
      ...Array.from({ length: 5 }, () => signIn(email, "wrong", ip)),
      signIn(email, PASSWORD, ip),
      ...Array.from({ length: 4 }, () => signIn(email, "wrong", ip)),
    ]);
    expect(tally(answers.map((result) => result.status))).toEqual({ 302: 1, 401: 9 });
    // Nine failures: one more try before the IP is blocked.
    expect((await signIn(email, "wrong", ip)).status).toBe(401);
    expect((await signIn(email, PASSWORD, ip)).status).toBe(429);
  });
});

describe("the code step under a burst", () => {
  it.each([20, 50])(
    "answers %i wrong codes sent at once for one pending sign-in with at most 5 401s, the rest 429; the right code works after the window",
    async (burst) => {
      const ip = `198.51.101.${burst}`;
      const { cookie } = await pendingSignIn(ip);
      const code = await wrongCode();
      const answers = await Promise.all(Array.from({ length: burst }, () => answer(cookie, code, ip)));
      const counts = tally(answers.map((result) => result.status));
      expect(counts[401]).toBeLessThanOrEqual(RATE_LIMITS.secondFactorFailuresPerAccount.limit);
      expect(counts[401]! + counts[429]!).toBe(burst);
      expect((await answer(cookie, await totpCode(TEST_TOTP_SECRET, clock), ip)).status).toBe(429);
      // The pending sign-in lasts 10 minutes: a new one once the window is over.
      tick(WINDOW);
      const again = await pendingSignIn(ip);
      const done = await answer(again.cookie, await totpCode(TEST_TOTP_SECRET, clock), ip);
      expect(done.status).toBe(302);
      expect(done.location).toBe("/admin");
    },
  );

  it("holds the network's limit of 10 wrong codes across accounts sent at once", async () => {
    const ip = "198.51.102.1";
    const pendings = [];
    for (let i = 0; i < 4; i++) pendings.push(await pendingSignIn(ip));
    const code = await wrongCode();
    // 4 accounts x 5 codes: each account's limit would let all 20 through, the network's lets 10.
    const answers = await Promise.all(
      pendings.flatMap(({ cookie }) => Array.from({ length: 5 }, () => answer(cookie, code, ip))),
    );
    const counts = tally(answers.map((result) => result.status));
    expect(counts[401]).toBeLessThanOrEqual(RATE_LIMITS.secondFactorFailuresPerIp.limit);
    expect(counts[401]! + counts[429]!).toBe(20);
  });
});

describe("the counted forms under a burst", () => {
  it("lets through at most 10 of 50 sign-ups sent at once from one network", async () => {
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        run(
          registerAction,
          post(
            "/register",
            {
              firstName: "Bea",
              lastName: "Rst",
              email: `signup-${i}@example.ch`,
              password: PASSWORD,
              confirmPassword: PASSWORD,
            },
            { ip: "198.51.103.1" },
          ),
          context,
        ),
      ),
    );
    const counts = tally(answers.map((result) => result.status));
    expect(counts[429]).toBe(50 - RATE_LIMITS.registerPerIp.limit);
  });

  it("lets through at most 20 of 50 reset requests sent at once from one network, and one per email", async () => {
    const perNetwork = await Promise.all(
      Array.from({ length: 50 }, (_, i) => checkResetRequest(context, `reset-${i}@example.ch`, "198.51.104.1")),
    );
    expect(perNetwork.filter((result) => !result.capped && !result.throttled)).toHaveLength(
      RATE_LIMITS.resetPerIpHourly.limit,
    );
    const perEmail = await Promise.all(
      Array.from({ length: 20 }, (_, i) => checkResetRequest(context, "same@example.ch", `192.0.2.${i}`)),
    );
    expect(perEmail.filter((result) => !result.capped && !result.throttled)).toHaveLength(
      RATE_LIMITS.resetThrottle.limit,
    );
  });

  it("lets through at most the limit of request forms and checkouts sent at once from one network", async () => {
    const requests = await Promise.all(
      Array.from({ length: 50 }, () => allowRequest(context, "customRequest", "198.51.105.1")),
    );
    expect(requests.filter(Boolean)).toHaveLength(REQUEST_LIMITS.customRequest.limit);
    const checkouts = await Promise.all(Array.from({ length: 50 }, () => checkCheckoutRate(context, "network-key")));
    expect(checkouts.filter(Boolean)).toHaveLength(CHECKOUT_LIMITS.checkoutPerNetwork.limit);
  });
});
