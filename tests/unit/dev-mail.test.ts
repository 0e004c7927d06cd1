import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { sendMail } from "#app/mail/mail.server";
import { loader as mailboxLoader } from "#app/routes/dev.mail._index";
import { loader as mailLoader } from "#app/routes/dev.mail.$id";
import { loader as latestMailLoader } from "#app/routes/dev.mail.latest[.]json";
import { createTestContext, PRODUCTION_VARS } from "#tests/context";
import { createTestD1 } from "#tests/d1";

let testDb: Awaited<ReturnType<typeof createTestD1>>;
beforeAll(async () => {
  testDb = await createTestD1();
});
afterAll(() => testDb.dispose());

const args = (context: ReturnType<typeof createTestContext>, url: string, params = {}) => ({
  request: new Request(url),
  context,
  params,
});

async function statusOf(promise: Promise<unknown>) {
  try {
    await promise;
    return 200;
  } catch (error) {
    if (error instanceof Response) return error.status;
    throw error;
  }
}

describe("/dev/mail", () => {
  it("lists and shows mails in local development, newest first, with their links", async () => {
    let now = new Date("2026-03-10T08:00:00Z");
    const context = createTestContext({ d1: testDb.d1, now: () => now });
    const to = "lea@example.com";
    const data = { firstName: "Léa", url: "http://localhost:8787/confirm-email?token=t&x=1" };
    const first = await sendMail(context, { to, locale: "fr", template: "auth/confirm-email", data });
    now = new Date("2026-03-10T09:15:00Z");
    const second = await sendMail(context, { to, locale: "en", template: "auth/reset-password", data });

    const list = await mailboxLoader(args(context, `http://localhost/dev/mail?to=LEA@example.com`));
    expect(list.mails.map((mail) => [mail.id, mail.subject, mail.time, mail.status])).toEqual([
      [second.outboxId, "Reset your password – JetMalin", "10/03/2026 10:15", "sent"],
      [first.outboxId, "Confirmez votre adresse email – JetMalin", "10/03/2026 09:00", "sent"],
    ]);

    const mail = await mailLoader(args(context, "http://localhost/dev/mail/1", { id: String(first.outboxId) }));
    expect(mail).toMatchObject({ to, subject: "Confirmez votre adresse email – JetMalin", links: [data.url] });
    expect(mail.text).toContain("Bonjour Léa,");
  });

  it("answers 404 for an unknown or malformed id", async () => {
    const context = createTestContext({ d1: testDb.d1 });
    for (const id of ["999999", "0", "abc", "1e3", "-1"]) {
      expect(await statusOf(mailLoader(args(context, `http://localhost/dev/mail/${id}`, { id })))).toBe(404);
    }
  });

  it("does not exist in production", async () => {
    const context = createTestContext({ d1: testDb.d1, vars: PRODUCTION_VARS });
    const { outboxId } = await sendMail(createTestContext({ d1: testDb.d1 }), {
      to: "lea@example.com",
      locale: "fr",
      template: "auth/confirm-email",
      data: { firstName: "Léa", url: "https://jetmalin.ch/confirm-email?token=t" },
    });
    expect(await statusOf(mailboxLoader(args(context, "https://jetmalin.ch/dev/mail")))).toBe(404);
    const id = String(outboxId);
    expect(await statusOf(mailLoader(args(context, `https://jetmalin.ch/dev/mail/${id}`, { id })))).toBe(404);
  });

  it("gives the newest mail to an address as JSON at /dev/mail/latest.json, in local development only", async () => {
    const to = "latest@example.com";
    const data = { firstName: "Léa", url: "http://localhost:8787/confirm-email?token=t" };
    let now = new Date("2026-03-11T08:00:00Z");
    const context = createTestContext({ d1: testDb.d1, now: () => now });
    await sendMail(context, { to, locale: "fr", template: "auth/confirm-email", data });
    now = new Date("2026-03-11T09:00:00Z");
    const newest = await sendMail(context, { to, locale: "fr", template: "auth/reset-password", data });

    const latest = (url: string, on = context) => latestMailLoader(args(on, url)) as Promise<Response>;
    const response = await latest("http://localhost/dev/mail/latest.json?to=LATEST@example.com");
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: newest.outboxId, to, links: [data.url], headers: {} });
    const older = await latest("http://localhost/dev/mail/latest.json?to=latest@example.com&subject=Confirmez");
    expect(((await older.json()) as { subject: string }).subject).toBe("Confirmez votre adresse email – JetMalin");
    expect((await latest("http://localhost/dev/mail/latest.json?to=nobody@example.com")).status).toBe(404);
    expect((await latest("http://localhost/dev/mail/latest.json")).status).toBe(400);

    const production = createTestContext({ d1: testDb.d1, vars: PRODUCTION_VARS });
    expect(await statusOf(latest(`https://jetmalin.ch/dev/mail/latest.json?to=${to}`, production))).toBe(404);
  });
});
