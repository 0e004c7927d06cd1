/**
 * The 'État du service' panel on a real D1 with a fixed clock: the counts and ages
 * come from rows written here, each check's level from the thresholds, links and
 * buttons from the role. 'Relancer les e-mails en échec' is in health-mail-retry.server.test.ts.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { orders, syncRuns } from "#app/db/schema";

import {
  ago,
  check,
  DAY,
  emptyHealthTables,
  healthHelpers,
  HOUR,
  later,
  MINUTE,
  now,
  openHealthDatabase,
  type TestDb,
} from "./health.fixtures";
import { readHealth } from "./health.server";

let testDb: TestDb;
beforeAll(async () => {
  testDb = await openHealthDatabase();
});
afterAll(() => testDb.dispose());
beforeEach(() => emptyHealthTables(testDb));
const { context, insertMails, insertOrder } = healthHelpers(() => testDb);

describe("readHealth", () => {
  it("on an empty database: nothing to do, except that no sync ever ran", async () => {
    const report = await readHealth(context(), { role: "admin" });
    expect(report.checkedAt).toBe(now.getTime());
    expect(report.checks.map((line) => [line.key, line.level])).toEqual([
      ["outbox", "ok"],
      ["mailFailures", "ok"],
      ["deadLetters", "ok"],
      ["sync", "watch"],
      ["payments", "ok"],
      ["holds", "ok"],
      ["refunds", "ok"],
    ]);
    expect(check(report, "sync").state).toBe("none");
    expect(report.needingAttention).toBe(1);
  });

  it("counts the outbox's backlog, its failures and its dead letters, with their ages and the last error", async () => {
    await insertMails([
      { status: "pending", createdAt: ago(20 * MINUTE), nextAttemptAt: ago(19 * MINUTE) },
      { status: "pending", createdAt: ago(2 * MINUTE), nextAttemptAt: ago(MINUTE) },
      {
        status: "failed",
        createdAt: ago(3 * HOUR),
        attempts: 8,
        lastError: "Resend answered 422: invalid",
        nextAttemptAt: null,
      },
      {
        status: "failed",
        createdAt: ago(HOUR),
        attempts: 3,
        lastError: "Resend answered 503: down",
        nextAttemptAt: later(10 * MINUTE),
      },
      // Failed for good eight days ago: past the window, neither counted nor shown.
      { status: "failed", createdAt: ago(8 * DAY), attempts: 8, lastError: "old news", nextAttemptAt: null },
      { status: "sent", createdAt: ago(5 * MINUTE), sentAt: ago(5 * MINUTE) },
    ]);
    const report = await readHealth(context(), { role: "admin" });

    expect(check(report, "outbox")).toEqual({
      key: "outbox",
      level: "act",
      pending: 2,
      oldestPendingAt: ago(20 * MINUTE).getTime(),
    });
    expect(check(report, "mailFailures")).toEqual({
      key: "mailFailures",
      level: "watch",
      failed: 2,
      retrying: 1,
      lastError: { error: "Resend answered 503: down", at: ago(HOUR).getTime() },
    });
    expect(check(report, "deadLetters")).toEqual({
      key: "deadLetters",
      level: "act",
      count: 1,
      oldestAt: ago(3 * HOUR).getTime(),
      canRetry: true,
    });
  });

  it("calls a young pending mail fine: it is being sent", async () => {
    await insertMails([{ status: "pending", createdAt: ago(14 * MINUTE), nextAttemptAt: later(MINUTE) }]);
    expect(check(await readHealth(context(), { role: "admin" }), "outbox")).toMatchObject({ level: "ok", pending: 1 });
  });

  it("reads the last sync and, after a failure, when the last one succeeded", async () => {
    await testDb.db.insert(syncRuns).values([
      {
        trigger: "cron",
        status: "success",
        startedAt: ago(3 * HOUR),
        finishedAt: ago(3 * HOUR - MINUTE),
        newCount: 4,
        updatedCount: 2,
      },
      {
        trigger: "cron",
        status: "error",
        startedAt: ago(20 * MINUTE),
        finishedAt: ago(20 * MINUTE),
        error: "http 503: Service temporarily unavailable",
      },
    ]);
    const sync = check(await readHealth(context(), { role: "gestionnaire" }), "sync");
    expect(sync).toEqual({
      key: "sync",
      level: "act",
      state: "error",
      startedAt: ago(20 * MINUTE).getTime(),
      newCount: 0,
      updatedCount: 0,
      skipped: null,
      error: "http 503: Service temporarily unavailable",
      lastSuccessAt: ago(3 * HOUR - MINUTE).getTime(),
      canSync: true,
    });
  });

  it("tells a recent success, a stale one and a run in progress apart", async () => {
    await testDb.db.insert(syncRuns).values({
      trigger: "manual",
      status: "success",
      startedAt: ago(HOUR),
      finishedAt: ago(HOUR),
      newCount: 3,
      updatedCount: 1,
    });
    expect(check(await readHealth(context(), { role: "admin" }), "sync")).toMatchObject({
      state: "success",
      level: "ok",
      newCount: 3,
      updatedCount: 1,
    });

    await testDb.db.update(syncRuns).set({ startedAt: ago(2 * HOUR + MINUTE), finishedAt: ago(2 * HOUR + MINUTE) });
    expect(check(await readHealth(context(), { role: "admin" }), "sync")).toMatchObject({
      state: "stale",
      level: "watch",
    });

    await testDb.db
      .insert(syncRuns)
      .values({ trigger: "cron", status: "running", startedAt: ago(MINUTE), leaseExpiresAt: later(4 * MINUTE) });
    expect(check(await readHealth(context(), { role: "admin" }), "sync")).toMatchObject({
      state: "running",
      level: "ok",
      startedAt: ago(MINUTE).getTime(),
    });
  });

  it("asks staff to look when the last sync left a feed flight aside for a slot we hold; not for unreadable ones", async () => {
    const conflict = {
      reason: "conflict" as const,
      from: "LSGG",
      to: "LFMN",
      fromCity: "Genève",
      toCity: "Nice",
      departure: later(DAY).getTime(),
    };
    await testDb.db.insert(syncRuns).values({
      trigger: "cron",
      status: "success",
      startedAt: ago(MINUTE),
      finishedAt: ago(MINUTE),
      skippedCount: 3,
      skipped: { counts: { invalid: 2, conflict: 1 }, flights: [conflict] },
    });
    expect(check(await readHealth(context(), { role: "admin" }), "sync")).toMatchObject({
      state: "success",
      level: "watch",
      skipped: { counts: { invalid: 2, conflict: 1 }, flights: [conflict] },
    });
    await testDb.db.update(syncRuns).set({ skipped: { counts: { invalid: 2 }, flights: [] } });
    expect(check(await readHealth(context(), { role: "admin" }), "sync")).toMatchObject({
      state: "success",
      level: "ok",
    });
  });

  it("counts the payments waiting for capture and the unpaid holds, ended ones apart", async () => {
    await insertOrder("processing", ago(6 * DAY));
    await insertOrder("processing", ago(HOUR));
    await insertOrder("pending", ago(10 * MINUTE), later(20 * MINUTE));
    await insertOrder("pending", ago(50 * MINUTE), ago(20 * MINUTE));
    await insertOrder("completed", ago(9 * DAY));
    await insertOrder("cancelled", ago(9 * DAY));
    const report = await readHealth(context(), { role: "admin" });

    // Older than 5 days: the card's authorisation lapses at 7.
    expect(check(report, "payments")).toEqual({
      key: "payments",
      level: "act",
      processing: 2,
      dueSoon: 0,
      oldestAt: ago(6 * DAY).getTime(),
      ordersLink: "/admin/orders?status=processing",
    });
    // A hold that ended 20 minutes ago still holds seats: the 5-minute cron is late.
    expect(check(report, "holds")).toEqual({ key: "holds", level: "act", holds: 2, endedHolds: 1, holdMinutes: 30 });
  });

  it("calls recent processing orders routine and a hold that just ended fine", async () => {
    await insertOrder("processing", ago(4 * DAY));
    await insertOrder("pending", ago(35 * MINUTE), ago(5 * MINUTE));
    const report = await readHealth(context(), { role: "admin" });
    expect(check(report, "payments")).toMatchObject({ level: "watch", processing: 1 });
    expect(check(report, "holds")).toMatchObject({ level: "ok", holds: 1, endedHolds: 1 });
  });

  it("calls 'Action requise' for a processing order whose authorisation lapses within 24 hours", async () => {
    await insertOrder("processing", ago(HOUR));
    await insertOrder("processing", ago(2 * HOUR));
    await insertOrder("processing", ago(3 * HOUR));
    const deadlines = [later(23 * HOUR), later(25 * HOUR), null];
    for (const [index, captureBefore] of deadlines.entries())
      await testDb.db
        .update(orders)
        .set({ captureBefore })
        .where(eq(orders.createdAt, ago((index + 1) * HOUR)));
    expect(check(await readHealth(context(), { role: "admin" }), "payments")).toMatchObject({
      level: "act",
      processing: 3,
      dueSoon: 1,
    });
    // Once it is validated, nothing is due any more: back to routine.
    await testDb.db
      .update(orders)
      .set({ status: "completed" })
      .where(eq(orders.createdAt, ago(HOUR)));
    expect(check(await readHealth(context(), { role: "admin" }), "payments")).toMatchObject({
      level: "watch",
      dueSoon: 0,
    });
  });

  it("gives the gestionnaire the same counts, without the orders link nor the mail retry", async () => {
    await insertOrder("processing", ago(HOUR));
    await insertMails([
      { status: "failed", createdAt: ago(HOUR), attempts: 8, lastError: "down", nextAttemptAt: null },
    ]);
    const admin = await readHealth(context(), { role: "admin" });
    const gestionnaire = await readHealth(context(), { role: "gestionnaire" });

    expect(check(admin, "payments").ordersLink).toBe("/admin/orders?status=processing");
    expect(check(gestionnaire, "payments")).toMatchObject({ processing: 1, ordersLink: null });
    expect(check(admin, "deadLetters").canRetry).toBe(true);
    expect(check(gestionnaire, "deadLetters")).toMatchObject({ count: 1, canRetry: false });
    expect(check(gestionnaire, "sync").canSync).toBe(true);
    expect(gestionnaire.needingAttention).toBe(admin.needingAttention);
  });

  it("counts the refunds the provider refused: action required, the admin's link to 'Remboursement à traiter'", async () => {
    await insertOrder("cancelled", ago(DAY));
    await insertOrder("cancelled", ago(HOUR));
    await testDb.db.update(orders).set({ paymentState: "refundFailed" });
    const admin = await readHealth(context(), { role: "admin" });
    const gestionnaire = await readHealth(context(), { role: "gestionnaire" });
    expect(check(admin, "refunds")).toMatchObject({
      level: "act",
      count: 2,
      ordersLink: "/admin/orders?payment=refundFailed",
    });
    expect(check(gestionnaire, "refunds")).toMatchObject({ level: "act", count: 2, ordersLink: null });
  });
});
