/**
 * The personal-data export on a real D1 (docs/privacy.md 'Droits des personnes'): it
 * holds the person's data and nobody else's, nor any secret. Each test starts from the
 * same two customers (Zéphyrine and Barnabé, privacy.fixtures.ts).
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { BARNABE, needlesOf, PAST, type Person, ZEPHYRINE } from "./privacy.fixtures";
import { exportUserData } from "./privacy.server";
import { openPrivacyDatabase, resetPrivacyDatabase } from "./privacy-seed.fixtures";

let d1: D1Database;
let dispose: () => Promise<void>;
let context: AppLoadContext;
let passwordHash: string;

beforeAll(async () => {
  ({ d1, dispose, passwordHash } = await openPrivacyDatabase());
});
afterAll(() => dispose());
beforeEach(async () => {
  ({ context } = await resetPrivacyDatabase(d1, passwordHash));
});

describe("exportUserData", () => {
  it("holds the person's profile, orders with passengers, favourites, notifications, alerts, requests and consents", async () => {
    const data = (await exportUserData(context, ZEPHYRINE.id))!;
    expect(data.profile).toMatchObject({
      id: ZEPHYRINE.id,
      email: ZEPHYRINE.email,
      firstName: "Zéphyrine",
      lastName: "Quenouillard",
      phone: ZEPHYRINE.phone,
      language: "de",
    });
    expect(data.profile).not.toHaveProperty("passwordHash");
    // Her account's order and her guest order, newest first, with what the books and the operator know.
    expect(
      data.orders.map((order) => [order.reference, order.amountCents, order.placedWithAccount, order.passengers]),
    ).toEqual([
      ["JM-ZZZ222", 50_000, false, ["Hippolyte Tournesol"]],
      ["JM-ZZZ111", 123_450, true, ["Anatole Pamplemousse", "Hippolyte Tournesol"]],
    ]);
    expect(data.orders[1]).toMatchObject({
      customerInfo: { address: ZEPHYRINE.address, city: ZEPHYRINE.city },
      flight: { from: "Genève", to: "Nice", departureDate: PAST.toISOString() },
    });
    expect(data.favorites.map((favorite) => favorite.flightId).sort()).toEqual(["f-future", "f-past"]);
    expect(data.waitlist).toEqual([
      expect.objectContaining({ flightId: "f-future", from: "Genève", to: "Nice", notifiedAt: null }),
    ]);
    expect(data.notifications.map((notification) => notification.title)).toEqual(["Nouveau vol Genève → Nice"]);
    expect(data.alertPreferences.watches.map((row) => [row.fromValue, row.toValue, row.windowDays])).toEqual([
      ["Switzerland", null, 7],
      ["Genève", "France", 30],
    ]);
    expect(data.alertPreferences.alertsSent.map((row) => row.flightId)).toEqual(["f-future"]);
    expect(data.sessions).toHaveLength(2);
    expect(data.requests.exclusive.map((request) => request.id)).toEqual(["x-z"]);
    expect(data.requests.custom.map((request) => request.id)).toEqual(["c-z"]);
    expect(data.consents.newsletter).toMatchObject({
      email: ZEPHYRINE.email,
      subscribed: true,
      confirmedFromIp: ZEPHYRINE.newsletterIp,
    });
    // The cookie choice lives in the browser: the file says so, in her language.
    expect(data.consents.cookies).toEqual({ storedServerSide: false, note: expect.stringContaining("jm_consent") });
    expect(data.consents.cookies.note).toContain("Browsers");
    expect(data.mails.map((mail) => mail.template).sort()).toEqual(["orders/cancelled", "orders/placed"]);
    // JSON through and through: what the file holds is exactly this object.
    expect(JSON.parse(JSON.stringify(data))).toEqual(data);
  });

  it("holds nothing of anyone else, nor any secret", async () => {
    const zephyrine = JSON.stringify(await exportUserData(context, ZEPHYRINE.id));
    const barnabe = JSON.stringify(await exportUserData(context, BARNABE.id));
    const others = (text: string, person: Person, references: string[]) =>
      [...needlesOf(person), ...references].filter((needle) => text.toLowerCase().includes(needle.toLowerCase()));
    expect(others(zephyrine, BARNABE, ["JM-BBB111", "o-b1", "Italy", "Vol pour Barnabé"])).toEqual([]);
    expect(others(barnabe, ZEPHYRINE, ["JM-ZZZ111", "JM-ZZZ222", "x-z", "Nouveau vol Genève"])).toEqual([]);
    // Each file does hold its own person: the check above can fail.
    expect(others(barnabe, BARNABE, ["JM-BBB111"]).length).toBeGreaterThan(5);
    for (const secret of [passwordHash, "session-z1", "key-z1", "link-z1", "net-z", "token-z", "unsub-z"])
      expect(zephyrine).not.toContain(secret);
  });

  it("holds the person's passkeys by name and dates, never their public key, and not another person's", async () => {
    const key = (userId: string, name: string, credentialId: string, lastUsedAt: number | null) =>
      d1
        .prepare(
          "INSERT INTO passkeys (id, user_id, credential_id, public_key, counter, name, created_at, last_used_at) VALUES (?, ?, ?, ?, 7, ?, ?, ?)",
        )
        .bind(`pk-${credentialId}`, userId, credentialId, new Uint8Array([9, 9, 9]), name, PAST.getTime(), lastUsedAt);
    await d1.batch([
      key(ZEPHYRINE.id, "iPhone de Zéphyrine", "cred-z", PAST.getTime() + 60_000),
      key(BARNABE.id, "Clé de Barnabé", "cred-b", null),
    ]);
    const data = (await exportUserData(context, ZEPHYRINE.id))!;
    expect(data.passkeys).toEqual([
      {
        name: "iPhone de Zéphyrine",
        createdAt: PAST.toISOString(),
        lastUsedAt: new Date(PAST.getTime() + 60_000).toISOString(),
      },
    ]);
    expect(JSON.stringify(data)).not.toMatch(/cred-|Barnabé|publicKey|counter/);
  });

  it("is null for an unknown account", async () => {
    expect(await exportUserData(context, "nobody")).toBeNull();
  });
});
