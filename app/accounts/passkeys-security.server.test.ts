/**
 * The two defects a security review found in passkeys (decision 038), on a real D1 with
 * real answers from the software authenticator (tests/webauthn-authenticator.ts):
 * adding a passkey asks the account's password (a stolen session cookie is not enough),
 * and the challenge cap lets a busy network sign in while one visitor still cannot fill
 * the table.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { passkeys, users, webauthnChallenges } from "#app/db/schema";
import { LIVE_PASSKEY_CHALLENGES } from "#app/limits/rate-limits.server";
import { action as registrationOptionsAction } from "#app/routes/passkeys.registration-options";
import { createTestContext } from "#tests/context";
import { createTestD1 } from "#tests/d1";
import { browserAt, emptyPasskeyTables, userOf } from "#tests/passkey-fixtures";
import { cookiePair, post, run } from "#tests/unit/remix";
import { createSoftwarePasskey } from "#tests/webauthn-authenticator";

import { saveChallenge } from "./passkeys.queries.server";
import { addPasskey, authenticationOptions, registrationOptions } from "./passkeys.server";
import { hashPassword } from "./password.server";
import { startSession } from "./session.server";

const START = new Date("2026-11-27T09:00:00Z");
const IP = "203.0.113.7";
const PASSWORD = "le bon mot de passe";
let clock = START;
let d1: D1Database;
let context: AppLoadContext;
let dispose: () => Promise<void>;

const ana = userOf("ana");
const gil = userOf("gil", "gestionnaire");

beforeAll(async () => {
  ({ d1, dispose } = await createTestD1());
  context = createTestContext({ d1, now: () => clock });
});
afterAll(() => dispose());
beforeEach(async () => {
  clock = START;
  await emptyPasskeyTables(d1);
  const passwordHash = await hashPassword(PASSWORD);
  await context.db
    .insert(users)
    .values([ana, gil].map((user) => ({ ...user, passwordHash, emailConfirmedAt: START, createdAt: START })));
});

const browser = browserAt("http://localhost:8787/profile/passkeys");
const challengeRows = () => context.db.select().from(webauthnChallenges);

describe("adding a passkey", () => {
  it("asks the account's password before any challenge: a stolen session cookie adds nothing", async () => {
    const session = await startSession(browser(), context, "ana");
    expect(await registrationOptions(browser(session), context, { user: ana, password: "devine", ip: IP })).toEqual({
      ok: false,
      reason: "wrongPassword",
    });
    expect(await challengeRows()).toEqual([]);
    // Without a challenge, the thief's passkey's answer is refused.
    const thiefs = await createSoftwarePasskey();
    const forged = JSON.stringify(await thiefs.register({ challenge: "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA" }));
    expect(await addPasskey(browser(session), context, { user: ana, name: "Voleur", response: forged })).toEqual({
      ok: false,
      reason: "expired",
    });

    const options = await registrationOptions(browser(session), context, { user: ana, password: PASSWORD, ip: IP });
    if (!options.ok) throw new Error(options.reason);
    const response = JSON.stringify(await thiefs.register({ challenge: options.options.challenge }));
    const added = await addPasskey(browser(session, options.setCookie), context, { user: ana, name: "Clé", response });
    expect(added).toMatchObject({ ok: true });
    expect(await context.db.select().from(passkeys)).toHaveLength(1);
  });

  it("answers the options route without the password, or with a wrong one, 400 with the message for the field", async () => {
    const session = cookiePair(await startSession(browser(), context, "ana"));
    const missing = await run(
      registrationOptionsAction,
      post("/passkeys/registration-options", {}, { cookie: session }),
      context,
    );
    expect(missing.status).toBe(400);
    expect(JSON.parse(String(missing.body))).toEqual({ message: "Le mot de passe est requis", field: "password" });
    const wrong = await run(
      registrationOptionsAction,
      post("/passkeys/registration-options", { password: "devine" }, { cookie: session }),
      context,
    );
    expect(wrong.status).toBe(400);
    expect(wrong.setCookies).toEqual([]);
    expect(JSON.parse(String(wrong.body))).toEqual({ message: "Mot de passe incorrect.", field: "password" });
    const right = await run(
      registrationOptionsAction,
      post("/passkeys/registration-options", { password: PASSWORD }, { cookie: session }),
      context,
    );
    expect(right.status).toBe(200);
    expect(JSON.parse(String(right.body))).toHaveProperty("challenge");
  });

  it("counts a wrong password like a failed sign-in (decision 007): the 11th try is refused, the right one too", async () => {
    for (let i = 0; i < 10; i++)
      expect(await registrationOptions(browser(), context, { user: ana, password: "devine", ip: IP })).toEqual({
        ok: false,
        reason: "wrongPassword",
      });
    expect(await registrationOptions(browser(), context, { user: ana, password: PASSWORD, ip: IP })).toEqual({
      ok: false,
      reason: "rateLimited",
    });
    expect(await challengeRows()).toEqual([]);
  });

  it("still asks staff with a passkey for a session that passed a strong factor, the right password or not", async () => {
    const enrolling = await startSession(browser(), context, "gil");
    const options = await registrationOptions(browser(enrolling), context, { user: gil, password: PASSWORD, ip: IP });
    if (!options.ok) throw new Error(options.reason);
    const passkey = await createSoftwarePasskey();
    const response = JSON.stringify(await passkey.register({ challenge: options.options.challenge }));
    expect(
      await addPasskey(browser(enrolling, options.setCookie), context, { user: gil, name: "Clé", response }),
    ).toMatchObject({ ok: true });
    const password = await startSession(browser(), context, "gil");
    expect(await registrationOptions(browser(password), context, { user: gil, password: PASSWORD, ip: IP })).toEqual({
      ok: false,
      reason: "verifyFirst",
    });
  });
});

describe("the passkey challenges of one network", () => {
  const signInOptions = (...cookies: string[]) =>
    authenticationOptions(browserAt("http://localhost:8787/login")(...cookies), context, { user: null, ip: IP });

  it("give a challenge to each of 200 browsers viewing /login within 15 minutes", async () => {
    for (let view = 0; view < 200; view++) {
      clock = new Date(START.getTime() + view * 4500);
      expect((await signInOptions()).ok, `view ${view + 1}`).toBe(true);
    }
  });

  it("keep one row for a browser asking in a loop, and cap the live rows of cookie-less requests", async () => {
    const first = await signInOptions();
    if (!first.ok) throw new Error(first.reason);
    const cookie = first.setCookie;
    for (let i = 0; i < 100; i++) expect((await signInOptions(cookie)).ok, `request ${i + 2}`).toBe(true);
    expect(await challengeRows()).toHaveLength(1);

    // Cookie-less requests (or each with a token of its own) take new rows, up to the ceiling.
    const { signIn } = LIVE_PASSKEY_CHALLENGES;
    const outcomes = [];
    for (let i = 0; i < signIn + 5; i++) outcomes.push((await signInOptions()).ok);
    // The looping browser's row is one of the live ones.
    expect(outcomes.filter(Boolean)).toHaveLength(signIn - 1);
    expect(outcomes.slice(signIn - 1).every((ok) => !ok)).toBe(true);
    // The browser that holds a live challenge still gets a new one in its place.
    expect((await signInOptions(cookie)).ok).toBe(true);
    expect(await challengeRows()).toHaveLength(signIn);

    // Five minutes on, the rows have expired: the network asks again.
    clock = new Date(START.getTime() + 5 * 60_000);
    expect((await signInOptions()).ok).toBe(true);
  });

  it("count a signed-in user's live challenges against the account: another account on the network still gets one", async () => {
    const save = (userId: string) =>
      saveChallenge(context.db, {
        token: crypto.randomUUID(),
        purpose: "authenticate",
        challenge: "c",
        userId,
        network: "203.0.113.0",
        ceiling: LIVE_PASSKEY_CHALLENGES.signedIn,
        now: clock,
      });
    const burst = await Promise.all(Array.from({ length: LIVE_PASSKEY_CHALLENGES.signedIn + 5 }, () => save(ana.id)));
    expect(burst.filter(Boolean)).toHaveLength(LIVE_PASSKEY_CHALLENGES.signedIn);
    expect(await save(ana.id)).toBe(false);
    expect(await save(gil.id)).toBe(true);
    expect((await signInOptions()).ok).toBe(true);
  });

  it("hold the ceiling exactly under a burst sent at once, and count another network apart", async () => {
    const burst = await Promise.all(
      Array.from({ length: LIVE_PASSKEY_CHALLENGES.signIn + 100 }, () => signInOptions()),
    );
    expect(burst.filter((outcome) => outcome.ok)).toHaveLength(LIVE_PASSKEY_CHALLENGES.signIn);
    expect(await challengeRows()).toHaveLength(LIVE_PASSKEY_CHALLENGES.signIn);
    expect(await signInOptions()).toEqual({ ok: false, reason: "tooManyChallenges" });
    const elsewhere = await authenticationOptions(browserAt("http://localhost:8787/login")(), context, {
      user: null,
      ip: "198.51.100.9",
    });
    expect(elsewhere.ok).toBe(true);
  });
});
