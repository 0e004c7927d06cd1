import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import type { Db } from "#app/db/client.server";
import { userMayBeDeleted } from "#app/db/last-admin.server";
import { flightLogs, sessions, users } from "#app/db/schema";
import { createTestD1 } from "#tests/d1";

import { createConfirmedUser, listUsers, setUserPassword, updateUser } from "./admin-users.queries.server";

const NOW = new Date("2026-11-23T09:00:00Z");
let d1: D1Database;
let db: Db;
let dispose: () => Promise<void>;

beforeAll(async () => {
  ({ d1, db, dispose } = await createTestD1());
});
afterAll(() => dispose());
beforeEach(async () => {
  await d1.batch(["flight_logs", "sessions", "users"].map((t) => d1.prepare(`delete from ${t}`)));
});

async function addUser(id: string, role: "admin" | "gestionnaire" | "client", minutesAgo = 0) {
  await db.insert(users).values({
    id,
    email: `${id}@example.ch`,
    passwordHash: "x",
    firstName: id,
    lastName: "Test",
    role,
    createdAt: new Date(NOW.getTime() - minutesAgo * 60_000),
  });
  await db
    .insert(sessions)
    .values({ idHash: `session-${id}`, userId: id, expiresAt: new Date(NOW.getTime() + 86_400_000) });
}

const sessionCount = async (userId: string) =>
  (await db.select({ n: count() }).from(sessions).where(eq(sessions.userId, userId)))[0]!.n;
const edit = (role: "admin" | "gestionnaire" | "client", id: string) => ({
  firstName: id,
  lastName: "Test",
  email: `${id}@example.ch`,
  phone: null,
  language: "fr" as const,
  role,
});

describe("the users tab's rules", () => {
  it("lists newest first and finds by name or email, LIKE wildcards taken literally", async () => {
    await addUser("old", "client", 10);
    await addUser("new", "client", 1);
    await addUser("under_score", "client", 5);
    expect((await listUsers(db, { search: "", page: 1 })).users.map((u) => u.id)).toEqual([
      "new",
      "under_score",
      "old",
    ]);
    expect((await listUsers(db, { search: "NEW@example", page: 1 })).users.map((u) => u.id)).toEqual(["new"]);
    expect((await listUsers(db, { search: "r_s", page: 1 })).users.map((u) => u.id)).toEqual(["under_score"]);
    expect((await listUsers(db, { search: "%", page: 1 })).total).toBe(0);
  });

  it("never deletes nor demotes the last admin, nor oneself", async () => {
    const mayBeDeleted = async (userId: string) =>
      Boolean(
        (
          await db
            .select({ ok: userMayBeDeleted(userId) })
            .from(users)
            .limit(1)
        )[0]!.ok,
      );
    await addUser("boss", "admin");
    await addUser("other", "admin");
    expect(await updateUser(db, { userId: "boss", actorId: "boss", changes: edit("client", "boss"), now: NOW })).toBe(
      "self",
    );
    // Two admins: either may go; once one is left, it stays whoever asks. A missing user may not go either.
    expect([await mayBeDeleted("boss"), await mayBeDeleted("other")]).toEqual([true, true]);
    await db.delete(users).where(eq(users.id, "other"));
    await addUser("helper", "gestionnaire");
    expect(
      await updateUser(db, { userId: "boss", actorId: "helper", changes: edit("gestionnaire", "boss"), now: NOW }),
    ).toBe("lastAdmin");
    expect([await mayBeDeleted("boss"), await mayBeDeleted("helper"), await mayBeDeleted("gone")]).toEqual([
      false,
      true,
      false,
    ]);
    expect((await db.select().from(users).where(eq(users.id, "boss")))[0]!.role).toBe("admin");
  });

  it("two admins demoting each other at once leave one admin", async () => {
    await addUser("a", "admin");
    await addUser("b", "admin");
    const outcomes = await Promise.all([
      updateUser(db, { userId: "b", actorId: "a", changes: edit("client", "b"), now: NOW }),
      updateUser(db, { userId: "a", actorId: "b", changes: edit("client", "a"), now: NOW }),
    ]);
    expect(outcomes.sort()).toEqual(["done", "lastAdmin"]);
    expect((await db.select({ n: count() }).from(users).where(eq(users.role, "admin")))[0]!.n).toBe(1);
  });

  it("a role or password change ends the user's sessions; a name change does not", async () => {
    await addUser("boss", "admin");
    await addUser("carla", "client");
    expect(
      await updateUser(db, {
        userId: "carla",
        actorId: "boss",
        changes: { ...edit("client", "carla"), firstName: "Carla" },
        now: NOW,
      }),
    ).toBe("done");
    expect(await sessionCount("carla")).toBe(1);
    expect(
      await updateUser(db, { userId: "carla", actorId: "boss", changes: edit("gestionnaire", "carla"), now: NOW }),
    ).toBe("done");
    expect(await sessionCount("carla")).toBe(0);
    await db.insert(sessions).values({ idHash: "again", userId: "carla", expiresAt: new Date(NOW.getTime() + 1000) });
    expect(await setUserPassword(db, { userId: "carla", passwordHash: "new", now: NOW })).toBe(true);
    expect(await sessionCount("carla")).toBe(0);
    expect(await sessionCount("boss")).toBe(1);
  });

  it("refuses an email another account uses, and creates confirmed accounts", async () => {
    await addUser("boss", "admin");
    await addUser("carla", "client");
    expect(
      await updateUser(db, {
        userId: "carla",
        actorId: "boss",
        changes: { ...edit("client", "carla"), email: "BOSS@example.ch" },
        now: NOW,
      }),
    ).toBe("emailTaken");
    const created = await createConfirmedUser(db, {
      email: " New@Example.ch ",
      passwordHash: "h",
      firstName: "N",
      lastName: "U",
      role: "gestionnaire",
      now: NOW,
    });
    const [row] = await db.select().from(users).where(eq(users.id, created!.id));
    expect(row).toMatchObject({ email: "new@example.ch", role: "gestionnaire", emailConfirmedAt: NOW });
    expect(
      await createConfirmedUser(db, {
        email: "new@example.ch",
        passwordHash: "h",
        firstName: "N",
        lastName: "U",
        role: "client",
        now: NOW,
      }),
    ).toBeNull();
  });

  it("a deleted user's history rows lose the link, not the row", async () => {
    await addUser("boss", "admin");
    await addUser("gone", "gestionnaire");
    await db.insert(flightLogs).values({
      flightLabel: "Genève → Nice",
      action: "UPDATE",
      changedFields: ["probability_override"],
      actor: "staff",
      changedBy: "gone",
      changedAt: NOW,
    });
    expect(await db.delete(users).where(eq(users.id, "gone")).returning({ id: users.id })).toEqual([{ id: "gone" }]);
    const [log] = await db.select().from(flightLogs);
    expect(log).toMatchObject({ actor: "staff", changedBy: null });
  });
});
