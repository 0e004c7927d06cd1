/**
 * 'Relancer les e-mails en échec' on a real D1 with a fixed clock: the failed mails of the
 * last days sent again now, a dead letter given one try while the provider is down.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { mailOutbox, orderMessages } from "#app/db/schema";
import { MAX_MAIL_ATTEMPTS } from "#app/mail/mail.server";
import { failingTransport, recordingTransport } from "#tests/context";

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
import { readHealth, retryFailedMails } from "./health.server";

let testDb: TestDb;
beforeAll(async () => {
  testDb = await openHealthDatabase();
});
afterAll(() => testDb.dispose());
beforeEach(() => emptyHealthTables(testDb));
const { context } = healthHelpers(() => testDb);

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

describe("order messages in the panel", () => {
  const { insertOrder } = healthHelpers(() => testDb);

  it("counts a message an order move left unsent as the outbox's backlog, and the retry sends one given up", async () => {
    const orderId = await insertOrder("cancelled", ago(DAY));
    await testDb.db
      .insert(orderMessages)
      .values({ orderId, kind: "cancelled", createdAt: ago(20 * MINUTE), attempts: 8 });
    expect(check(await readHealth(context(), { role: "admin" }), "outbox")).toMatchObject({
      level: "act",
      pending: 1,
      oldestPendingAt: ago(20 * MINUTE).getTime(),
    });
    expect(await retryFailedMails(context())).toMatchObject({ ok: true, requeued: 1 });
    const [message] = await testDb.db.select().from(orderMessages).where(eq(orderMessages.orderId, orderId));
    expect(message?.sentAt).not.toBeNull();
    const mails = await testDb.db.select().from(mailOutbox).where(eq(mailOutbox.template, "orders/cancelled"));
    expect(mails.map((mail) => mail.status)).toEqual(["sent"]);
    expect(check(await readHealth(context(), { role: "admin" }), "outbox")).toMatchObject({ pending: 0, level: "ok" });
  });
});
