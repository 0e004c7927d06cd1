/**
 * The 'État du service' panel on a real D1 with a fixed clock: the counts and ages
 * come from rows written here, each check's level from the thresholds, links and
 * buttons from the role; and 'Relancer les e-mails en échec'.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { airports, flights, mailOutbox, orders, syncRuns } from "#app/db/schema";
import { createTestContext, failingTransport, recordingTransport } from "#tests/context";
import { createTestD1 } from "#tests/d1";
import { MAX_MAIL_ATTEMPTS } from "#app/mail/mail.server";
import type { MailTransport } from "#app/mail/mail-transports.server";
import { readHealth, retryFailedMails } from "./health.server";
import type { HealthCheck, HealthReport } from "./types";

let testDb: Awaited<ReturnType<typeof createTestD1>>;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const now = new Date("2026-11-23T10:00:00Z");
const ago = (ms: number) => new Date(now.getTime() - ms);
const later = (ms: number) => new Date(now.getTime() + ms);
let flightId: string;

beforeAll(async () => {
  testDb = await createTestD1();
  const [from, to] = await testDb.db
    .insert(airports)
    .values([
      { icaoCode: "LSGG", servedCity: "Genève" },
      { icaoCode: "LFMN", servedCity: "Nice" },
    ])
    .returning();
  flightId = "flight-health";
  await testDb.db.insert(flights).values({
    id: flightId,
    departureAirportId: from!.id,
    arrivalAirportId: to!.id,
    departureDate: later(10 * DAY),
    arrivalDate: later(10 * DAY + HOUR),
    flightTime: 60,
    aircraftType: "PC12",
    pricePerMinute: 50,
    feedSeats: 8,
    refreshedAt: now,
  });
});
afterAll(() => testDb.dispose());
beforeEach(async () => {
  await testDb.db.delete(mailOutbox);
  await testDb.db.delete(syncRuns);
  await testDb.db.delete(orders);
});

const context = (transport: MailTransport = recordingTransport()) =>
  createTestContext({ d1: testDb.d1, now, transport });
const check = <Key extends HealthCheck["key"]>(report: HealthReport, key: Key) =>
  report.checks.find((line) => line.key === key) as Extract<HealthCheck, { key: Key }>;

type MailRow = Partial<typeof mailOutbox.$inferInsert> & Pick<typeof mailOutbox.$inferInsert, "status" | "createdAt">;
async function insertMails(rows: MailRow[]) {
  await testDb.db.insert(mailOutbox).values(
    rows.map((row, index) => ({
      toAddress: `person${index}@example.ch`,
      template: "auth/confirm-email",
      locale: "fr",
      data: {},
      subject: "Confirmez votre adresse email – JetMalin",
      html: "<p>Bonjour</p>",
      text: "Bonjour",
      attempts: 1,
      ...row,
    })),
  );
}

let orderNumber = 0;
async function insertOrder(
  status: "pending" | "processing" | "completed" | "cancelled",
  createdAt: Date,
  holdExpiresAt: Date | null = null,
) {
  orderNumber += 1;
  await testDb.db.insert(orders).values({
    id: `order-${orderNumber}`,
    flightId,
    status,
    amountCents: 150_000,
    seats: 1,
    customerInfo: {
      firstName: "Léa",
      lastName: "Muller",
      email: "lea@example.ch",
      phone: "+41 79 123 45 67",
      address: "Rue du Rhône 1",
      zipCode: "1204",
      city: "Genève",
      country: "CH",
    },
    accessKeyHash: `hash-${orderNumber}`,
    holdExpiresAt,
    paymentState: status === "processing" ? "authorised" : "none",
    createdAt,
    updatedAt: createdAt,
  });
}

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
});

describe("retryFailedMails", () => {
  const rowFor = async (toAddress: string) =>
    (await testDb.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, toAddress)))[0]!;

  async function insertFailures() {
    await testDb.db.insert(mailOutbox).values(
      [
        { toAddress: "dead@example.ch", createdAt: ago(3 * HOUR), attempts: MAX_MAIL_ATTEMPTS, nextAttemptAt: null },
        { toAddress: "waiting@example.ch", createdAt: ago(HOUR), attempts: 3, nextAttemptAt: later(30 * MINUTE) },
        { toAddress: "stale@example.ch", createdAt: ago(8 * DAY), attempts: MAX_MAIL_ATTEMPTS, nextAttemptAt: null },
      ].map((row) => ({
        ...row,
        template: "auth/confirm-email",
        locale: "fr",
        data: {},
        subject: "Confirmez votre adresse email – JetMalin",
        html: "<p>Bonjour</p>",
        text: "Bonjour",
        status: "failed" as const,
        lastError: "Resend answered 503: down",
      })),
    );
  }

  it("sends the failed mails of the last days now, and leaves older ones alone", async () => {
    await insertFailures();
    const transport = recordingTransport();
    const outcome = await retryFailedMails(context(transport));

    expect(outcome).toEqual({ ok: true, requeued: 2, sent: 2, failed: 0, more: false });
    expect(transport.sent.map((mail) => mail.to).sort()).toEqual(["dead@example.ch", "waiting@example.ch"]);
    expect(await rowFor("dead@example.ch")).toMatchObject({
      status: "sent",
      attempts: MAX_MAIL_ATTEMPTS,
      sentAt: now,
      lastError: null,
    });
    expect(await rowFor("waiting@example.ch")).toMatchObject({ status: "sent", attempts: 4 });
    expect(await rowFor("stale@example.ch")).toMatchObject({
      status: "failed",
      attempts: MAX_MAIL_ATTEMPTS,
      nextAttemptAt: null,
    });

    // Nothing failed any more: a second press has nothing to do, and the panel agrees.
    expect(await retryFailedMails(context(transport))).toEqual({ ok: false, reason: "nothingToRetry" });
    const report = await readHealth(context(), { role: "admin" });
    expect(check(report, "deadLetters").count).toBe(0);
    expect(check(report, "mailFailures").failed).toBe(0);
  });

  it("gives a dead letter one try only while the provider is still down", async () => {
    await insertFailures();
    const outcome = await retryFailedMails(context(failingTransport("Resend answered 503: still down")));

    expect(outcome).toEqual({ ok: true, requeued: 2, sent: 0, failed: 2, more: false });
    // Failed for good again after its one try; the other keeps its schedule.
    expect(await rowFor("dead@example.ch")).toMatchObject({
      status: "failed",
      attempts: MAX_MAIL_ATTEMPTS,
      nextAttemptAt: null,
      lastError: "Resend answered 503: still down",
    });
    expect(await rowFor("waiting@example.ch")).toMatchObject({
      status: "failed",
      attempts: 4,
      nextAttemptAt: later(8 * MINUTE),
    });
    expect(check(await readHealth(context(), { role: "admin" }), "deadLetters").count).toBe(1);
  });
});
