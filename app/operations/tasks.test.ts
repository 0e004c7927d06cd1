import type { AppLoadContext } from "@remix-run/cloudflare";
import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import type { Db } from "#app/db/client.server";
import { oneTimeTokens, rateLimits, sessions, users } from "#app/db/schema";
import { createTestD1 } from "#tests/d1";

import { purgeExpiredRows } from "./cleanup.server";
import { runTasks } from "./tasks.server";

let db: Db;
let dispose: () => Promise<void>;
beforeAll(async () => {
  ({ db, dispose } = await createTestD1());
});
afterAll(() => dispose());

describe("purgeExpiredRows", () => {
  it("deletes expired sessions, tokens and rate-limit windows, and keeps live ones", async () => {
    const now = new Date("2026-11-22T12:00:00Z");
    const past = new Date(now.getTime() - 1000);
    const future = new Date(now.getTime() + 60_000);
    await db.insert(users).values({ id: "u", email: "u@example.ch", passwordHash: "x", firstName: "U", lastName: "U" });
    await db.insert(sessions).values([
      { idHash: "old", userId: "u", expiresAt: past },
      { idHash: "live", userId: "u", expiresAt: future },
    ]);
    await db.insert(oneTimeTokens).values([
      { userId: "u", purpose: "email_confirmation", tokenHash: "old", expiresAt: past },
      { userId: "u", purpose: "password_reset", tokenHash: "live", expiresAt: future },
    ]);
    await db.insert(rateLimits).values([
      { key: "old", count: 3, windowEndsAt: past },
      { key: "live", count: 3, windowEndsAt: future },
    ]);

    expect(await purgeExpiredRows(db, now)).toEqual({ sessions: 1, tokens: 1, rateLimits: 1 });
    const left = await Promise.all([
      db.select({ n: count() }).from(sessions),
      db.select({ n: count() }).from(oneTimeTokens),
      db.select({ n: count() }).from(rateLimits),
    ]);
    expect(left.map(([row]) => row!.n)).toEqual([1, 1, 1]);
  });
});

describe("runTasks", () => {
  it("runs every task even when one fails, then reports the failure", async () => {
    const ran: string[] = [];
    vi.spyOn(console, "log").mockImplementation(() => {});
    const context = {} as AppLoadContext;
    const run = runTasks(
      "*/5 * * * *",
      [
        { name: "broken", run: async () => Promise.reject(new Error("feed down")) },
        { name: "working", run: async () => void ran.push("working") },
      ],
      context,
    );
    await expect(run).rejects.toThrow("broken: Error: feed down");
    expect(ran).toEqual(["working"]);
  });
});
