/**
 * 'Supprimer mon compte' on a real D1 (docs/privacy.md 'Droits des personnes'): the
 * person's password first, counted like a sign-in failure, then the erasure. Each test
 * starts from the same two customers (Zéphyrine and Barnabé, privacy.fixtures.ts).
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { deleteOwnAccount } from "#app/accounts/profile.server";
import { notifications, rateLimits, users } from "#app/db/schema";
import type { recordingTransport } from "#tests/context";

import { IP, PASSWORD, privacyHelpers, ZEPHYRINE } from "./privacy.fixtures";
import { openPrivacyDatabase, resetPrivacyDatabase } from "./privacy-seed.fixtures";

let d1: D1Database;
let dispose: () => Promise<void>;
let transport: ReturnType<typeof recordingTransport>;
let context: AppLoadContext;
let passwordHash: string;

beforeAll(async () => {
  ({ d1, dispose, passwordHash } = await openPrivacyDatabase());
});
afterAll(() => dispose());
beforeEach(async () => {
  ({ transport, context } = await resetPrivacyDatabase(d1, passwordHash));
});
const { countOf } = privacyHelpers(() => ({ d1, context }));

describe("deleteOwnAccount", () => {
  const zephyrine = {
    id: ZEPHYRINE.id,
    email: ZEPHYRINE.email,
    firstName: ZEPHYRINE.firstName,
    lastName: ZEPHYRINE.lastName,
    phone: ZEPHYRINE.phone,
    role: "client" as const,
    language: "de" as const,
  };

  it("asks for the right password, counted like a sign-in failure, then erases", async () => {
    expect(await deleteOwnAccount(context, { user: zephyrine, password: "not-it", ip: IP })).toEqual({
      ok: false,
      reason: "wrongPassword",
    });
    expect(await countOf(users, eq(users.id, ZEPHYRINE.id))).toBe(1);
    expect(transport.sent).toEqual([]);
    const [counter] = await context.db
      .select({ count: rateLimits.count })
      .from(rateLimits)
      .where(eq(rateLimits.key, `login:email:${ZEPHYRINE.email}`));
    expect(counter!.count).toBe(3);

    expect(await deleteOwnAccount(context, { user: zephyrine, password: PASSWORD, ip: IP })).toEqual({ ok: true });
    expect(await countOf(users, eq(users.id, ZEPHYRINE.id))).toBe(0);
    expect(await countOf(notifications, eq(notifications.userId, ZEPHYRINE.id))).toBe(0);
  });

  it("refuses once the network has failed too often, even with the right password", async () => {
    for (let i = 0; i < 10; i++) await deleteOwnAccount(context, { user: zephyrine, password: `wrong-${i}`, ip: IP });
    expect(await deleteOwnAccount(context, { user: zephyrine, password: PASSWORD, ip: IP })).toEqual({
      ok: false,
      reason: "rateLimited",
    });
    expect(await countOf(users, eq(users.id, ZEPHYRINE.id))).toBe(1);
  });
});
