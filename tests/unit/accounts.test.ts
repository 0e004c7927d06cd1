/**
 * The account routes end to end on a real D1: bad input gets the spec's messages and
 * a 4xx (never a 500), each rate limit holds, sessions end on sign-out and on reset.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

import { createOneTimeToken } from "#app/accounts/one-time-tokens.queries.server";
import { hashPassword, PBKDF2_ITERATIONS, verifyPassword } from "#app/accounts/password.server";
import { renewSessionIfDue, sessionCookie } from "#app/accounts/session.server";
import { airports, alertWatches, mailOutbox, oneTimeTokens, rateLimits, sessions, users } from "#app/db/schema";
import { languageCookie } from "#app/i18n.server";
import { loader as adminLoader } from "#app/routes/admin/route";
import { loader as confirmLoader } from "#app/routes/confirm-email";
import { loader as dashboardLoader } from "#app/routes/dashboard/route";
import { action as loginAction, loader as loginLoader } from "#app/routes/login/route";
import { action as logoutAction } from "#app/routes/logout";
import { action as profileAction, loader as profileLoader } from "#app/routes/profile/route";
import { action as alertsAction } from "#app/routes/profile_.alerts";
import { action as registerAction } from "#app/routes/register";
import { action as resetAction, loader as resetLoader } from "#app/routes/reset-password";
import { createTestContext, LOCAL_VARS } from "#tests/context";
import { createTestD1 } from "#tests/d1";
import { TEST_PBKDF2_ITERATIONS, testPasswordHash } from "#tests/passwords";

import { getLoadContext } from "../../load-context";
import { cookiePair, errorsOf, get, post, run } from "./remix";

const PASSWORD = "Vol-prive-2026";
const LONG = "a".repeat(10_000);
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
  clock = new Date("2026-11-22T10:00:00Z");
  context = createTestContext({ d1, now: () => clock });
  await context.db.delete(rateLimits);
});

const tick = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

/** A user whose password is PASSWORD, hashed with fewer iterations (tests/passwords.ts) unless `passwordHash` is given. */
async function createUser({
  confirmed = true,
  role = "client" as "client" | "admin" | "gestionnaire",
  passwordHash = undefined as string | undefined,
} = {}) {
  const id = `user-${++userCount}`;
  const email = `${id}@example.ch`;
  await context.db.insert(users).values({
    id,
    email,
    passwordHash: passwordHash ?? (await testPasswordHash(PASSWORD)),
    firstName: "Marie",
    lastName: "Curie",
    role,
    emailConfirmedAt: confirmed ? clock : null,
  });
  return { id, email };
}

async function signIn(email: string, password = PASSWORD, ip?: string) {
  return run(loginAction, post("/login", { intent: "login", email, password }, { ip }), context);
}

async function sessionCookieFor(email: string) {
  const result = await signIn(email);
  const setCookie = result.setCookies.find((cookie) => cookie.startsWith("jm_session="));
  return cookiePair(setCookie);
}

describe("sign-in", () => {
  it("starts a session with a fresh random token and goes to /dashboard (clients) or /admin (staff)", async () => {
    const client = await createUser();
    const result = await signIn(client.email.toUpperCase());
    expect(result.status).toBe(302);
    expect(result.location).toBe("/dashboard");
    const cookie = result.setCookies.find((value) => value.startsWith("jm_session="))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Max-Age=2592000/);

    const again = await sessionCookieFor(client.email);
    expect(again).not.toBe(cookiePair(cookie));

    // Staff go to /admin, through the second factor's enrolment first (decision 027).
    const admin = await createUser({ role: "admin" });
    expect((await signIn(admin.email)).location).toBe("/profile/second-factor?redirectTo=%2Fadmin");
  });

  it("keeps a local redirectTo and drops any other", async () => {
    const { email } = await createUser();
    const go = (redirectTo: string) =>
      run(loginAction, post("/login", { intent: "login", email, password: PASSWORD, redirectTo }), context);
    expect((await go("/profile?edit=1")).location).toBe("/profile?edit=1");
    expect((await go("//evil.example/")).location).toBe("/dashboard");
    expect((await go("/\\evil.example/")).location).toBe("/dashboard");
    expect((await go("https://evil.example/")).location).toBe("/dashboard");
  });

  it("answers a wrong password and an unknown email alike, and an unconfirmed email with its message", async () => {
    const { email } = await createUser();
    const wrong = await signIn(email, "wrong-password");
    expect(wrong.status).toBe(401);
    expect(errorsOf(wrong)[""]).toEqual(["login.invalidCredentials"]);
    const unknown = await signIn("nobody@example.ch");
    expect(unknown.status).toBe(401);
    expect(errorsOf(unknown)[""]).toEqual(["login.invalidCredentials"]);

    const unconfirmed = await createUser({ confirmed: false });
    const refused = await signIn(unconfirmed.email);
    expect(refused.status).toBe(403);
    expect(errorsOf(refused)[""]).toEqual(["login.emailNotConfirmed"]);
    expect(refused.setCookies.some((cookie) => cookie.startsWith("jm_session="))).toBe(false);
  });

  it("hashes an unknown email as much as a known one, so the time of an answer tells nothing", async () => {
    const { email } = await createUser({ passwordHash: await hashPassword(PASSWORD) });
    const derivations = vi.spyOn(crypto.subtle, "deriveBits");
    try {
      expect((await signIn(email, "wrong-password")).status).toBe(401);
      expect((await signIn("nobody@example.ch", "wrong-password")).status).toBe(401);
      expect((await signIn(email)).status).toBe(302);
      const iterations = derivations.mock.calls.map(([params]) => (params as Pbkdf2Params).iterations);
      expect(iterations).toEqual([PBKDF2_ITERATIONS, PBKDF2_ITERATIONS, PBKDF2_ITERATIONS]);
    } finally {
      derivations.mockRestore();
    }
  });

  it("seeds the other tests' users with a real hash of fewer iterations, checked like any other", async () => {
    const stored = await testPasswordHash(PASSWORD);
    expect(stored.split("$").slice(0, 2)).toEqual(["pbkdf2-sha256", String(TEST_PBKDF2_ITERATIONS)]);
    expect(await verifyPassword(PASSWORD, stored)).toBe(true);
    expect(await verifyPassword("Vol-prive-2027", stored)).toBe(false);
  });

  it("stops a guesser from one IP after 10 tries, even with the right password on the 11th", async () => {
    const { email } = await createUser({ role: "admin" });
    for (let i = 0; i < 10; i++) expect((await signIn(email, `wrong-${i}`, "198.51.100.1")).status).toBe(401);
    const blocked = await signIn(email, PASSWORD, "198.51.100.1");
    expect(blocked.status).toBe(429);
    expect(errorsOf(blocked)[""]).toEqual(["login.rateLimited"]);
    tick(15 * 60_000);
    expect((await signIn(email, PASSWORD, "198.51.100.1")).status).toBe(302);
  });

  it("lets the owner in with the right password while 50 IPs flood the account with wrong ones", async () => {
    const { email } = await createUser({ role: "admin" });
    for (let i = 0; i < 50; i++) expect((await signIn(email, `wrong-${i}`, `203.0.113.${i}`)).status).toBe(401);
    // The owner, from an address the flood did not use, is not locked out.
    expect((await signIn(email, PASSWORD, "192.0.2.99")).status).toBe(302);
  });

  it("slows guessing across IPs to one try per IP per 15 minutes once an account is under attack", async () => {
    const { email } = await createUser();
    const ips = Array.from({ length: 20 }, (_, i) => `198.51.100.${100 + i}`);
    // Before the attack, one IP may try up to 10 times; here 20 IPs each fail once.
    for (const ip of ips) expect((await signIn(email, "wrong", ip)).status).toBe(401);
    // Under attack: every IP that failed is refused a second try, right password or not,
    for (const ip of ips) expect((await signIn(email, "wrong-again", ip)).status).toBe(429);
    expect((await signIn(email, PASSWORD, ips[0])).status).toBe(429);
    // while a fresh IP gets exactly one try.
    expect((await signIn(email, "wrong", "192.0.2.50")).status).toBe(401);
    expect((await signIn(email, "wrong", "192.0.2.50")).status).toBe(429);
    // The window over, each IP has a try again (not ten: the account is still counted).
    tick(15 * 60_000 + 1);
    expect((await signIn(email, "wrong", ips[1])).status).toBe(401);
  });

  it("does not let a success reset the attack for the attacker's IPs", async () => {
    const { email } = await createUser();
    for (let i = 0; i < 10; i++) await signIn(email, "wrong", `198.51.100.${i}`);
    expect((await signIn(email, PASSWORD, "192.0.2.1")).status).toBe(302);
    expect((await signIn(email, "wrong", "198.51.100.3")).status).toBe(429);
  });

  it("blocks an IP after 10 failures in 15 minutes, whatever the email", async () => {
    const { email } = await createUser();
    for (let i = 0; i < 10; i++) await signIn(`someone-${i}@example.ch`, "wrong-password", "192.0.2.7");
    expect((await signIn(email, PASSWORD, "192.0.2.7")).status).toBe(429);
    expect((await signIn(email, PASSWORD, "192.0.2.8")).status).toBe(302);
  });

  it.each([
    ["empty fields", { intent: "login" }, { email: ["validation.required"], password: ["validation.required"] }],
    [
      "10,000 characters",
      { intent: "login", email: `${LONG}@x.ch`, password: LONG },
      { email: ["validation.tooLong"], password: ["validation.tooLong"] },
    ],
    [
      "markup",
      { intent: "login", email: "<script>alert(1)</script>", password: "x" },
      { email: ["validation.emailInvalidLogin"] },
    ],
  ])("answers %s with the messages and a 400", async (_name, fields, expected) => {
    const result = await run(loginAction, post("/login", fields as Record<string, string>), context);
    expect(result.status).toBe(400);
    expect(errorsOf(result)).toMatchObject(expected);
  });

  it("answers a file where text is expected with a 400", async () => {
    const form = new FormData();
    form.append("intent", "login");
    form.append("email", new Blob(["x"]), "email.txt");
    form.append("password", new Blob(["x"]), "password.txt");
    const result = await run(loginAction, post("/login", form), context);
    expect(result.status).toBe(400);
    expect(errorsOf(result)).toMatchObject({ email: ["validation.required"], password: ["validation.required"] });
  });

  it("compares a password as it was stored: invisible characters go at sign-up and sign-in alike", async () => {
    const typed = "Vol\u200B-prive\u202E-2026";
    const email = "invisible@example.ch";
    const fields = { firstName: "Léa", lastName: "Martin", email, password: typed, confirmPassword: typed };
    expect((await run(registerAction, post("/register", fields), context)).status).toBe(200);
    await context.db.update(users).set({ emailConfirmedAt: clock }).where(eq(users.email, email));
    expect((await signIn(email, typed)).status).toBe(302);
    expect((await signIn(email, "Vol-prive-2026")).status).toBe(302);
  });

  it("keeps the password out of every reply", async () => {
    const { email } = await createUser();
    for (const result of [await signIn(email, "wrong-password"), await signIn("pas-un-email", "secret-typed")]) {
      expect(JSON.stringify(result.body)).not.toMatch(/wrong-password|secret-typed/);
      expect((result.body as { intent: string }).intent).toBe("login");
    }
  });

  it("sends a signed-in user away from /login", async () => {
    const { email } = await createUser();
    const cookie = await sessionCookieFor(email);
    const result = await run(loginLoader, get("/login?redirectTo=%2Fprofile", { cookie }), context);
    expect(result).toMatchObject({ status: 302, location: "/profile" });
  });
});

describe("sessions", () => {
  it("sign-out deletes the session row and clears the cookie", async () => {
    const { id, email } = await createUser();
    const cookie = await sessionCookieFor(email);
    expect(await context.db.select().from(sessions).where(eq(sessions.userId, id))).toHaveLength(1);
    const result = await run(logoutAction, post("/logout", { redirectTo: "/dashboard" }, { cookie }), context);
    expect(result.location).toBe("/");
    expect(result.setCookies.find((value) => value.startsWith("jm_session="))).toMatch(/Max-Age=0/);
    expect(await context.db.select().from(sessions).where(eq(sessions.userId, id))).toEqual([]);
    const after = await run(
      dashboardLoader,
      get("/dashboard", { cookie }),
      createTestContext({ d1, now: () => clock }),
    );
    expect(after.location).toBe("/login?redirectTo=%2Fdashboard");
  });

  it("renews the expiry at most once a day, and re-sends the cookie when it does", async () => {
    const { id, email } = await createUser();
    const cookie = await sessionCookieFor(email);
    const expiry = async () => (await context.db.select().from(sessions).where(eq(sessions.userId, id)))[0]!.expiresAt;
    const createdExpiry = await expiry();
    const renew = () => renewSessionIfDue(get("/home", { cookie }), createTestContext({ d1, now: () => clock }));

    tick(23 * 60 * 60_000);
    expect(await renew()).toBeNull();
    expect(await expiry()).toEqual(createdExpiry);

    tick(2 * 60 * 60_000);
    const renewed = await renew();
    expect(cookiePair(renewed ?? "")).toBe(cookie);
    expect(renewed).toMatch(/Max-Age=2592000/);
    expect((await expiry()).getTime()).toBe(clock.getTime() + 30 * 24 * 60 * 60_000);
    expect(await renew()).toBeNull();
  });

  it("the profile language is step 3 of language detection (es shows English)", async () => {
    const { id, email } = await createUser();
    const cookie = await sessionCookieFor(email);
    const localeFor = async (request: Request) => {
      const requestContext = getLoadContext({
        request,
        context: {
          cloudflare: {
            env: { DB: d1, ...LOCAL_VARS },
            ctx: { waitUntil: () => {}, passThroughOnException: () => {} },
          },
        },
      });
      return requestContext.i18n.getLocale(request);
    };
    await context.db.update(users).set({ language: "de" }).where(eq(users.id, id));
    expect(await localeFor(get("/home", { cookie }))).toBe("de");
    expect(await localeFor(get("/home?lng=en", { cookie }))).toBe("en");
    const languageChoice = cookiePair(await languageCookie({ secure: false }).serialize("en"));
    expect(await localeFor(get("/home", { cookie: `${cookie}; ${languageChoice}` }))).toBe("en");
    expect(await localeFor(get("/home"))).toBe("fr");
    await context.db.update(users).set({ language: "es" }).where(eq(users.id, id));
    expect(await localeFor(get("/home", { cookie }))).toBe("en");
  });

  it("sign-out stays on the spec's public paths, and goes to / for anything else", async () => {
    const from = async (redirectTo: string | Blob) =>
      (await run(logoutAction, post("/logout", { redirectTo }), context)).location;
    expect(await from("/fleet?lng=de")).toBe("/fleet?lng=de");
    expect(await from("/reset-password")).toBe("/reset-password");
    expect(await from("/dashboard")).toBe("/");
    expect(await from("/profile")).toBe("/");
    expect(await from("//evil.example/about")).toBe("/");
    expect(await from(new Blob(["/about"]))).toBe("/");
  });

  it("guards: anonymous users go to /login, clients away from /admin", async () => {
    expect((await run(profileLoader, get("/profile?edit=1"), context)).location).toBe(
      "/login?redirectTo=%2Fprofile%3Fedit%3D1",
    );
    expect((await run(adminLoader, get("/admin"), context)).location).toBe("/login?redirectTo=%2Fadmin");
    const { email } = await createUser();
    const cookie = await sessionCookieFor(email);
    // A signed-in client at /admin: 'Accès non autorisé', then / (docs/permissions.md).
    const refused = await run(adminLoader, get("/admin", { cookie }), createTestContext({ d1, now: () => clock }));
    expect(refused.location).toBe("/");
    expect(refused.setCookies.some((value) => value.startsWith("jm_toast="))).toBe(true);
  });

  it("uses the secure __Host- cookie outside local development", async () => {
    const production = { ...context, env: { ...context.env, isLocal: false } };
    const cookie = await sessionCookie(production).serialize("token");
    expect(cookie).toMatch(/^__Host-jm_session=/);
    expect(cookie).toMatch(/Secure/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Domain/i);
  });
});

describe("sign-up", () => {
  const valid = { firstName: "Léa", lastName: "Martin", password: PASSWORD, confirmPassword: PASSWORD };

  it("creates an unconfirmed client in the UI language, without a session", async () => {
    const result = await run(registerAction, post("/register", { ...valid, email: "Lea@Example.ch" }), context);
    expect(result.status).toBe(200);
    expect(result.setCookies).toEqual([]);
    const [user] = await context.db.select().from(users).where(eq(users.email, "lea@example.ch"));
    expect(user).toMatchObject({ role: "client", language: "fr", emailConfirmedAt: null, firstName: "Léa" });
    const tokens = await context.db.select().from(oneTimeTokens).where(eq(oneTimeTokens.userId, user!.id));
    expect(tokens.map((token) => token.purpose)).toEqual(["email_confirmation"]);

    const [mail] = await context.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, "lea@example.ch"));
    expect(mail).toMatchObject({ template: "auth/confirm-email", locale: "fr", status: "sent" });
    const url = new URL((mail!.data as { url: string }).url);
    expect(`${url.origin}${url.pathname}`).toBe("http://localhost:8787/confirm-email");
    expect((mail!.data as { firstName: string }).firstName).toBe("Léa");
    // The mailed token works once, as the link of the mail.
    const confirm = await run(confirmLoader, get(`${url.pathname}${url.search}`), context);
    expect(confirm.location).toBe("/confirm-email?status=confirmed");
  });

  it("mails the confirmation in the UI language of the sign-up", async () => {
    const request = post("/register", { ...valid, email: "hans@example.ch" });
    request.headers.set("Accept-Language", "de-CH");
    expect((await run(registerAction, request, context)).status).toBe(200);
    const [user] = await context.db.select().from(users).where(eq(users.email, "hans@example.ch"));
    expect(user!.language).toBe("de");
    const [mail] = await context.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, "hans@example.ch"));
    expect(mail!.locale).toBe("de");
  });

  it("says when the email is taken", async () => {
    const { email } = await createUser();
    const result = await run(registerAction, post("/register", { ...valid, email: email.toUpperCase() }), context);
    expect(result.status).toBe(409);
    expect(errorsOf(result)).toMatchObject({ email: ["register.emailTaken"] });
  });

  it.each([
    [
      "empty fields",
      {},
      {
        firstName: ["validation.firstNameRequired"],
        lastName: ["validation.lastNameRequired"],
        email: ["validation.emailRequired"],
        password: ["validation.passwordRequired"],
        confirmPassword: ["validation.confirmRequired"],
      },
    ],
    [
      "a bad email, a short password, a different confirmation",
      { ...valid, email: "pas-un-email", password: "court", confirmPassword: "autre" },
      {
        email: ["validation.emailInvalid"],
        password: ["validation.passwordMin8"],
        confirmPassword: ["validation.passwordsDiffer"],
      },
    ],
    [
      "10,000 characters",
      { firstName: LONG, lastName: LONG, email: `${LONG}@x.ch`, password: LONG, confirmPassword: LONG },
      {
        firstName: ["validation.tooLong"],
        lastName: ["validation.tooLong"],
        email: ["validation.tooLong"],
        password: ["validation.tooLong"],
      },
    ],
  ])("answers %s with the spec's messages and a 400", async (_name, fields, expected) => {
    const result = await run(registerAction, post("/register", fields as Record<string, string>), context);
    expect(result.status).toBe(400);
    expect(errorsOf(result)).toMatchObject(expected);
  });

  it("keeps markup in a name as plain text", async () => {
    const result = await run(
      registerAction,
      post("/register", { ...valid, firstName: "<b>Léa</b>", email: "markup@example.ch" }),
      context,
    );
    expect(result.status).toBe(200);
    const [user] = await context.db.select().from(users).where(eq(users.email, "markup@example.ch"));
    expect(user!.firstName).toBe("<b>Léa</b>");
  });

  it("allows 10 sign-ups per hour from one IP", async () => {
    const ip = "203.0.113.50";
    for (let i = 0; i < 10; i++) {
      const result = await run(
        registerAction,
        post("/register", { ...valid, email: `many-${i}@example.ch` }, { ip }),
        context,
      );
      expect(result.status).toBe(200);
    }
    const refused = await run(
      registerAction,
      post("/register", { ...valid, email: "many-10@example.ch" }, { ip }),
      context,
    );
    expect(refused.status).toBe(429);
    expect(errorsOf(refused)[""]).toEqual(["register.rateLimited"]);
    tick(60 * 60_000);
    expect(
      (await run(registerAction, post("/register", { ...valid, email: "many-11@example.ch" }, { ip }), context)).status,
    ).toBe(200);
  });
});

describe("email confirmation", () => {
  it("confirms once; the used or an unknown token gives the error", async () => {
    const { id } = await createUser({ confirmed: false });
    const token = await createOneTimeToken(context.db, { userId: id, purpose: "email_confirmation", now: clock });
    const first = await run(confirmLoader, get(`/confirm-email?token=${token}`), context);
    expect(first.location).toBe("/confirm-email?status=confirmed");
    const [user] = await context.db.select().from(users).where(eq(users.id, id));
    expect(user!.emailConfirmedAt).toEqual(clock);
    expect((await run(confirmLoader, get(`/confirm-email?token=${token}`), context)).location).toBe(
      "/confirm-email?status=invalid",
    );
    expect((await run(confirmLoader, get(`/confirm-email?token=${LONG}`), context)).location).toBe(
      "/confirm-email?status=invalid",
    );
  });

  it("refuses a token older than 24 hours", async () => {
    const { id } = await createUser({ confirmed: false });
    const token = await createOneTimeToken(context.db, { userId: id, purpose: "email_confirmation", now: clock });
    tick(24 * 60 * 60_000);
    expect((await run(confirmLoader, get(`/confirm-email?token=${token}`), context)).location).toBe(
      "/confirm-email?status=invalid",
    );
  });
});

describe("password reset", () => {
  const ask = (email: string, ip = "203.0.113.9") =>
    run(loginAction, post("/login?mode=reset", { intent: "reset", email }, { ip }), context);

  it("answers the same for a known and an unknown email, and mails only the known one", async () => {
    const { id, email } = await createUser();
    const known = await ask(email);
    tick(2000);
    const unknown = await ask("nobody@example.ch");
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect((known.body as { sent: boolean }).sent).toBe(true);
    expect((unknown.body as { sent: boolean }).sent).toBe(true);
    const tokens = await context.db.select().from(oneTimeTokens).where(eq(oneTimeTokens.purpose, "password_reset"));
    expect(tokens.map((token) => token.userId)).toEqual([id]);
    const mails = await context.db.select().from(mailOutbox).where(eq(mailOutbox.template, "auth/reset-password"));
    expect(mails.map((mail) => mail.toAddress)).toEqual([email]);
    const url = new URL((mails[0]!.data as { url: string }).url);
    expect(url.pathname).toBe("/reset-password");
    expect(url.searchParams.get("type")).toBe("recovery");
    const page = await run(resetLoader, get(`${url.pathname}${url.search}`), context);
    expect((page.body as { code: string | null }).code).toBe(url.searchParams.get("code"));
  });

  it.each([
    ["an empty email", {}, ["validation.required"]],
    ["10,000 characters", { email: `${LONG}@x.ch` }, ["validation.tooLong"]],
    ["markup", { email: "<img src=x onerror=alert(1)>" }, ["validation.emailInvalidLogin"]],
  ])("answers %s with its message and a 400", async (_name, fields, expected) => {
    const result = await run(loginAction, post("/login?mode=reset", { intent: "reset", ...fields }), context);
    expect(result.status).toBe(400);
    expect(errorsOf(result).email).toEqual(expected);
  });

  it("keeps the spec's 2-second throttle", async () => {
    const { email } = await createUser();
    expect((await ask(email)).status).toBe(200);
    tick(1999);
    const throttled = await ask(email, "203.0.113.10");
    expect(throttled.status).toBe(429);
    expect(errorsOf(throttled)[""]).toEqual(["resetRequest.throttled"]);
    tick(1);
    expect((await ask(email, "203.0.113.11")).status).toBe(200);
  });

  it("throttles per email, not per IP: colleagues behind one office IP are not blocked", async () => {
    const [first, second] = [await createUser(), await createUser()];
    expect((await ask(first.email, "203.0.113.20")).status).toBe(200);
    expect((await ask(second.email, "203.0.113.20")).status).toBe(200);
  });

  it("caps requests at 5 per hour per email and 20 per hour per IP", async () => {
    const { email } = await createUser();
    for (let i = 0; i < 5; i++) {
      expect((await ask(email, `198.51.100.${i}`)).status).toBe(200);
      tick(2000);
    }
    const capped = await ask(email, "198.51.100.99");
    expect(capped.status).toBe(429);
    expect(errorsOf(capped)[""]).toEqual(["resetRequest.capped"]);

    for (let i = 0; i < 20; i++) {
      expect((await ask(`other-${i}@example.ch`, "192.0.2.50")).status).toBe(200);
      tick(2000);
    }
    expect(errorsOf(await ask("other-20@example.ch", "192.0.2.50"))[""]).toEqual(["resetRequest.capped"]);
  });

  it("sets the new password, ends every session of the user, and uses the code once", async () => {
    const { id, email } = await createUser();
    const cookie = await sessionCookieFor(email);
    await sessionCookieFor(email);
    expect(await context.db.select().from(sessions).where(eq(sessions.userId, id))).toHaveLength(2);
    const code = await createOneTimeToken(context.db, { userId: id, purpose: "password_reset", now: clock });

    const page = await run(resetLoader, get(`/reset-password?type=recovery&code=${code}`), context);
    expect((page.body as { code: string | null }).code).toBe(code);

    const result = await run(
      resetAction,
      post("/reset-password", { code, password: "nouveau-mdp" }, { cookie }),
      context,
    );
    expect(result.location).toBe("/reset-success");
    expect(await context.db.select().from(sessions).where(eq(sessions.userId, id))).toEqual([]);
    expect((await signIn(email, PASSWORD)).status).toBe(401);
    expect((await signIn(email, "nouveau-mdp")).status).toBe(302);

    const reused = await run(resetAction, post("/reset-password", { code, password: "encore-un" }), context);
    expect(reused.status).toBe(400);
    expect(errorsOf(reused)[""]).toEqual(["resetPassword.invalidLink"]);
    const gone = await run(resetLoader, get(`/reset-password?type=recovery&code=${code}`), context);
    expect((gone.body as { code: string | null }).code).toBeNull();
  });

  it("refuses a code after 1 hour, a short password, and bad input with a 400", async () => {
    const { id } = await createUser();
    const code = await createOneTimeToken(context.db, { userId: id, purpose: "password_reset", now: clock });
    const short = await run(resetAction, post("/reset-password", { code, password: "12345" }), context);
    expect(short.status).toBe(400);
    expect(errorsOf(short)).toMatchObject({ password: ["validation.passwordMin6"] });
    expect((await run(resetAction, post("/reset-password", { code: LONG, password: LONG }), context)).status).toBe(400);
    expect((await run(resetAction, post("/reset-password", {}), context)).status).toBe(400);
    tick(60 * 60_000);
    const expired = await run(resetAction, post("/reset-password", { code, password: "123456" }), context);
    expect(expired.status).toBe(400);
    expect(errorsOf(expired)[""]).toEqual(["resetPassword.invalidLink"]);
  });
});

describe("profile", () => {
  it("saves names, phone and language, and switches the UI language cookie", async () => {
    const { id, email } = await createUser();
    const cookie = await sessionCookieFor(email);
    const result = await run(
      profileAction,
      post(
        "/profile",
        {
          intent: "updateProfile",
          firstName: "Marie-Claire",
          lastName: "Curie",
          phone: "+41 22 123 45 67",
          language: "de",
        },
        { cookie },
      ),
      context,
    );
    expect(result.location).toBe("/profile");
    expect(result.setCookies.some((value) => value.startsWith("i18nextLng="))).toBe(true);
    const [user] = await context.db.select().from(users).where(eq(users.id, id));
    expect(user).toMatchObject({ firstName: "Marie-Claire", phone: "+41 22 123 45 67", language: "de" });
  });

  it("offers es to staff only, and answers bad input with a 400", async () => {
    const client = await sessionCookieFor((await createUser()).email);
    const staff = await sessionCookieFor((await createUser({ role: "gestionnaire" })).email);
    const fields = { intent: "updateProfile", firstName: "A", lastName: "B", language: "es" };
    const refused = await run(profileAction, post("/profile", fields, { cookie: client }), context);
    expect(refused.status).toBe(400);
    expect(errorsOf(refused)).toMatchObject({ language: ["validation.languageInvalid"] });
    const staffResult = await run(profileAction, post("/profile", fields, { cookie: staff }), context);
    expect(errorsOf(staffResult)).toEqual({});
    expect(staffResult.status).toBe(302);

    const bad = await run(
      profileAction,
      post(
        "/profile",
        { intent: "updateProfile", firstName: "", lastName: LONG, phone: "<script>", language: "xx" },
        { cookie: client },
      ),
      context,
    );
    expect(bad.status).toBe(400);
    expect(errorsOf(bad)).toMatchObject({
      firstName: ["validation.firstNameRequired"],
      lastName: ["validation.tooLong"],
      phone: ["validation.phoneInvalid"],
      language: ["validation.languageInvalid"],
    });
  });

  it("adds watches of places the airports have (5 at most), removes only the user's own, and sets the weekly cap", async () => {
    await context.db
      .insert(airports)
      .values([
        { icaoCode: "LSGG", servedCity: "Genève", country: "Switzerland" },
        { icaoCode: "LFMN", servedCity: "Nice", country: "France" },
      ])
      .onConflictDoNothing();
    const { id, email } = await createUser();
    const cookie = await sessionCookieFor(email);
    const send = (fields: Record<string, string>) =>
      run(alertsAction, post("/profile/alerts", fields, { cookie }), context);
    const watches = async () =>
      (await context.db.select().from(alertWatches).where(eq(alertWatches.userId, id)).orderBy(alertWatches.id)).map(
        (row) => [row.fromKind, row.fromValue, row.toKind, row.toValue, row.windowDays].join(" "),
      );
    const cap = async () =>
      (await context.db.select({ cap: users.alertWeeklyCap }).from(users).where(eq(users.id, id)))[0]!.cap;

    const added = await send({ intent: "addWatch", from: "city:Genève", to: "country:France", windowDays: "14" });
    expect(added).toMatchObject({ status: 302, location: "/profile" });
    expect(added.setCookies.some((value) => value.startsWith("jm_toast="))).toBe(true);
    await send({ intent: "addWatch", from: "country:Switzerland", to: "", windowDays: "7" });
    expect(await watches()).toEqual(["city Genève country France 14", "country Switzerland   7"]);
    // A place no airport has, a window not offered: refused with the error toast, nothing stored.
    expect((await send({ intent: "addWatch", from: "city:Atlantis", windowDays: "7" })).location).toBe("/profile");
    await send({ intent: "addWatch", from: "city:Nice", windowDays: "10" });
    expect(await watches()).toHaveLength(2);

    const page = await run(profileLoader, get("/profile", { cookie }), context);
    expect((page.body as { alerts: unknown }).alerts).toMatchObject({
      places: { cities: ["Genève", "Nice"], countries: ["France", "Switzerland"] },
      watches: [
        { from: { kind: "city", value: "Genève" }, to: { kind: "country", value: "France" }, windowDays: 14 },
        { to: null, windowDays: 7 },
      ],
      weeklyCap: null,
      maxWatches: 5,
    });

    for (let i = 0; i < 4; i++) await send({ intent: "addWatch", from: "city:Nice", windowDays: "30" });
    expect(await watches()).toHaveLength(5);

    // Someone else's watch cannot be removed; one's own can.
    const other = await createUser();
    await context.db.insert(alertWatches).values({ userId: other.id, fromKind: "city", fromValue: "Nice" });
    const [theirs] = await context.db.select().from(alertWatches).where(eq(alertWatches.userId, other.id));
    await send({ intent: "removeWatch", watchId: String(theirs!.id) });
    expect(await context.db.select().from(alertWatches).where(eq(alertWatches.userId, other.id))).toHaveLength(1);
    const [first] = await context.db
      .select()
      .from(alertWatches)
      .where(eq(alertWatches.userId, id))
      .orderBy(alertWatches.id);
    await send({ intent: "removeWatch", watchId: String(first!.id) });
    expect(await watches()).toHaveLength(4);

    await send({ intent: "setCap", cap: "2" });
    expect(await cap()).toBe(2);
    await send({ intent: "setCap", cap: "9" });
    expect(await cap()).toBe(2);
    await send({ intent: "setCap", cap: "" });
    expect(await cap()).toBeNull();
  });

  it("refuses anonymous saves", async () => {
    const result = await run(
      profileAction,
      post("/profile", { firstName: "A", lastName: "B", language: "fr" }),
      context,
    );
    expect(result.location).toMatch(/^\/login\?redirectTo=/);
  });
});
