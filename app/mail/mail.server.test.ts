import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { mailOutbox } from "#app/db/schema";
import { createTestContext, failingTransport, recordingTransport } from "#tests/context";
import { createTestD1 } from "#tests/d1";

import { deliverDueMails, MAX_MAIL_ATTEMPTS, retryDelayMs, sendMail } from "./mail.server";

let testDb: Awaited<ReturnType<typeof createTestD1>>;
beforeAll(async () => {
  testDb = await createTestD1();
});
afterAll(() => testDb.dispose());
beforeEach(async () => {
  await testDb.db.delete(mailOutbox);
});

const MINUTE = 60_000;
const start = new Date("2026-11-22T08:00:00Z");
const confirm = (to: string) =>
  ({
    to,
    locale: "fr",
    template: "auth/confirm-email",
    data: { firstName: "Léa", url: "http://localhost:8787/confirm-email?token=secret-token" },
  }) as const;

/** A context whose clock the test moves. */
function contextAt(transport: Parameters<typeof createTestContext>[0]["transport"]) {
  let now = start;
  const context = createTestContext({ d1: testDb.d1, now: () => now, transport });
  return { context, at: (date: Date) => (now = date), later: (ms: number) => (now = new Date(now.getTime() + ms)) };
}

const rowOf = async (id: number) => (await testDb.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]!;

describe("sendMail", () => {
  it("stores the rendered mail and marks it sent with the dev transport", async () => {
    const context = createTestContext({ d1: testDb.d1, now: start });
    const result = await sendMail(context, confirm("lea@example.com"));

    expect(result).toEqual({ outboxId: expect.any(Number), status: "sent" });
    const row = await rowOf(result.outboxId);
    expect(row).toMatchObject({
      toAddress: "lea@example.com",
      template: "auth/confirm-email",
      locale: "fr",
      subject: "Confirmez votre adresse email – JetMalin",
      status: "sent",
      attempts: 1,
      lastError: null,
      nextAttemptAt: null,
      sentAt: start,
      createdAt: start,
    });
    expect(row.data).toEqual(confirm("x").data);
    expect(row.html).toContain('href="http://localhost:8787/confirm-email?token=secret-token"');
    expect(row.text).toContain("Bonjour Léa,");
  });

  it("writes in the recipient's language", async () => {
    const context = createTestContext({ d1: testDb.d1 });
    const { outboxId } = await sendMail(context, { ...confirm("max@example.com"), locale: "de" });
    expect(await rowOf(outboxId)).toMatchObject({
      locale: "de",
      subject: "Bestätigen Sie Ihre E-Mail-Adresse – JetMalin",
    });
  });

  it("keeps a failed delivery with its error and next try, without throwing", async () => {
    const { context } = contextAt(failingTransport("Resend answered 503: down"));
    const result = await sendMail(context, confirm("lea@example.com"));

    expect(result).toEqual({ outboxId: expect.any(Number), status: "failed", error: "Resend answered 503: down" });
    expect(await rowOf(result.outboxId)).toMatchObject({
      status: "failed",
      attempts: 1,
      lastError: "Resend answered 503: down",
      nextAttemptAt: new Date(start.getTime() + MINUTE),
      sentAt: null,
    });
  });

  it("stores the headers a template gives and hands them to the transport, on the first try and on a retry", async () => {
    const transport = recordingTransport();
    transport.fail("down");
    const { context, later } = contextAt(transport);
    const unsubscribeUrl = "http://localhost:8787/newsletter/unsubscribe?token=abc";
    const { outboxId } = await sendMail(context, {
      to: "nora@example.com",
      locale: "fr",
      template: "catalogue/newsletter-welcome",
      data: { unsubscribeUrl },
    });
    const headers = {
      "List-Unsubscribe": `<${unsubscribeUrl}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    };
    expect((await rowOf(outboxId)).headers).toEqual(headers);

    transport.fail(null);
    later(MINUTE);
    expect(await deliverDueMails(context)).toMatchObject({ sent: 1 });
    expect(transport.sent).toEqual([expect.objectContaining({ outboxId, headers })]);
  });

  it("sends a mail without extra headers when its template has none", async () => {
    const transport = recordingTransport();
    const { outboxId } = await sendMail(createTestContext({ d1: testDb.d1, transport }), confirm("lea@example.com"));
    expect((await rowOf(outboxId)).headers).toBeNull();
    expect(transport.sent[0]!.headers).toBeUndefined();
  });

  it("checks each template's data at compile time (npm run typecheck)", () => {
    const context = createTestContext({ d1: testDb.d1 });
    const calls = [
      () =>
        sendMail(context, {
          to: "a@example.com",
          locale: "fr",
          template: "auth/confirm-email",
          // @ts-expect-error: the confirmation link is required
          data: { firstName: "A" },
        }),
      // @ts-expect-error: no such template
      () => sendMail(context, { to: "a@example.com", locale: "fr", template: "auth/unknown", data: {} }),
    ];
    expect(calls).toHaveLength(2);
  });

  it("throws for a programming error: an address that is not one", async () => {
    const context = createTestContext({ d1: testDb.d1 });
    await expect(sendMail(context, confirm("not an address"))).rejects.toThrow();
    expect(await testDb.db.select().from(mailOutbox)).toEqual([]);
  });
});

describe("deliverDueMails (cron retry)", () => {
  it("delivers a failed mail once its next try is due and the provider is back", async () => {
    const transport = recordingTransport();
    transport.fail("provider down");
    const { context, later } = contextAt(transport);
    const { outboxId } = await sendMail(context, confirm("lea@example.com"));

    transport.fail(null);
    later(30_000);
    expect(await deliverDueMails(context)).toMatchObject({ due: 0, sent: 0 });
    expect(transport.sent).toHaveLength(0);

    later(30_000);
    expect(await deliverDueMails(context)).toMatchObject({ due: 1, sent: 1, failed: 0 });
    expect(transport.sent).toEqual([
      expect.objectContaining({ outboxId, to: "lea@example.com", subject: "Confirmez votre adresse email – JetMalin" }),
    ]);
    expect(await rowOf(outboxId)).toMatchObject({
      status: "sent",
      attempts: 2,
      lastError: null,
      nextAttemptAt: null,
      providerMessageId: "recorded-1",
    });

    later(24 * 60 * MINUTE);
    expect(await deliverDueMails(context)).toMatchObject({ due: 0 });
    expect(transport.sent).toHaveLength(1);
  });

  it("backs off 1, 2, 4... minutes and gives up after 8 tries, keeping the last error", async () => {
    const { context, later } = contextAt(failingTransport("provider down"));
    const { outboxId } = await sendMail(context, confirm("lea@example.com"));

    const waits: number[] = [];
    for (let attempt = 2; attempt <= MAX_MAIL_ATTEMPTS; attempt++) {
      const before = await rowOf(outboxId);
      const wait = before.nextAttemptAt!.getTime() - context.now().getTime();
      waits.push(wait / MINUTE);
      later(wait - 1000);
      expect(await deliverDueMails(context)).toMatchObject({ due: 0 });
      later(1000);
      expect(await deliverDueMails(context)).toMatchObject({ due: 1, failed: 1 });
      expect(await rowOf(outboxId)).toMatchObject({ attempts: attempt, status: "failed" });
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 64]);

    const final = await rowOf(outboxId);
    expect(final).toMatchObject({ status: "failed", attempts: 8, lastError: "provider down", nextAttemptAt: null });
    later(7 * 24 * 60 * MINUTE);
    expect(await deliverDueMails(context)).toMatchObject({ due: 0 });
    expect((await rowOf(outboxId)).attempts).toBe(8);
  });

  it("closes a mail whose Worker died during its last try", async () => {
    const transport = recordingTransport();
    const { context, later } = contextAt(transport);
    const [row] = await testDb.db
      .insert(mailOutbox)
      .values({
        toAddress: "lea@example.com",
        template: "auth/confirm-email",
        locale: "fr",
        data: {},
        subject: "s",
        html: "<p>h</p>",
        text: "t",
        status: "pending",
        attempts: MAX_MAIL_ATTEMPTS,
        lastError: "provider down",
        nextAttemptAt: new Date(start.getTime() + 64 * MINUTE),
      })
      .returning();
    later(64 * MINUTE);
    expect(await deliverDueMails(context)).toMatchObject({ due: 0, closedAbandoned: 1 });
    expect(await rowOf(row!.id)).toMatchObject({ status: "failed", nextAttemptAt: null, attempts: MAX_MAIL_ATTEMPTS });
    expect(transport.sent).toEqual([]);
  });

  it("caps the wait at 6 hours", () => {
    expect(retryDelayMs(1)).toBe(MINUTE);
    expect(retryDelayMs(3)).toBe(4 * MINUTE);
    expect(retryDelayMs(20)).toBe(6 * 60 * MINUTE);
  });

  it("never lets one failing mail stop the others", async () => {
    const sent: string[] = [];
    const { context, later } = contextAt({
      name: "picky",
      async send(mail) {
        if (mail.to === "broken@example.com") throw new Error("mailbox rejected");
        sent.push(mail.to);
        return { providerMessageId: null };
      },
    });
    const down = contextAt(failingTransport("provider down"));
    const ids = [];
    for (const to of ["a@example.com", "broken@example.com", "b@example.com"]) {
      ids.push((await sendMail(down.context, confirm(to))).outboxId);
    }

    later(MINUTE);
    expect(await deliverDueMails(context)).toMatchObject({ due: 3, sent: 2, failed: 1, errors: 0 });
    expect(sent.sort()).toEqual(["a@example.com", "b@example.com"]);
    expect((await rowOf(ids[1]!)).lastError).toBe("mailbox rejected");
  });

  it("sends a mail once when two cron runs overlap", async () => {
    const transport = recordingTransport();
    const down = contextAt(failingTransport());
    const { outboxId } = await sendMail(down.context, confirm("lea@example.com"));
    const runA = contextAt(transport);
    const runB = contextAt(transport);
    runA.later(MINUTE);
    runB.later(MINUTE);

    const [a, b] = await Promise.all([deliverDueMails(runA.context), deliverDueMails(runB.context)]);
    expect(a.sent + b.sent).toBe(1);
    expect(transport.sent.map((mail) => mail.outboxId)).toEqual([outboxId]);
  });

  it("leaves a mail claimed by a running try alone until its lease ends", async () => {
    const transport = recordingTransport();
    const { context, later } = contextAt(transport);
    // As if the Worker died between storing the mail and delivering it.
    const [row] = await testDb.db
      .insert(mailOutbox)
      .values({
        toAddress: "lea@example.com",
        template: "auth/confirm-email",
        locale: "fr",
        data: {},
        subject: "s",
        html: "<p>h</p>",
        text: "t",
        status: "pending",
        attempts: 1,
        nextAttemptAt: new Date(start.getTime() + MINUTE),
      })
      .returning();
    expect(await deliverDueMails(context)).toMatchObject({ due: 0 });
    later(MINUTE);
    expect(await deliverDueMails(context)).toMatchObject({ due: 1, sent: 1 });
    expect(await rowOf(row!.id)).toMatchObject({ status: "sent", attempts: 2 });
  });
});
