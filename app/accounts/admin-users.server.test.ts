/** The users tab's forms as typed outcomes, on a real D1 (docs/back-office.md 'Users'). */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

import { sessions, users } from "#app/db/schema";
import { createTestContext } from "#tests/context";
import { createTestD1 } from "#tests/d1";

import { changeUser, loadUsersTab } from "./admin-users.server";
import { verifyPassword } from "./password.server";

const NOW = new Date("2026-11-23T09:00:00Z");
let d1: D1Database;
let context: AppLoadContext;
let dispose: () => Promise<void>;

beforeAll(async () => {
  ({ d1, dispose } = await createTestD1());
  context = createTestContext({ d1, now: NOW });
});
afterAll(() => dispose());
beforeEach(async () => {
  await d1.batch(["sessions", "users"].map((table) => d1.prepare(`delete from ${table}`)));
  await context.db.insert(users).values(
    (["admin", "client"] as const).map((role) => ({
      id: role,
      email: `${role}@example.ch`,
      passwordHash: "x",
      firstName: role,
      lastName: "Test",
      role,
      createdAt: NOW,
    })),
  );
  await context.db
    .insert(sessions)
    .values({ idHash: "session-client", userId: "client", expiresAt: new Date(NOW.getTime() + 86_400_000) });
});

const person = { firstName: "Nina", lastName: "Nouvelle", email: " Nina@Example.CH " };
const sessionsOf = async (userId: string) =>
  (await context.db.select({ n: count() }).from(sessions).where(eq(sessions.userId, userId)))[0]!.n;

describe("changeUser", () => {
  it("creates a confirmed account with the intent's role, once per address", async () => {
    const created = await changeUser(context, {
      intent: "create-gestionnaire",
      ...person,
      password: "Motdepasse-2026",
      actorId: "admin",
    });
    expect(created).toMatchObject({ ok: true, done: "gestionnaireCreated" });
    const [row] = await context.db.select().from(users).where(eq(users.email, "nina@example.ch"));
    expect(row).toMatchObject({ id: created.ok ? created.userId : "", role: "gestionnaire", emailConfirmedAt: NOW });
    expect(await verifyPassword("Motdepasse-2026", row!.passwordHash)).toBe(true);
    expect(
      await changeUser(context, { intent: "create-client", ...person, password: "Motdepasse-2026", actorId: "admin" }),
    ).toEqual({ ok: false, reason: "emailTaken" });
  });

  it("saves an edit, refuses one's own role change, and says when the user is gone", async () => {
    const changes = {
      firstName: "Cléa",
      lastName: "Client",
      email: "clea@example.ch",
      language: "de" as const,
      role: "gestionnaire" as const,
    };
    expect(await changeUser(context, { intent: "update", userId: "client", ...changes, actorId: "admin" })).toEqual({
      ok: true,
      done: "updated",
      userId: "client",
    });
    // A new role ends the user's sessions.
    expect(await sessionsOf("client")).toBe(0);
    const own = {
      intent: "update" as const,
      userId: "admin",
      ...changes,
      email: "admin@example.ch",
      role: "client" as const,
      actorId: "admin",
    };
    expect(await changeUser(context, own)).toEqual({ ok: false, reason: "self" });
    expect(await changeUser(context, { intent: "update", userId: "gone", ...changes, actorId: "admin" })).toEqual({
      ok: false,
      reason: "notFound",
    });
  });

  it("sets a new password and ends the sessions; a missing user is notFound", async () => {
    expect(
      await changeUser(context, { intent: "password", userId: "client", password: "12345678-new", actorId: "admin" }),
    ).toEqual({ ok: true, done: "password", userId: "client" });
    const [row] = await context.db.select().from(users).where(eq(users.id, "client"));
    expect(await verifyPassword("12345678-new", row!.passwordHash)).toBe(true);
    expect(await sessionsOf("client")).toBe(0);
    expect(
      await changeUser(context, { intent: "password", userId: "gone", password: "12345678-new", actorId: "admin" }),
    ).toEqual({ ok: false, reason: "notFound" });
  });

  it("deletes another user, never oneself nor the last admin", async () => {
    expect(await changeUser(context, { intent: "delete", userId: "admin", actorId: "admin" })).toEqual({
      ok: false,
      reason: "self",
    });
    expect(await changeUser(context, { intent: "delete", userId: "admin", actorId: "client" })).toEqual({
      ok: false,
      reason: "lastAdmin",
    });
    expect(await changeUser(context, { intent: "delete", userId: "client", actorId: "admin" })).toEqual({
      ok: true,
      done: "deleted",
      userId: null,
    });
    expect(await changeUser(context, { intent: "delete", userId: "client", actorId: "admin" })).toEqual({
      ok: false,
      reason: "notFound",
    });
  });

  it("turns a database failure into the reason failed, logging the message only", async () => {
    // The erasure reads the account first: only its deletions fail.
    const db = Object.assign(Object.create(context.db), {
      delete: () => {
        throw new Error("D1 unavailable");
      },
    });
    const broken = { ...context, db } as unknown as AppLoadContext;
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(await changeUser(broken, { intent: "delete", userId: "client", actorId: "admin" })).toEqual({
      ok: false,
      reason: "failed",
    });
    expect(JSON.parse(String(log.mock.calls[0]?.[0]))).toEqual({
      type: "event",
      level: "error",
      event: "users.change-failed",
      requestId: "test-request",
      intent: "delete",
      error: "Error",
      message: "D1 unavailable",
    });
    log.mockRestore();
  });
});

describe("loadUsersTab", () => {
  it("gives the page, its page count and the selected user", async () => {
    const tab = await loadUsersTab(context, { search: "cli", page: 1, userId: "admin" });
    expect(tab.ok && { ids: tab.users.map((user) => user.id), pages: tab.pages, selected: tab.selected?.id }).toEqual({
      ids: ["client"],
      pages: 1,
      selected: "admin",
    });
    const none = await loadUsersTab(context, { search: "", page: 1, userId: null });
    expect(none.ok && none.selected).toBeNull();
  });

  it("says load when the list cannot be read", async () => {
    const broken = {
      ...context,
      db: {
        ...context.db,
        select: () => {
          throw new Error("D1 unavailable");
        },
      },
    } as unknown as AppLoadContext;
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(await loadUsersTab(broken, { search: "", page: 1, userId: null })).toEqual({ ok: false, reason: "failed" });
    log.mockRestore();
  });
});
