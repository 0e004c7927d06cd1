/** The 'Demandes' tab's status change on a real D1: who and when are kept with 'handled' only. */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import type { Db } from "#app/db/client.server";
import { customRequests, users } from "#app/db/schema";
import { createTestContext } from "#tests/context";
import { createTestD1 } from "#tests/d1";

import { markRequest } from "./admin-requests.server";

let db: Db;
let context: AppLoadContext;
let dispose: () => Promise<void>;
const now = new Date("2026-11-23T10:00:00Z");

beforeAll(async () => {
  let d1: D1Database;
  ({ d1, db, dispose } = await createTestD1());
  context = createTestContext({ d1, now });
  await db.insert(users).values({
    id: "staff",
    email: "gaston@example.test",
    passwordHash: "x",
    firstName: "Gaston",
    lastName: "Gestionnaire",
    role: "gestionnaire",
  });
  await db.insert(customRequests).values({
    id: "req-1",
    departure: "Genève",
    arrival: "Nice",
    date: "2026-12-01",
    passengers: 2,
    firstName: "Clara",
    lastName: "Client",
    email: "clara@example.test",
    phone: "+41 79 000 00 00",
    idempotencyKey: "key-1",
  });
});
afterAll(() => dispose());

const row = async () => (await db.select().from(customRequests).where(eq(customRequests.id, "req-1")).get())!;

describe("markRequest", () => {
  it("marks a request handled by someone, then new again without them", async () => {
    expect(await markRequest(context, { kind: "custom", id: "req-1", status: "handled", by: "staff" })).toEqual({
      ok: true,
    });
    expect(await row()).toMatchObject({ status: "handled", handledBy: "staff", handledAt: now });
    expect(await markRequest(context, { kind: "custom", id: "req-1", status: "new", by: "staff" })).toEqual({
      ok: true,
    });
    expect(await row()).toMatchObject({ status: "new", handledBy: null, handledAt: null });
  });

  it("answers 'update' for an unknown request or a failed write, and logs the failure by name and code", async () => {
    expect(await markRequest(context, { kind: "exclusive", id: "req-1", status: "handled", by: "staff" })).toEqual({
      ok: false,
      reason: "failed",
    });
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const broken = {
      ...context,
      db: {
        update: () => {
          throw new Error("D1_ERROR: unavailable");
        },
      } as unknown as Db,
    };
    expect(await markRequest(broken, { kind: "custom", id: "req-1", status: "handled", by: "staff" })).toEqual({
      ok: false,
      reason: "failed",
    });
    expect(JSON.parse(String(logged.mock.calls[0]?.[0]))).toEqual({
      type: "event",
      level: "error",
      event: "requests.status-change-failed",
      requestId: context.requestId,
      kind: "custom",
      rowId: "req-1",
      error: "Error",
      code: "D1_ERROR",
    });
    logged.mockRestore();
  });
});
