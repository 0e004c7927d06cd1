/**
 * Passkeys on a real D1 with real answers (decision 038): a software authenticator
 * (tests/webauthn-authenticator.ts) signs with an ES256 key from Web Crypto, and
 * `@simplewebauthn/server` checks it as it checks a browser's.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { passkeys, secondFactors, sessions, users } from "#app/db/schema";
import { createTestContext } from "#tests/context";
import { createTestD1 } from "#tests/d1";
import { browserAt, emptyPasskeyTables, userOf } from "#tests/passkey-fixtures";
import { createSoftwarePasskey, type SoftwarePasskey } from "#tests/webauthn-authenticator";

import {
  addPasskey,
  authenticationOptions,
  registrationOptions,
  removePasskey,
  signInWithPasskey,
} from "./passkeys.server";
import { hashPassword } from "./password.server";
import { requirePermission, startSession } from "./session.server";
import type { SessionUser } from "./users.queries.server";

const START = new Date("2026-11-27T09:00:00Z");
const IP = "203.0.113.7";
let clock = START;
let d1: D1Database;
let context: AppLoadContext;
let dispose: () => Promise<void>;

const ana = userOf("ana");
const ben = userOf("ben");
const gil = userOf("gil", "gestionnaire");

beforeAll(async () => {
  ({ d1, dispose } = await createTestD1());
  context = createTestContext({ d1, now: () => clock });
});
afterAll(() => dispose());
beforeEach(async () => {
  clock = START;
  await emptyPasskeyTables(d1);
  const passwordHash = await hashPassword("le bon mot de passe");
  await context.db
    .insert(users)
    .values([ana, ben, gil].map((user) => ({ ...user, passwordHash, emailConfirmedAt: START, createdAt: START })));
});

const browser = browserAt("http://localhost:8787/login");

async function register(user: SessionUser, passkey: SoftwarePasskey, answer: Record<string, unknown> = {}) {
  const options = await registrationOptions(browser(), context, { user, password: "le bon mot de passe", ip: IP });
  if (!options.ok) throw new Error(options.reason);
  const response = await passkey.register({ challenge: options.options.challenge, ...answer });
  return addPasskey(browser(options.setCookie), context, {
    user,
    name: "Portable",
    response: JSON.stringify(response),
  });
}

/** Options for this browser, then `passkey`'s answer: what /login posts. */
async function assertion(
  passkey: SoftwarePasskey,
  answer: Record<string, unknown> = {},
  user: SessionUser | null = null,
) {
  const options = await authenticationOptions(browser(), context, { user, ip: IP });
  if (!options.ok) throw new Error(options.reason);
  const response = JSON.stringify(await passkey.assert({ challenge: options.options.challenge, ...answer }));
  return { cookie: options.setCookie, response };
}

const signIn = (cookie: string, response: string) => signInWithPasskey(browser(cookie), context, { response, ip: IP });

describe("passkeys", () => {
  it("registers a passkey (its public key as bytes) and signs its owner in with it", async () => {
    const passkey = await createSoftwarePasskey();
    expect(await register(ana, passkey)).toMatchObject({ ok: true });
    const [stored] = await context.db.select().from(passkeys).where(eq(passkeys.userId, "ana"));
    expect(stored).toMatchObject({ credentialId: passkey.id, name: "Portable", counter: 0, lastUsedAt: null });
    expect(stored!.publicKey).toBeInstanceOf(Uint8Array);
    expect(stored!.publicKey.length).toBeGreaterThan(64);

    clock = new Date(START.getTime() + 60_000);
    const { cookie, response } = await assertion(passkey);
    const outcome = await signIn(cookie, response);
    expect(outcome).toMatchObject({ ok: true, user: { id: "ana" }, secondStep: false, mustEnrol: false });
    const [used] = await context.db.select().from(passkeys).where(eq(passkeys.userId, "ana"));
    expect(used!.lastUsedAt).toEqual(clock);
  });

  it("takes a challenge once: the same answer sent again is refused", async () => {
    const passkey = await createSoftwarePasskey();
    await register(ana, passkey);
    const { cookie, response } = await assertion(passkey);
    expect(await signIn(cookie, response)).toMatchObject({ ok: true });
    expect(await signIn(cookie, response)).toEqual({ ok: false, reason: "expired" });
  });

  it("refuses an answer after the challenge's 5 minutes", async () => {
    const passkey = await createSoftwarePasskey();
    await register(ana, passkey);
    const { cookie, response } = await assertion(passkey);
    clock = new Date(START.getTime() + 5 * 60_000 + 1000);
    expect(await signIn(cookie, response)).toEqual({ ok: false, reason: "expired" });
  });

  it("binds a challenge to the browser that asked for it", async () => {
    const passkey = await createSoftwarePasskey();
    await register(ana, passkey);
    const { response } = await assertion(passkey);
    const other = await authenticationOptions(browser(), context, { user: null, ip: IP });
    if (!other.ok) throw new Error(other.reason);
    expect(await signIn(other.setCookie, response)).toEqual({ ok: false, reason: "invalidPasskey" });
  });

  it("refuses an answer signed for another origin or another relying party", async () => {
    const passkey = await createSoftwarePasskey();
    expect(await register(ana, passkey, { origin: "https://jetmalin.example" })).toEqual({
      ok: false,
      reason: "invalidPasskey",
    });
    expect(await register(ana, passkey, { rp: "jetmalin.example" })).toEqual({ ok: false, reason: "invalidPasskey" });
    await register(ana, passkey);
    const wrongOrigin = await assertion(passkey, { origin: "https://login.jetmalin.example" });
    expect(await signIn(wrongOrigin.cookie, wrongOrigin.response)).toEqual({ ok: false, reason: "invalidPasskey" });
    const wrongRp = await assertion(passkey, { rp: "evil.example" });
    expect(await signIn(wrongRp.cookie, wrongRp.response)).toEqual({ ok: false, reason: "invalidPasskey" });
  });

  it("refuses a counter that goes backwards (a copied passkey), and accepts 0 and 0", async () => {
    const counting = await createSoftwarePasskey({ counter: 1 });
    await register(ana, counting);
    const first = await assertion(counting);
    expect(await signIn(first.cookie, first.response)).toMatchObject({ ok: true });
    counting.state.counter = 1;
    const copied = await assertion(counting);
    expect(await signIn(copied.cookie, copied.response)).toEqual({ ok: false, reason: "counterBackwards" });

    const counterless = await createSoftwarePasskey();
    await register(ben, counterless);
    for (let i = 0; i < 2; i++) {
      const { cookie, response } = await assertion(counterless);
      expect(await signIn(cookie, response)).toMatchObject({ ok: true, user: { id: "ben" } });
    }
  });

  it("refuses a removed passkey, and removal asks the right password", async () => {
    const passkey = await createSoftwarePasskey();
    await register(ana, passkey);
    const [{ id }] = (await context.db.select({ id: passkeys.id }).from(passkeys)) as [{ id: string }];
    expect(await removePasskey(browser(), context, { user: ana, id, password: "faux", ip: IP })).toEqual({
      ok: false,
      reason: "wrongPassword",
    });
    expect(await removePasskey(browser(), context, { user: ana, id, password: "le bon mot de passe", ip: IP })).toEqual(
      {
        ok: true,
      },
    );
    const { cookie, response } = await assertion(passkey);
    expect(await signIn(cookie, response)).toEqual({ ok: false, reason: "unknownPasskey" });
  });

  it("never takes another user's passkey to confirm a removal", async () => {
    const anas = await createSoftwarePasskey();
    const bens = await createSoftwarePasskey();
    await register(ana, anas);
    await register(ben, bens);
    const [{ id }] = (await context.db
      .select({ id: passkeys.id })
      .from(passkeys)
      .where(eq(passkeys.userId, "ben"))) as [{ id: string }];
    // Ben's confirmation challenge, answered with Ana's passkey.
    const { cookie, response } = await assertion(anas, {}, ben);
    expect(await removePasskey(browser(cookie), context, { user: ben, id, response, ip: IP })).toEqual({
      ok: false,
      reason: "unknownPasskey",
    });
    expect(await context.db.select().from(passkeys)).toHaveLength(2);
  });

  it("opens a staff session without a code when the person was verified, and asks the code otherwise", async () => {
    const passkey = await createSoftwarePasskey();
    await context.db
      .insert(sessions)
      .values({ idHash: "gil-password", userId: "gil", expiresAt: new Date(START.getTime() + 86_400_000) });
    const options = await registrationOptions(browser(), context, {
      user: gil,
      password: "le bon mot de passe",
      ip: IP,
    });
    if (!options.ok) throw new Error(options.reason);
    const unverified = await passkey.register({ challenge: options.options.challenge, userVerified: false });
    expect(
      await addPasskey(browser(options.setCookie), context, {
        user: gil,
        name: "Clé",
        response: JSON.stringify(unverified),
      }),
    ).toEqual({ ok: false, reason: "userVerificationRequired" });
    expect(await register(gil, passkey)).toMatchObject({ ok: true });

    const verified = await assertion(passkey);
    const outcome = await signIn(verified.cookie, verified.response);
    expect(outcome).toMatchObject({ ok: true, secondStep: false, mustEnrol: false });
    const rows = await context.db.select().from(sessions).where(eq(sessions.userId, "gil"));
    // The passkey's session is the strong one; the older password session stays as it was.
    expect(rows.map((row) => [row.idHash === "gil-password", row.passkeyVerified]).sort()).toEqual([
      [false, true],
      [true, false],
    ]);

    // The back-office guard (decision 027) takes the verified passkey for the code; a password session it refuses.
    if (!outcome.ok) throw new Error(outcome.reason);
    expect(await requirePermission(browser(outcome.setCookie), context, "flights:manage")).toMatchObject({ id: "gil" });
    const password = await startSession(browser(), context, "gil");
    const refused = await requirePermission(browser(password), context, "flights:manage").catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(Response);
    expect((refused as Response).status).toBe(403);

    await context.db.insert(secondFactors).values({ userId: "gil", secret: "JBSWY3DPEHPK3PXP", confirmedAt: START });
    const bare = await assertion(passkey, { userVerified: false });
    expect(await signIn(bare.cookie, bare.response)).toMatchObject({ ok: true, secondStep: true, mustEnrol: false });
  });
});
