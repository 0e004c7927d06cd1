/**
 * The staff second factor on a real D1 (decision 027): enrolment, the code step of
 * sign-in, replay, recovery codes, the lockout, and the back-office guard that sends
 * staff without one to enrol.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { totpCode } from "#app/accounts/totp.server";
import { rateLimits, recoveryCodes, secondFactors, sessions, users } from "#app/db/schema";
import { action as flightsAction } from "#app/routes/admin._index/route";
import { loader as adminLoader } from "#app/routes/admin/route";
import { action as loginAction } from "#app/routes/login/route";
import { action as codeAction, loader as codeLoader } from "#app/routes/login_.code";
import { loader as profileLoader } from "#app/routes/profile/route";
import { action as factorAction, loader as factorLoader } from "#app/routes/profile_.second-factor/route";
import { createTestContext } from "#tests/context";
import { createTestD1 } from "#tests/d1";
import { testPasswordHash } from "#tests/passwords";

import { cookiePair, errorsOf, get, post, run } from "./remix";

const PASSWORD = "Vol-prive-2026";
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
  clock = new Date("2026-11-24T10:00:10Z");
  context = createTestContext({ d1, now: () => clock });
  await context.db.delete(rateLimits);
});

const tick = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};
const sessionOf = (result: { setCookies: string[] }) =>
  cookiePair(result.setCookies.find((cookie) => cookie.startsWith("jm_session=")));

async function createStaff(role: "admin" | "gestionnaire" = "gestionnaire") {
  const id = `staff-${++userCount}`;
  const email = `${id}@example.ch`;
  await context.db.insert(users).values({
    id,
    email,
    passwordHash: await testPasswordHash(PASSWORD),
    firstName: "Gus",
    lastName: "T",
    role,
    emailConfirmedAt: clock,
  });
  return { id, email };
}

const signIn = (email: string, ip?: string) =>
  run(loginAction, post("/login", { intent: "login", email, password: PASSWORD }, { ip }), context);
const answer = (cookie: string, code: string, ip?: string) =>
  run(codeAction, post("/login/code?redirectTo=%2Fadmin", { code, redirectTo: "/admin" }, { cookie, ip }), context);

/** Signs in with the password, reads the secret off the enrolment page and enrols with its code. */
async function enrol(role: "admin" | "gestionnaire" = "gestionnaire") {
  const staff = await createStaff(role);
  const cookie = sessionOf(await signIn(staff.email));
  const page = await run(factorLoader, get("/profile/second-factor", { cookie }), context);
  const { view } = page.body as { view: { enrolled: false; secret: string; qrSvg: string } };
  const result = await run(
    factorAction,
    post("/profile/second-factor", { intent: "enrol", code: await totpCode(view.secret, clock) }, { cookie }),
    context,
  );
  const codes = (result.body as { recoveryCodes: string[] }).recoveryCodes;
  return { ...staff, cookie, secret: view.secret, codes, page, result };
}

describe("enrolment", () => {
  it("shows the QR code and the secret, takes the first code, and shows ten recovery codes once, stored hashed", async () => {
    const staff = await createStaff();
    const cookie = sessionOf(await signIn(staff.email));
    const elsewhere = sessionOf(await signIn(staff.email, "198.51.100.9"));
    const page = await run(factorLoader, get("/profile/second-factor", { cookie }), context);
    const { view } = page.body as { view: { enrolled: false; secret: string; qrSvg: string } };
    expect(view.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(view.qrSvg).toMatch(/^<svg /);
    // A reload shows the same secret: the app scanned before it stays right.
    expect(
      (await run(factorLoader, get("/profile/second-factor", { cookie }), context)).body as typeof page.body,
    ).toMatchObject({ view: { secret: view.secret } });

    const wrong = await run(
      factorAction,
      post("/profile/second-factor", { intent: "enrol", code: "000000" }, { cookie }),
      context,
    );
    expect(wrong.status).toBe(400);
    expect(errorsOf(wrong)).toMatchObject({ code: ["secondFactor.errors.invalidCode"] });

    const done = await run(
      factorAction,
      post("/profile/second-factor", { intent: "enrol", code: await totpCode(view.secret, clock) }, { cookie }),
      context,
    );
    expect(done.status).toBe(200);
    const codes = (done.body as { recoveryCodes: string[] }).recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[A-HJKMNP-Z2-9]{5}-[A-HJKMNP-Z2-9]{5}$/);
    const stored = await context.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, staff.id));
    expect(stored).toHaveLength(10);
    expect(stored.map((row) => row.codeHash)).not.toEqual(expect.arrayContaining([codes[0]]));
    expect(stored[0]!.codeHash).toMatch(/^[0-9a-f]{64}$/);

    // The page now shows the factor's state, never the codes again.
    const after = await run(factorLoader, get("/profile/second-factor", { cookie }), context);
    expect(after.body).toMatchObject({ view: { enrolled: true, recoveryCodesLeft: 10 } });
    expect(JSON.stringify(after.body)).not.toContain(codes[0]);
    // This browser stays signed in and opens the back-office; the password-only session elsewhere ended.
    expect((await run(adminLoader, get("/admin", { cookie }), context)).status).toBe(200);
    expect((await run(adminLoader, get("/admin", { cookie: elsewhere }), context)).location).toBe(
      "/login?redirectTo=%2Fadmin",
    );
  });

  it("is for staff only", async () => {
    const id = `client-${++userCount}`;
    await context.db.insert(users).values({
      id,
      email: `${id}@example.ch`,
      passwordHash: await testPasswordHash(PASSWORD),
      firstName: "C",
      lastName: "T",
      emailConfirmedAt: clock,
    });
    const cookie = sessionOf(await signIn(`${id}@example.ch`));
    expect(await run(factorLoader, get("/profile/second-factor", { cookie }), context)).toMatchObject({
      status: 302,
      location: "/",
    });
    expect(
      (
        await run(
          factorAction,
          post("/profile/second-factor", { intent: "enrol", code: "123456" }, { cookie }),
          context,
        )
      ).status,
    ).toBe(403);
  });
});

describe("the back-office guard", () => {
  it("sends staff without a second factor to enrol (a page) or refuses with 403 (a post), and says so on the profile", async () => {
    const staff = await createStaff("admin");
    const password = await signIn(staff.email);
    // Sign-in itself sends staff without a second factor to enrol, on the way to /admin.
    expect(password.location).toBe("/profile/second-factor?redirectTo=%2Fadmin");
    const cookie = sessionOf(password);
    expect(await run(adminLoader, get("/admin?q=Nice", { cookie }), context)).toMatchObject({
      status: 302,
      location: "/profile/second-factor?redirectTo=%2Fadmin%3Fq%3DNice",
    });
    const posted = await run(
      flightsAction,
      post("/admin?index", { intent: "soldout", flightId: "f-1", soldout: "true" }, { cookie }),
      context,
    );
    expect(posted.status).toBe(403);
    expect(posted.body).toContain("Activez la double authentification pour ouvrir le back-office.");
    expect((await run(profileLoader, get("/profile", { cookie }), context)).body).toMatchObject({
      staff: true,
      secondFactor: false,
    });
  });
});

describe("the code step of sign-in", () => {
  it("opens nothing until the code passes, then starts a new session; the same code is refused after", async () => {
    const staff = await enrol();
    tick(60_000);
    const password = await signIn(staff.email);
    expect(password).toMatchObject({ status: 302, location: "/login/code?redirectTo=%2Fadmin" });
    const pending = sessionOf(password);
    // Pending: the back-office, and every signed-in page, answer as signed out.
    expect((await run(adminLoader, get("/admin", { cookie: pending }), context)).location).toBe(
      "/login?redirectTo=%2Fadmin",
    );
    expect((await run(codeLoader, get("/login/code", { cookie: pending }), context)).status).toBe(200);

    const code = await totpCode(staff.secret, clock);
    const passed = await answer(pending, code);
    expect(passed).toMatchObject({ status: 302, location: "/admin" });
    const session = sessionOf(passed);
    expect(session).not.toBe(pending);
    expect((await run(adminLoader, get("/admin", { cookie: session }), context)).status).toBe(200);
    expect((await run(adminLoader, get("/admin", { cookie: pending }), context)).location).toBe(
      "/login?redirectTo=%2Fadmin",
    );

    // Replay: the same code, in the same 30 seconds, from another sign-in.
    const again = sessionOf(await signIn(staff.email));
    const replayed = await answer(again, code);
    expect(replayed.status).toBe(401);
    expect(errorsOf(replayed)).toMatchObject({ code: ["secondFactor.errors.replayedCode"] });
    // The next step's code passes.
    tick(30_000);
    expect((await answer(again, await totpCode(staff.secret, clock))).status).toBe(302);
  });

  it("takes each recovery code once", async () => {
    const staff = await enrol();
    const first = sessionOf(await signIn(staff.email));
    const used = await answer(first, staff.codes[0]!.toLowerCase().replace("-", " "));
    expect(used).toMatchObject({ status: 302, location: "/admin" });
    const second = sessionOf(await signIn(staff.email));
    const refused = await answer(second, staff.codes[0]!);
    expect(refused.status).toBe(401);
    expect(errorsOf(refused)).toMatchObject({ code: ["secondFactor.errors.invalidCode"] });
    expect((await answer(second, staff.codes[1]!)).status).toBe(302);
  });

  it("locks the account's code step after 5 wrong codes in 15 minutes, from any network, even for the right code", async () => {
    const staff = await enrol();
    tick(60_000);
    const pending = sessionOf(await signIn(staff.email));
    for (let i = 0; i < 5; i++) expect((await answer(pending, "111111", `198.51.100.${i + 1}`)).status).toBe(401);
    const locked = await answer(pending, await totpCode(staff.secret, clock), "203.0.113.77");
    expect(locked.status).toBe(429);
    expect(errorsOf(locked)).toMatchObject({ code: ["secondFactor.errors.rateLimited"] });
    tick(15 * 60_000);
    const fresh = sessionOf(await signIn(staff.email));
    expect((await answer(fresh, await totpCode(staff.secret, clock))).status).toBe(302);
  });

  it("forgets a pending sign-in after 10 minutes", async () => {
    const staff = await enrol();
    const pending = sessionOf(await signIn(staff.email));
    tick(10 * 60_000 + 1);
    const late = await run(codeLoader, get("/login/code", { cookie: pending }), context);
    expect(late).toMatchObject({ status: 302, location: "/login" });
    expect((await answer(pending, await totpCode(staff.secret, clock))).location).toBe("/login");
    const rows = await context.db.select().from(sessions).where(eq(sessions.userId, staff.id));
    expect(rows.every((row) => !row.secondFactorPending || row.expiresAt.getTime() <= clock.getTime())).toBe(true);
  });
});

describe("managing the factor", () => {
  it("makes new recovery codes and removes the factor, with the password and a code", async () => {
    const staff = await enrol();
    tick(60_000);
    const noPassword = await run(
      factorAction,
      post(
        "/profile/second-factor",
        { intent: "regenerate", password: "wrong-password", code: await totpCode(staff.secret, clock) },
        { cookie: staff.cookie },
      ),
      context,
    );
    expect(errorsOf(noPassword)).toMatchObject({ password: ["secondFactor.errors.wrongPassword"] });
    const renewed = await run(
      factorAction,
      post(
        "/profile/second-factor",
        { intent: "regenerate", password: PASSWORD, code: await totpCode(staff.secret, clock) },
        { cookie: staff.cookie },
      ),
      context,
    );
    const fresh = (renewed.body as { recoveryCodes: string[] }).recoveryCodes;
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(staff.codes[0]);

    const disabled = await run(
      factorAction,
      post(
        "/profile/second-factor",
        { intent: "disable", password: PASSWORD, code: fresh[0]! },
        { cookie: staff.cookie },
      ),
      context,
    );
    expect(disabled).toMatchObject({ status: 302, location: "/profile/second-factor" });
    expect(await context.db.select().from(secondFactors).where(eq(secondFactors.userId, staff.id))).toEqual([]);
    expect(await context.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, staff.id))).toEqual([]);
    expect((await run(adminLoader, get("/admin", { cookie: staff.cookie }), context)).location).toBe(
      "/profile/second-factor?redirectTo=%2Fadmin",
    );
  });
});
