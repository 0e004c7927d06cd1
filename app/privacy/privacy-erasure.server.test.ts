/**
 * The erasure on a real D1 (docs/privacy.md 'Droits des personnes'): it leaves none of
 * the person's personal fields in any column of any table, keeps the orders' totals, and
 * respects the last-admin rule. Each test starts from the same two customers (Zéphyrine
 * and Barnabé, privacy.fixtures.ts).
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { changeUser } from "#app/accounts/admin-users.server";
import { favorites, mailOutbox, orderEvents, orderLinks, orders, sessions, users } from "#app/db/schema";
import { createTestContext, failingTransport, type recordingTransport } from "#tests/context";

import { BARNABE, needlesOf, NOW, privacyHelpers, tablesOf, ZEPHYRINE } from "./privacy.fixtures";
import { eraseUser } from "./privacy.server";
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
const { findEverywhere, ordersCsv, countOf } = privacyHelpers(() => ({ d1, context }));

describe("eraseUser", () => {
  it("leaves none of the person's personal fields in any column of any table, and sends the last mail first", async () => {
    const before = await findEverywhere(needlesOf(ZEPHYRINE));
    // The scan sees her everywhere she was, so an empty scan afterwards means something.
    expect(tablesOf(before)).toEqual([
      "alert_deliveries",
      "alert_watches",
      "custom_requests",
      "exclusive_requests",
      "favorites",
      "flight_logs",
      "mail_outbox",
      "newsletter_subscribers",
      "notifications",
      "one_time_tokens",
      "orders",
      "rate_limits",
      "sessions",
      "users",
      "waitlist",
    ]);

    expect(await eraseUser(context, { userId: ZEPHYRINE.id, by: "self" })).toEqual({ ok: true });

    expect(await findEverywhere(needlesOf(ZEPHYRINE))).toEqual([]);
    // The last mail left before, to her address, in her language.
    expect(transport.sent.map((mail) => [mail.to, mail.subject])).toEqual([
      [ZEPHYRINE.email, "Ihr Konto wurde gelöscht – JetMalin"],
    ]);
    expect(transport.sent[0]!.text).toContain("Guten Tag Zéphyrine,");
    expect(transport.sent[0]!.text).toContain("Wie von Ihnen gewünscht");
    // Barnabé is untouched.
    expect(tablesOf(await findEverywhere(needlesOf(BARNABE)))).toEqual([
      "alert_deliveries",
      "alert_watches",
      "exclusive_requests",
      "favorites",
      "mail_outbox",
      "newsletter_subscribers",
      "notifications",
      "orders",
      "rate_limits",
      "sessions",
      "users",
      "waitlist",
    ]);
    expect(await countOf(favorites, eq(favorites.userId, BARNABE.id))).toBe(1);
    expect(await countOf(sessions)).toBe(2);
  });

  it("keeps her orders, anonymised, so the orders CSV adds up the same", async () => {
    const before = await ordersCsv();
    // 1,234.50 + 500.00 + 999.00 EUR, computed by hand.
    expect(before.totalCents).toBe(273_350);
    expect(await eraseUser(context, { userId: ZEPHYRINE.id, by: "self" })).toEqual({ ok: true });
    const after = await ordersCsv();
    expect(after.totalCents).toBe(before.totalCents);
    expect(after.rows.map((row) => [row[0], row[5], row[6], row[7]])).toEqual(
      before.rows.map((row) => [row[0], row[5], row[6], row[7]]),
    );
    const client = (rows: string[][], id: string) => rows.find((row) => row[0] === id)!.slice(2, 4);
    expect(client(after.rows, "o-z1")).toEqual([
      "Client anonymisé",
      expect.stringMatching(/^anonymised-[0-9a-f]{8}@invalid$/),
    ]);
    expect(client(after.rows, "o-b1")).toEqual(["Barnabé Ostrogoth", BARNABE.email]);

    const [kept] = await context.db.select().from(orders).where(eq(orders.id, "o-z1"));
    expect(kept).toMatchObject({
      flightId: "f-past",
      status: "completed",
      paymentState: "captured",
      amountCents: 123_450,
      seats: 2,
      reference: "JM-ZZZ111",
      userId: null,
      clientKey: null,
    });
    expect(kept!.passengers).toEqual(["Passager anonymisé", "Passager anonymisé"]);
    expect(kept!.customerInfo).toMatchObject({
      firstName: "Client",
      lastName: "anonymisé",
      phone: "",
      address: "",
      zipCode: "",
      city: "",
      country: "Suisse",
    });
    // Her links stop working; the order's history stays, with the staff member who made it.
    expect(kept!.linkKeyHash).not.toBe("key-z1");
    expect((await context.db.select().from(orderLinks)).map((link) => link.linkKeyHash)).toEqual(["link-b1"]);
    expect(await context.db.select({ changedBy: orderEvents.changedBy }).from(orderEvents)).toEqual([
      { changedBy: "boss" },
    ]);
  });

  it("drops her undelivered mails and clears the delivered ones, but keeps a last mail that still waits for delivery", async () => {
    context = createTestContext({ d1, now: NOW, transport: failingTransport() });
    expect(await eraseUser(context, { userId: ZEPHYRINE.id, by: "self" })).toEqual({ ok: true });
    // Only the last mail, for its retries, still carries her address and name (docs/privacy.md says so).
    expect(tablesOf(await findEverywhere(needlesOf(ZEPHYRINE)))).toEqual(["mail_outbox"]);
    const stillHers = await d1
      .prepare(
        "select template, status, next_attempt_at is not null as retried from mail_outbox where to_address = ? or instr(text, ?) > 0",
      )
      .bind(ZEPHYRINE.email, ZEPHYRINE.firstName)
      .all();
    expect(stillHers.results).toEqual([{ template: "auth/account-deleted", status: "failed", retried: 1 }]);
    const rows = await context.db
      .select({ template: mailOutbox.template, status: mailOutbox.status, subject: mailOutbox.subject })
      .from(mailOutbox)
      .orderBy(mailOutbox.id);
    expect(
      rows.map((row) => `${row.template} ${row.status} ${row.subject.startsWith("[anonymisé]") ? "cleared" : "kept"}`),
    ).toEqual([
      "orders/placed sent cleared",
      "orders/staff-placed sent cleared",
      "catalogue/custom-request-staff sent cleared",
      "orders/placed sent kept",
      "auth/account-deleted failed kept",
    ]);
  });

  it("never erases the last admin, nor staff themselves from the tab; two admins erasing each other leave one", async () => {
    expect(await eraseUser(context, { userId: "boss", by: "self" })).toEqual({ ok: false, reason: "lastAdmin" });
    expect(await eraseUser(context, { userId: "boss", by: "boss" })).toEqual({ ok: false, reason: "self" });
    expect(await countOf(sessions, eq(sessions.userId, "boss"))).toBe(1);
    expect(transport.sent).toEqual([]);

    await context.db.insert(users).values({
      id: "boss-2",
      email: "boss2@jetmalin.test",
      passwordHash,
      firstName: "Bob",
      lastName: "Admin",
      role: "admin",
    });
    await context.db
      .insert(sessions)
      .values({ idHash: "session-boss-2", userId: "boss-2", expiresAt: new Date(NOW.getTime() + 86_400_000) });
    const outcomes = await Promise.all([
      eraseUser(context, { userId: "boss", by: "boss-2" }),
      eraseUser(context, { userId: "boss-2", by: "boss" }),
    ]);
    expect(outcomes.map((outcome) => (outcome.ok ? "erased" : outcome.reason)).sort()).toEqual(["erased", "lastAdmin"]);
    const admins = await context.db.select({ id: users.id }).from(users).where(eq(users.role, "admin"));
    expect(admins).toHaveLength(1);
    // The refused erasure changed nothing: the survivor is still signed in.
    expect(await countOf(sessions, eq(sessions.userId, admins[0]!.id))).toBe(1);
  });

  it("waits while an order is under way, changing nothing", async () => {
    await context.db
      .update(orders)
      .set({ status: "processing", paymentState: "authorised" })
      .where(eq(orders.id, "o-z2"));
    const before = await findEverywhere(needlesOf(ZEPHYRINE));
    expect(await eraseUser(context, { userId: ZEPHYRINE.id, by: "boss" })).toEqual({
      ok: false,
      reason: "activeOrders",
    });
    expect(await findEverywhere(needlesOf(ZEPHYRINE))).toEqual(before);
    expect(transport.sent).toEqual([]);
  });

  it("is the users tab's deletion: a staff erasure, said so in the last mail", async () => {
    expect(await changeUser(context, { intent: "delete", userId: ZEPHYRINE.id, actorId: "boss" })).toEqual({
      ok: true,
      done: "deleted",
      userId: null,
    });
    expect(transport.sent[0]!.text).toContain("Unser Team hat Ihr JetMalin-Konto gelöscht.");
    expect(await countOf(users, eq(users.id, ZEPHYRINE.id))).toBe(0);
    expect((await context.db.select({ id: orders.id }).from(orders)).map((order) => order.id).sort()).toEqual([
      "o-b1",
      "o-z1",
      "o-z2",
    ]);
    expect(await changeUser(context, { intent: "delete", userId: ZEPHYRINE.id, actorId: "boss" })).toEqual({
      ok: false,
      reason: "notFound",
    });
  });
});
