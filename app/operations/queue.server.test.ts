/**
 * The queue consumer with real batches (tests/context.ts `jobBatch`, shaped as the Queues
 * runtime hands them to `queue()`), on a real D1: mails and alert jobs go out once, however
 * often a message is delivered; a failing job is retried with a delay; dead letters and
 * unreadable messages are acknowledged and logged.
 */
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

import { sendFlightAlerts } from "#app/alerts/flight-alerts.server";
import type { Db } from "#app/db/client.server";
import { airports, alertDeliveries, alertWatches, flights, mailOutbox, notifications, users } from "#app/db/schema";
import { deliverDueMails, sendMail } from "#app/mail/mail.server";
import { createTestContext, jobBatch, recordingQueue, recordingTransport } from "#tests/context";
import { createTestD1 } from "#tests/d1";
import { testFlight } from "#tests/flight-rows";

import { handleQueueBatch, retryDelaySeconds } from "./queue.server";

const NOW = new Date("2026-11-23T09:00:00Z");
const HOUR = 3_600_000;
let d1: D1Database;
let db: Db;
let dispose: () => Promise<void>;

beforeAll(async () => {
  ({ d1, db, dispose } = await createTestD1());
});
afterAll(() => dispose());
beforeEach(async () => {
  await d1.batch(
    ["mail_outbox", "alert_deliveries", "notifications", "alert_watches", "flights", "airports", "users"].map((t) =>
      d1.prepare(`delete from ${t}`),
    ),
  );
});

function setup(now = () => NOW) {
  const queue = recordingQueue();
  const transport = recordingTransport();
  const context = createTestContext({ d1, now, transport, jobs: queue });
  /** Hands everything queued so far to the consumer as one batch, and empties the queue. */
  const consume = async ({ attempts = 1 } = {}) => {
    const batch = jobBatch("jetmalin-jobs", queue.sent.splice(0), { attempts });
    const result = await handleQueueBatch(batch, context);
    return { batch, result };
  };
  return { queue, transport, context, consume };
}

const confirm = (to: string) =>
  ({
    to,
    locale: "de",
    template: "auth/confirm-email",
    data: { firstName: "Lea", url: "http://localhost:8787/confirm-email?token=t" },
  }) as const;

describe("mail jobs", () => {
  it("sendMail stores the mail and queues its first try; the job sends it once, however often it is delivered", async () => {
    const { queue, transport, context, consume } = setup();
    const result = await sendMail(context, confirm("lea@example.ch"));
    expect(result.status).toBe("queued");
    expect(queue.sent).toEqual([{ type: "mail", outboxId: result.outboxId, attempts: 0 }]);
    // Nothing left yet: the request did not wait for the provider.
    expect(transport.sent).toHaveLength(0);
    const job = queue.sent[0]!;

    const { batch, result: done } = await consume();
    expect(batch.messages.map((message) => message.outcome)).toEqual(["acked"]);
    expect(done.outcomes).toEqual({ "mail:sent": 1 });
    expect(transport.sent.map((mail) => [mail.to, mail.subject])).toEqual([
      ["lea@example.ch", "Bestätigen Sie Ihre E-Mail-Adresse – JetMalin"],
    ]);
    const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, result.outboxId));
    expect(row).toMatchObject({ status: "sent", attempts: 1 });

    // The same message again (at-least-once delivery): acknowledged, nothing sent.
    const again = await handleQueueBatch(jobBatch("jetmalin-jobs", [job, job], { attempts: 2 }), context);
    expect(again.outcomes).toEqual({ "mail:taken": 2 });
    expect(transport.sent).toHaveLength(1);
  });

  it("a job that never comes: the cron sends the mail after its lease, and a late job then finds it taken", async () => {
    let now = NOW;
    const { queue, transport, context } = setup(() => now);
    const { outboxId } = await sendMail(context, confirm("late@example.ch"));
    const job = queue.sent.splice(0)[0]!;
    expect((await deliverDueMails(context)).sent).toBe(0);
    now = new Date(NOW.getTime() + 61_000);
    expect(await deliverDueMails(context)).toMatchObject({ due: 1, sent: 1 });
    const late = await handleQueueBatch(jobBatch("jetmalin-jobs", [job]), context);
    expect(late.outcomes).toEqual({ "mail:taken": 1 });
    expect(transport.sent.map((mail) => mail.to)).toEqual(["late@example.ch"]);
    expect((await db.select().from(mailOutbox).where(eq(mailOutbox.id, outboxId)))[0]).toMatchObject({
      status: "sent",
      attempts: 1,
    });
  });

  it("a provider failure is recorded on the row for the cron, and the job is done", async () => {
    const { transport, context, consume } = setup();
    transport.fail("provider down");
    const { outboxId } = await sendMail(context, confirm("down@example.ch"));
    const { batch, result } = await consume();
    expect(result.outcomes).toEqual({ "mail:failed": 1 });
    expect(batch.messages[0]!.outcome).toBe("acked");
    const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, outboxId));
    expect(row).toMatchObject({ status: "failed", attempts: 1, lastError: "provider down" });
    expect(row!.nextAttemptAt!.getTime()).toBe(NOW.getTime() + 60_000);
  });

  it("sends at once when the queue refuses the job", async () => {
    const transport = recordingTransport();
    const refusing = {
      send: () => Promise.reject(new Error("queue unavailable")),
      sendAll: () => Promise.reject(new Error("queue unavailable")),
    };
    const context = createTestContext({ d1, now: NOW, transport, jobs: refusing });
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect((await sendMail(context, confirm("now@example.ch"))).status).toBe("sent");
    warn.mockRestore();
    expect(transport.sent.map((mail) => mail.to)).toEqual(["now@example.ch"]);
  });
});

describe("alert jobs", () => {
  async function catalogue() {
    await db.insert(airports).values([
      { id: 1, icaoCode: "LSGG", servedCity: "Genève", country: "Switzerland" },
      { id: 2, icaoCode: "LFMN", servedCity: "Nice", country: "France" },
    ]);
    const flight = (id: string, from: number, to: number, hours: number) =>
      testFlight(id, { from, to, departure: new Date(NOW.getTime() + hours * HOUR), refreshedAt: NOW });
    await db
      .insert(flights)
      .values([flight("gva-nce-late", 1, 2, 30), flight("gva-nce", 1, 2, 5), flight("nce-gva", 2, 1, 8)]);
    await db.insert(users).values([
      { id: "ana", email: "ana@example.ch", passwordHash: "x", firstName: "Ana", lastName: "T", language: "fr" },
      { id: "ben", email: "ben@example.ch", passwordHash: "x", firstName: "Ben", lastName: "T", language: "en" },
    ]);
    await db.insert(alertWatches).values([
      { userId: "ana", fromKind: "country", fromValue: "Switzerland" },
      { userId: "ben", fromKind: "country", fromValue: "Switzerland" },
      { userId: "ben", fromKind: "city", fromValue: "Nice" },
    ]);
  }
  const total = async (table: typeof notifications | typeof mailOutbox) =>
    (await db.select({ n: count() }).from(table))[0]!.n;

  it("the run records the pairs and queues one job per batch of customers; the job notifies and mails each once", async () => {
    await catalogue();
    const { queue, transport, context, consume } = setup();
    expect(await sendFlightAlerts(context)).toEqual({ ok: true, kind: "sent", sent: 5, recipients: 2 });
    expect(queue.sent).toEqual([{ type: "alertBatch", userIds: ["ana", "ben"] }]);
    // Recorded, not yet notified: the jobs do that.
    expect(await total(notifications)).toBe(0);
    const jobs = [...queue.sent];

    const { batch, result } = await consume();
    expect(batch.messages.map((message) => message.outcome)).toEqual(["acked"]);
    expect(result.outcomes).toEqual({ "alertBatch:notified=2": 1 });
    expect(await total(notifications)).toBe(5);
    // One mail each, in their language, the flights soonest first.
    const ben = transport.sent.find((mail) => mail.to === "ben@example.ch")!;
    expect(ben.subject).toBe("3 new flights for your alerts – JetMalin");
    expect(ben.text.indexOf("Geneva → Nice")).toBeLessThan(ben.text.indexOf("Nice → Geneva"));
    expect(transport.sent.map((mail) => mail.to).sort()).toEqual(["ana@example.ch", "ben@example.ch"]);

    // Delivered again, both at once: nobody hears twice.
    const twice = await handleQueueBatch(jobBatch("jetmalin-jobs", [...jobs, ...jobs], { attempts: 2 }), context);
    expect(twice.outcomes).toEqual({ "alertBatch:nothingWaiting=2": 2 });
    // A message queued before alerts went in batches (one customer's) is still read.
    const legacy = jobBatch("jetmalin-jobs", [{ type: "alerts", userId: "ana" }], { attempts: 1 });
    expect((await handleQueueBatch(legacy, context)).outcomes).toEqual({ "alerts:nothingWaiting": 1 });
    expect(await total(notifications)).toBe(5);
    expect(transport.sent).toHaveLength(2);

    // A second run: no new pair, no job.
    expect(await sendFlightAlerts(context)).toEqual({ ok: true, kind: "sent", sent: 0, recipients: 0 });
    expect(queue.sent).toHaveLength(0);
  });

  it("a lost job: the next run queues the customer again; a flight gone meanwhile is marked, not mailed", async () => {
    await catalogue();
    const { queue, transport, context, consume } = setup();
    await sendFlightAlerts(context);
    queue.sent.splice(0); // lost
    await db.update(flights).set({ soldOutOverride: true }).where(eq(flights.id, "nce-gva"));
    expect(await sendFlightAlerts(context)).toEqual({ ok: true, kind: "sent", sent: 0, recipients: 2 });
    await consume();
    const ben = transport.sent.find((mail) => mail.to === "ben@example.ch")!;
    expect(ben.subject).toBe("2 new flights for your alerts – JetMalin");
    expect(
      (await db.select().from(alertDeliveries).where(eq(alertDeliveries.flightId, "nce-gva")))[0]!.notifiedAt,
    ).not.toBeNull();
    expect(await total(notifications)).toBe(4);
  });

  it("a capped customer's jobs, delivered twice at once: notified once, no mail past the cap", async () => {
    await catalogue();
    await db.update(users).set({ alertWeeklyCap: 1 }).where(eq(users.id, "ben"));
    const { queue, transport, context, consume } = setup();
    await sendFlightAlerts(context);
    await consume();
    expect(transport.sent.filter((mail) => mail.to === "ben@example.ch")).toHaveLength(1);

    // A new flight for ben: his job comes twice in one batch; the cap is reached.
    await db.insert(flights).values({
      ...(await db.select().from(flights).where(eq(flights.id, "gva-nce")))[0]!,
      id: "gva-nce-2",
      departureDate: new Date(NOW.getTime() + 9 * HOUR),
    });
    await sendFlightAlerts(context);
    const jobs = queue.sent.splice(0);
    expect(jobs).toEqual([{ type: "alertBatch", userIds: ["ana", "ben"] }]);
    // Handled at once, both copies may read the pairs as waiting; the batch's conditions write them once.
    await handleQueueBatch(jobBatch("jetmalin-jobs", [...jobs, ...jobs], { attempts: 1 }), context);
    expect(transport.sent.filter((mail) => mail.to === "ben@example.ch")).toHaveLength(1);
    expect(transport.sent.filter((mail) => mail.to === "ana@example.ch")).toHaveLength(2);
    expect((await db.select().from(notifications).where(eq(notifications.flightId, "gva-nce-2"))).length).toBe(2);
  });

  it("a database error retries the job with a growing delay; the retry completes it once", async () => {
    await catalogue();
    const { queue, transport, context } = setup();
    await sendFlightAlerts(context);
    const jobs = queue.sent.splice(0);
    const broken = createTestContext({ d1, now: NOW, transport, jobs: queue });
    const realAll = broken.db.all.bind(broken.db);
    broken.db.all = (() =>
      Promise.reject(new Error("D1_ERROR: network connection lost"))) as unknown as typeof broken.db.all;
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const failed = jobBatch("jetmalin-jobs", jobs, { attempts: 3 });
    expect((await handleQueueBatch(failed, broken)).retried).toBe(1);
    error.mockRestore();
    expect(failed.messages.map((message) => [message.outcome, message.retryDelay])).toEqual([["retried", 40]]);
    broken.db.all = realAll;
    expect(await total(notifications)).toBe(0);
    expect((await handleQueueBatch(jobBatch("jetmalin-jobs", jobs, { attempts: 4 }), context)).outcomes).toEqual({
      "alertBatch:notified=2": 1,
    });
    expect(await total(notifications)).toBe(5);
    expect(retryDelaySeconds(1)).toBe(10);
    expect(retryDelaySeconds(20)).toBe(600);
  });
});

describe("what the consumer refuses", () => {
  it("acknowledges an unreadable message and a dead letter, and logs each as an error line", async () => {
    const { context } = setup();
    const lines: string[] = [];
    const error = vi.spyOn(console, "error").mockImplementation((line: unknown) => void lines.push(String(line)));
    const unreadable = jobBatch("jetmalin-jobs", [
      { type: "mail", outboxId: "1; drop table users" },
      "x".repeat(10_000),
    ]);
    expect((await handleQueueBatch(unreadable, context)).outcomes).toEqual({ unreadable: 2 });
    const dead = jobBatch("jetmalin-jobs-dead", [{ type: "alerts", userId: "ana" }], { attempts: 6 });
    expect((await handleQueueBatch(dead, context)).outcomes).toEqual({ "dead:alerts": 1 });
    error.mockRestore();
    expect([...unreadable.messages, ...dead.messages].map((message) => message.outcome)).toEqual([
      "acked",
      "acked",
      "acked",
    ]);
    const parsed = lines.map(
      (line) => JSON.parse(line) as { type: string; message?: string; queue?: string; ok?: boolean },
    );
    expect(parsed.filter((line) => line.type === "error")).toHaveLength(3);
    expect(parsed.find((line) => line.type === "queue" && line.queue === "jetmalin-jobs-dead")).toMatchObject({
      ok: false,
      messages: 1,
      acked: 1,
    });
    // A message's body is never logged.
    expect(lines.join("\n")).not.toContain("drop table");
  });
});
