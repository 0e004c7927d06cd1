import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { alertWatches, users } from "#app/db/schema";
import { createTestContext } from "#tests/context";
import { createTestD1 } from "#tests/d1";
import { testUser } from "#tests/user-rows";

import {
  alertUnsubscribeState,
  alertUnsubscribeUrl,
  createAlertUnsubscribeToken,
  readAlertUnsubscribeToken,
  unsubscribeFromAlerts,
} from "./alert-unsubscribe.server";

const SECRET = "local-development-only-not-a-secret";
let testDb: Awaited<ReturnType<typeof createTestD1>>;
beforeAll(async () => {
  testDb = await createTestD1();
});
afterAll(() => testDb.dispose());
beforeEach(async () => {
  await testDb.d1.batch(["alert_watches", "users"].map((table) => testDb.d1.prepare(`delete from ${table}`)));
  await testDb.db.insert(users).values(["ana", "bea.b"].map((id) => testUser(id)));
  await testDb.db.insert(alertWatches).values([
    { userId: "ana", fromKind: "country", fromValue: "Switzerland" },
    { userId: "ana", fromKind: "city", fromValue: "Genève", toKind: "country", toValue: "France", windowDays: 30 },
    { userId: "bea.b", fromKind: "country", fromValue: "Switzerland" },
  ]);
});

const context = () => createTestContext({ d1: testDb.d1 });
const countriesOf = async (userId: string) =>
  (await testDb.db.select().from(alertWatches).where(eq(alertWatches.userId, userId)))
    .map((row) => row.fromValue)
    .sort();

describe("the alert unsubscribe token", () => {
  it("names its user, and only with the secret it was made with", async () => {
    const token = await createAlertUnsubscribeToken(SECRET, "ana");
    expect(token).toMatch(/^ana\.[A-Za-z0-9_-]{43}$/);
    expect(await readAlertUnsubscribeToken(SECRET, token)).toBe("ana");
    expect(await readAlertUnsubscribeToken("another-secret-of-at-least-32-chars", token)).toBeNull();
    // An id with a dot in it: the MAC is what follows the last one.
    expect(await readAlertUnsubscribeToken(SECRET, await createAlertUnsubscribeToken(SECRET, "bea.b"))).toBe("bea.b");
  });

  it("cannot be moved to another user or altered", async () => {
    const [, mac] = (await createAlertUnsubscribeToken(SECRET, "ana")).split(".");
    const tampered = `${mac!.slice(0, -1)}${mac!.endsWith("A") ? "B" : "A"}`;
    for (const token of [`bea.b.${mac}`, `ana.${tampered}`, `ana.${mac}x`, "ana", "ana.", `.${mac}`, "", null]) {
      expect(await readAlertUnsubscribeToken(SECRET, token)).toBeNull();
    }
  });

  it("goes into an absolute link with the user's language", async () => {
    const url = new URL(await alertUnsubscribeUrl(context(), { userId: "ana", language: "de" }));
    expect(url.origin + url.pathname).toBe("http://localhost:8787/alerts/unsubscribe");
    expect(url.searchParams.get("lng")).toBe("de");
    expect(await readAlertUnsubscribeToken(SECRET, url.searchParams.get("token"))).toBe("ana");
  });
});

describe("unsubscribeFromAlerts", () => {
  it("removes every watch of the token's user and nobody else's", async () => {
    const token = await createAlertUnsubscribeToken(SECRET, "ana");
    expect(await alertUnsubscribeState(context(), { token })).toBe("confirm");

    expect(await unsubscribeFromAlerts(context(), { token })).toEqual({ ok: true, removed: 2 });
    expect(await countriesOf("ana")).toEqual([]);
    expect(await countriesOf("bea.b")).toEqual(["Switzerland"]);
    expect(await alertUnsubscribeState(context(), { token })).toBe("done");
  });

  it("is harmless when replayed, or once the account is gone", async () => {
    const token = await createAlertUnsubscribeToken(SECRET, "ana");
    await unsubscribeFromAlerts(context(), { token });
    expect(await unsubscribeFromAlerts(context(), { token })).toEqual({ ok: true, removed: 0 });
    const gone = await createAlertUnsubscribeToken(SECRET, "erased-user");
    expect(await unsubscribeFromAlerts(context(), { token: gone })).toEqual({ ok: true, removed: 0 });
  });

  it("refuses a token it did not make, changing nothing", async () => {
    for (const token of [
      null,
      "ana",
      "ana.forged",
      await createAlertUnsubscribeToken("another-secret-of-at-least-32-chars", "ana"),
    ]) {
      expect(await unsubscribeFromAlerts(context(), { token })).toEqual({ ok: false, reason: "invalidToken" });
      expect(await alertUnsubscribeState(context(), { token })).toBe("invalid");
    }
    expect(await countriesOf("ana")).toEqual(["Genève", "Switzerland"]);
  });
});
