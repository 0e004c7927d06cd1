/**
 * What the passkeys' review found (decision 038), each proved on a real D1 with real
 * answers from the software authenticator (tests/webauthn-authenticator.ts).
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

import { passkeys, users } from "#app/db/schema";
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
const PASSWORD = "le bon mot de passe";
let d1: D1Database;
let context: AppLoadContext;
let dispose: () => Promise<void>;

const gil = userOf("gil", "gestionnaire");

beforeAll(async () => {
  ({ d1, dispose } = await createTestD1());
  context = createTestContext({ d1, now: () => START });
});
afterAll(() => dispose());
beforeEach(async () => {
  await emptyPasskeyTables(d1);
  await context.db
    .insert(users)
    .values({ ...gil, passwordHash: await hashPassword(PASSWORD), emailConfirmedAt: START, createdAt: START });
});

const browser = browserAt("http://localhost:8787/profile/passkeys");

/** Registers `passkey` for `user` from the browser holding `session` (its first factor: no strong session needed). */
async function register(user: SessionUser, passkey: SoftwarePasskey, session: string) {
  const options = await registrationOptions(browser(session), context, { user, password: PASSWORD, ip: IP });
  if (!options.ok) throw new Error(options.reason);
  const response = JSON.stringify(await passkey.register({ challenge: options.options.challenge }));
  const added = await addPasskey(browser(session, options.setCookie), context, { user, name: "Clé", response });
  if (!added.ok) throw new Error(added.reason);
}

const passkeyIds = async (userId: string) =>
  (await context.db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.userId, userId))).map((row) => row.id);

describe("a staff member whose factor is a passkey", () => {
  it("keeps it against a session opened with the password alone (a stolen password removes nothing)", async () => {
    await register(gil, await createSoftwarePasskey(), await startSession(browser(), context, "gil"));
    const [id] = (await passkeyIds("gil")) as [string];
    // The thief signs in with the password: no code is owed (no TOTP), the passkey was not shown.
    const thief = await startSession(browser(), context, "gil");

    expect(await removePasskey(browser(thief), context, { user: gil, id, password: PASSWORD, ip: IP })).toEqual({
      ok: false,
      reason: "verifyFirstToRemove",
    });
    expect(await passkeyIds("gil")).toEqual([id]);
    // Had it gone, the thief's own passkey would have become the factor: refused as well.
    const options = await registrationOptions(browser(thief), context, { user: gil, password: PASSWORD, ip: IP });
    expect(options).toEqual({ ok: false, reason: "verifyFirst" });
  });

  it("removes it from a session a passkey opened, with the password or another verified passkey", async () => {
    const first = await createSoftwarePasskey();
    const second = await createSoftwarePasskey();
    const enrolling = await startSession(browser(), context, "gil");
    await register(gil, first, enrolling);
    // The enrolment made that session a passkey session: the second one is added from it.
    await register(gil, second, enrolling);
    const [firstId, secondId] = (await passkeyIds("gil")) as [string, string];
    expect(
      await removePasskey(browser(enrolling), context, { user: gil, id: firstId, password: PASSWORD, ip: IP }),
    ).toEqual({ ok: true });

    // From a password session, another passkey with user verification confirms the removal.
    await register(gil, first, enrolling);
    const password = await startSession(browser(), context, "gil");
    const options = await authenticationOptions(browser(), context, { user: gil, ip: IP });
    if (!options.ok) throw new Error(options.reason);
    const unverified = JSON.stringify(
      await first.assert({ challenge: options.options.challenge, userVerified: false }),
    );
    expect(
      await removePasskey(browser(password, options.setCookie), context, {
        user: gil,
        id: secondId,
        response: unverified,
        ip: IP,
      }),
    ).toEqual({ ok: false, reason: "verifyFirstToRemove" });
    const again = await authenticationOptions(browser(), context, { user: gil, ip: IP });
    if (!again.ok) throw new Error(again.reason);
    const verified = JSON.stringify(await first.assert({ challenge: again.options.challenge }));
    expect(
      await removePasskey(browser(password, again.setCookie), context, {
        user: gil,
        id: secondId,
        response: verified,
        ip: IP,
      }),
    ).toEqual({ ok: true });
  });
});

describe("a staff member who removes a passkey they still have others beside", () => {
  it("ends the back-office standing of the sessions other passkeys opened; this session keeps its own", async () => {
    const lost = await createSoftwarePasskey();
    const kept = await createSoftwarePasskey();
    const enrolling = await startSession(browser(), context, "gil");
    await register(gil, lost, enrolling);
    await register(gil, kept, enrolling);
    const lostId = (await passkeyIds("gil"))[0]!;
    // Whoever holds the lost phone opens a back-office session with it.
    const options = await authenticationOptions(browser(), context, { user: null, ip: IP });
    if (!options.ok) throw new Error(options.reason);
    const response = JSON.stringify(await lost.assert({ challenge: options.options.challenge }));
    const thief = await signInWithPasskey(browser(options.setCookie), context, { response, ip: IP });
    if (!thief.ok) throw new Error(thief.reason);
    expect(await requirePermission(browser(thief.setCookie), context, "flights:manage")).toMatchObject({ id: "gil" });

    expect(
      await removePasskey(browser(enrolling), context, { user: gil, id: lostId, password: PASSWORD, ip: IP }),
    ).toEqual({ ok: true });

    const refused = await requirePermission(browser(thief.setCookie), context, "flights:manage").catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(Response);
    expect(await requirePermission(browser(enrolling), context, "flights:manage")).toMatchObject({ id: "gil" });
  });
});

describe("a refused passkey's log line", () => {
  it("names the check that failed, never the challenges or what the browser sent", async () => {
    const passkey = await createSoftwarePasskey();
    await register(gil, passkey, await startSession(browser(), context, "gil"));
    const warnings = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      const asked = await authenticationOptions(browser(), context, { user: null, ip: IP });
      const other = await authenticationOptions(browser(), context, { user: null, ip: IP });
      if (!asked.ok || !other.ok) throw new Error("no options");
      // Answered in another browser: the challenges differ.
      const response = JSON.stringify(await passkey.assert({ challenge: asked.options.challenge }));
      expect(await signInWithPasskey(browser(other.setCookie), context, { response, ip: IP })).toEqual({
        ok: false,
        reason: "invalidPasskey",
      });
      // An origin of the sender's choosing, carrying someone's address.
      const again = await authenticationOptions(browser(), context, { user: null, ip: IP });
      if (!again.ok) throw new Error(again.reason);
      const forged = JSON.stringify(
        await passkey.assert({ challenge: again.options.challenge, origin: "https://ana.rossi@example.ch" }),
      );
      expect(await signInWithPasskey(browser(again.setCookie), context, { response: forged, ip: IP })).toEqual({
        ok: false,
        reason: "invalidPasskey",
      });

      const lines = warnings.mock.calls.map(([line]) => String(line));
      expect(lines.map((line) => (JSON.parse(line) as { check: string }).check)).toEqual([
        'Unexpected authentication response challenge "…", expected "…"',
        'Unexpected authentication response origin "…", expected "…"',
      ]);
      for (const secret of [asked.options.challenge, other.options.challenge, "ana.rossi", passkey.id])
        expect(lines.join("\n")).not.toContain(secret.slice(0, 12));
    } finally {
      warnings.mockRestore();
    }
  });
});

describe("a deleted account", () => {
  it("leaves neither its passkeys nor its challenges behind", async () => {
    await register(gil, await createSoftwarePasskey(), await startSession(browser(), context, "gil"));
    await authenticationOptions(browser(), context, { user: gil, ip: IP });
    expect(await d1.prepare("select count(*) as n from webauthn_challenges where user_id = 'gil'").first("n")).toBe(1);

    await context.db.delete(users).where(eq(users.id, "gil"));

    expect(await passkeyIds("gil")).toEqual([]);
    expect(await d1.prepare("select count(*) as n from webauthn_challenges where user_id = 'gil'").first("n")).toBe(0);
  });
});
