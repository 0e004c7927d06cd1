import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { Db } from "#app/db/client.server";
import { clearRateLimit, hitRateLimit, isRateLimited } from "#app/db/rate-limits.server";
import { oneTimeTokens, sessions, users } from "#app/db/schema";
import { sha256Hex } from "#app/utils/crypto.server";
import { createTestD1 } from "#tests/d1";

import {
  consumeOneTimeToken,
  createOneTimeToken,
  findUsableToken,
  TOKEN_TTL_MS,
} from "./one-time-tokens.queries.server";
import {
  createSession,
  deleteSession,
  deleteUserSessionsQuery,
  findSession,
  renewSession,
  SESSION_TTL_MS,
  sessionNeedsRenewal,
} from "./sessions.queries.server";
import { createUser } from "./users.queries.server";

let db: Db;
let dispose: () => Promise<void>;
let userId: string;
const now = new Date("2026-11-22T10:00:00Z");
const later = (ms: number) => new Date(now.getTime() + ms);

beforeAll(async () => {
  ({ db, dispose } = await createTestD1());
  const created = await createUser(db, {
    email: " Marie@Example.CH ",
    passwordHash: "x",
    firstName: "Marie",
    lastName: "Curie",
    language: "fr",
  });
  userId = created!.id;
});

afterAll(() => dispose());

describe("users", () => {
  it("stores the email trimmed and lower-cased, and refuses a taken one", async () => {
    const [row] = await db.select().from(users).where(eq(users.id, userId));
    expect(row!.email).toBe("marie@example.ch");
    expect(row!.role).toBe("client");
    expect(row!.emailConfirmedAt).toBeNull();
    const again = await createUser(db, {
      email: "MARIE@example.ch",
      passwordHash: "y",
      firstName: "M",
      lastName: "C",
      language: "de",
    });
    expect(again).toBeNull();
  });
});

describe("one-time tokens", () => {
  it("stores only the SHA-256 of a 32-byte random token", async () => {
    const token = await createOneTimeToken(db, { userId, purpose: "email_confirmation", now });
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await db
      .select()
      .from(oneTimeTokens)
      .where(eq(oneTimeTokens.tokenHash, await sha256Hex(token)));
    expect(row!.tokenHash).not.toContain(token);
    expect(row!.expiresAt.getTime() - now.getTime()).toBe(24 * 60 * 60 * 1000);
  });

  it("is single use", async () => {
    const token = await createOneTimeToken(db, { userId, purpose: "email_confirmation", now });
    expect(await consumeOneTimeToken(db, { token, purpose: "email_confirmation", now })).toBe(userId);
    expect(await consumeOneTimeToken(db, { token, purpose: "email_confirmation", now })).toBeNull();
    expect(await findUsableToken(db, { token, purpose: "email_confirmation", now })).toBeNull();
  });

  it("expires: a confirmation after 24 h, a reset after 1 h", async () => {
    expect(TOKEN_TTL_MS.password_reset).toBe(60 * 60 * 1000);
    const reset = await createOneTimeToken(db, { userId, purpose: "password_reset", now });
    expect(await findUsableToken(db, { token: reset, purpose: "password_reset", now: later(59 * 60_000) })).toBe(
      userId,
    );
    expect(
      await consumeOneTimeToken(db, { token: reset, purpose: "password_reset", now: later(60 * 60_000) }),
    ).toBeNull();

    const confirm = await createOneTimeToken(db, { userId, purpose: "email_confirmation", now });
    expect(
      await consumeOneTimeToken(db, {
        token: confirm,
        purpose: "email_confirmation",
        now: later(TOKEN_TTL_MS.email_confirmation),
      }),
    ).toBeNull();
    expect(
      await consumeOneTimeToken(db, {
        token: confirm,
        purpose: "email_confirmation",
        now: later(TOKEN_TTL_MS.email_confirmation - 1),
      }),
    ).toBe(userId);
  });

  it("works only for its own purpose, and never for an unknown token", async () => {
    const token = await createOneTimeToken(db, { userId, purpose: "email_confirmation", now });
    expect(await consumeOneTimeToken(db, { token, purpose: "password_reset", now })).toBeNull();
    expect(await consumeOneTimeToken(db, { token: "not-a-token", purpose: "email_confirmation", now })).toBeNull();
  });
});

describe("sessions", () => {
  it("keeps only the token's hash and finds the user by the token", async () => {
    const { token, expiresAt } = await createSession(db, userId, now);
    expect(expiresAt.getTime() - now.getTime()).toBe(SESSION_TTL_MS);
    const rows = await db.select().from(sessions).where(eq(sessions.userId, userId));
    expect(rows.map((row) => row.idHash)).toContain(await sha256Hex(token));
    expect(rows.every((row) => row.idHash !== token)).toBe(true);
    const found = await findSession(db, token, now);
    expect(found?.user).toMatchObject({ id: userId, firstName: "Marie", role: "client" });
    expect(found?.user).not.toHaveProperty("passwordHash");
  });

  it("expires after 30 days unless renewed, and is renewed at most once a day", async () => {
    const { token } = await createSession(db, userId, now);
    expect(await findSession(db, token, later(SESSION_TTL_MS))).toBeNull();
    const session = (await findSession(db, token, now))!;
    expect(sessionNeedsRenewal(session.expiresAt, later(23 * 60 * 60_000))).toBe(false);
    expect(sessionNeedsRenewal(session.expiresAt, later(25 * 60 * 60_000))).toBe(true);
    await renewSession(db, session.idHash, later(10 * 24 * 60 * 60_000));
    expect(await findSession(db, token, later(SESSION_TTL_MS + 1000))).not.toBeNull();
  });

  it("sign-out deletes the session; a reset deletes every session of the user", async () => {
    const first = await createSession(db, userId, now);
    const second = await createSession(db, userId, now);
    await deleteSession(db, first.token);
    expect(await findSession(db, first.token, now)).toBeNull();
    expect(await findSession(db, second.token, now)).not.toBeNull();
    await deleteUserSessionsQuery(db, userId);
    expect(await db.select().from(sessions).where(eq(sessions.userId, userId))).toEqual([]);
  });
});

describe("rate limits (fixed window in D1)", () => {
  const rule = { limit: 3, windowMs: 60_000 };

  it("allows `limit` hits per window, then refuses until the window ends", async () => {
    const results = [];
    for (let i = 0; i < 4; i++) results.push((await hitRateLimit(db, "test:a", rule, now)).allowed);
    expect(results).toEqual([true, true, true, false]);
    expect(await isRateLimited(db, "test:a", rule, later(59_999))).toBe(true);
    expect(await isRateLimited(db, "test:a", rule, later(60_000))).toBe(false);
    const fresh = await hitRateLimit(db, "test:a", rule, later(60_000));
    expect(fresh).toMatchObject({ allowed: true, count: 1 });
  });

  it("counts each key on its own, and can be cleared", async () => {
    for (let i = 0; i < 3; i++) await hitRateLimit(db, "test:b", rule, now);
    expect(await isRateLimited(db, "test:b", rule, now)).toBe(true);
    expect(await isRateLimited(db, "test:c", rule, now)).toBe(false);
    await clearRateLimit(db, "test:b");
    expect(await isRateLimited(db, "test:b", rule, now)).toBe(false);
  });

  it("counts simultaneous hits exactly (one atomic upsert each)", async () => {
    const hits = await Promise.all(
      Array.from({ length: 10 }, () => hitRateLimit(db, "test:d", { limit: 5, windowMs: 60_000 }, now)),
    );
    expect(hits.map((hit) => hit.count).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(hits.filter((hit) => hit.allowed)).toHaveLength(5);
  });
});
