import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { Db } from "#app/db/client.server";
import { notifications, users } from "#app/db/schema";
import { createTestD1 } from "#tests/d1";
import { testUser } from "#tests/user-rows";

import {
  countUnreadNotifications,
  deleteNotification,
  listNotifications,
  markNotificationRead,
  NOTIFICATIONS_SHOWN,
} from "./notifications.queries.server";

let db: Db;
let dispose: () => Promise<void>;

beforeAll(async () => {
  ({ db, dispose } = await createTestD1());
  await db.insert(users).values(["anna", "bruno"].map((id) => testUser(id)));
});
afterAll(() => dispose());

describe("notifications", () => {
  it("are read, marked and deleted by their owner only, whatever id is sent", async () => {
    const [annas] = await db.insert(notifications).values({ userId: "anna", title: "A", message: "a" }).returning();
    expect(await markNotificationRead(db, { userId: "bruno", id: annas!.id })).toBe(false);
    expect(await deleteNotification(db, { userId: "bruno", id: annas!.id })).toBe(false);
    expect(await listNotifications(db, "bruno")).toEqual([]);
    expect(await countUnreadNotifications(db, "anna")).toBe(1);
    expect(await markNotificationRead(db, { userId: "anna", id: annas!.id })).toBe(true);
    expect(await countUnreadNotifications(db, "anna")).toBe(0);
    expect(await deleteNotification(db, { userId: "anna", id: annas!.id })).toBe(true);
    expect(await listNotifications(db, "anna")).toEqual([]);
  });

  it("lists the newest 50", async () => {
    const base = Date.parse("2026-11-01T00:00:00Z");
    // One row a statement: D1 caps the bound values of one statement at 100.
    const insert = (i: number) =>
      db
        .insert(notifications)
        .values({ userId: "bruno", title: `N${i}`, message: "m", createdAt: new Date(base + i * 60_000) });
    await db.batch([insert(0), ...Array.from({ length: 54 }, (_, i) => insert(i + 1))]);
    const shown = await listNotifications(db, "bruno");
    expect(shown).toHaveLength(NOTIFICATIONS_SHOWN);
    expect(shown[0]!.title).toBe("N54");
    expect(shown.at(-1)!.title).toBe("N5");
  });
});
