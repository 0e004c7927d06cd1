/** The exclusive and custom request actions end to end on a real D1: storage, mails, errors. */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { customRequests, exclusiveRequests, mailOutbox } from "#app/db/schema";
import type { MailTransport } from "#app/mail/mail-transports.server";
import { action as customAction } from "#app/routes/custom-flight";
import { action as exclusiveAction } from "#app/routes/exclusive-booking.$flightId/route";
import { createTestContext, failingTransport, recordingTransport } from "#tests/context";
import { createTestD1 } from "#tests/d1";

let test: Awaited<ReturnType<typeof createTestD1>>;
beforeAll(async () => {
  test = await createTestD1();
});
afterAll(() => test.dispose());

const STAFF = "reservations@jetmalin.test";

function post(url: string, fields: Record<string, string>) {
  return new Request(url, { method: "POST", body: new URLSearchParams(fields) });
}

/** A clock started on a Thursday: the round trip's offered Fridays are 27 November, 4 December... */
const STARTED = Date.now();
const NOW = () => new Date(Date.parse("2026-11-26T10:00:00Z") + Date.now() - STARTED);

const exclusiveFields = (overrides: Record<string, string> = {}) => ({
  idempotencyKey: crypto.randomUUID(),
  departureDate: "2026-12-04",
  firstName: "Léa",
  lastName: `Muller${Math.random().toString(36).slice(2, 6)}`,
  email: "lea@example.ch",
  phone: "+41 79 123 45 67",
  address: "Rue du Rhône 1",
  zipCode: "1204",
  city: "Genève",
  country: "CH",
  ...overrides,
});

async function submitExclusive(
  fields: Record<string, string>,
  transport: MailTransport,
  url = "http://localhost/exclusive-booking/geneva-sttropez-geneva?lng=de",
) {
  const context = createTestContext({ d1: test.d1, transport, now: NOW });
  return exclusiveAction({ request: post(url, fields), params: { flightId: "geneva-sttropez-geneva" }, context });
}

const status = (result: unknown) =>
  result instanceof Response ? result.status : (result as { init: ResponseInit | null }).init?.status;

describe("exclusive booking action", () => {
  it("stores the request, mails staff in French and the customer in their language, then goes to the sent page", async () => {
    const transport = recordingTransport();
    const fields = exclusiveFields();
    const response = (await submitExclusive(fields, transport)) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/demande-reservation-envoyee");
    expect(transport.sent.map((mail) => [mail.to, mail.subject])).toEqual([
      [STAFF, `Nouvelle réservation vol exclusif - Léa ${fields.lastName}`],
      ["lea@example.ch", "Bestätigung Ihrer Buchungsanfrage - JetMalin"],
    ]);
    expect(transport.sent[0]!.text).toContain("Aller-retour");
    expect(transport.sent[0]!.text).toContain("Rue du Rhône 1");
    const rows = await test.db
      .select()
      .from(exclusiveRequests)
      .where(eq(exclusiveRequests.idempotencyKey, fields.idempotencyKey));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      exclusiveFlightId: "geneva-sttropez-geneva",
      language: "de",
      departureDate: "2026-12-04",
    });
    // The day chosen, and the return it implies, in each reader's language.
    expect(transport.sent[0]!.text).toContain("Date : vendredi 04 décembre 2026, Horaire à définir");
    expect(transport.sent[0]!.text).toContain("Retour : lundi 07 décembre 2026, entre 08:00 et 11:00");
    expect(transport.sent[1]!.text).toContain("Freitag, 4. Dezember 2026");
    expect(transport.sent[1]!.text).toContain("Montag, 7. Dezember 2026");
  });

  it("refuses a day the form did not offer, under its field, and stores nothing", async () => {
    const transport = recordingTransport();
    // A Saturday, a Friday past the 8 offered, today's Thursday, and none at all.
    for (const departureDate of ["2026-12-05", "2027-01-22", "2026-11-26", ""]) {
      const fields = exclusiveFields({ departureDate });
      const result = await submitExclusive(
        fields,
        transport,
        "http://localhost/exclusive-booking/geneva-sttropez-geneva?lng=en",
      );
      expect(status(result)).toBe(400);
      const body = (result as { data: { result: { error: Record<string, string[]> } } }).data;
      expect(body.result.error.departureDate).toEqual([
        departureDate ? "forms.errors.departureDateGone" : "forms.errors.departureDate",
      ]);
      expect(
        await test.db
          .select()
          .from(exclusiveRequests)
          .where(eq(exclusiveRequests.idempotencyKey, fields.idempotencyKey)),
      ).toHaveLength(0);
    }
    expect(transport.sent).toHaveLength(0);
  });

  it("a second submit of the same form stores and mails nothing more, and still succeeds", async () => {
    const transport = recordingTransport();
    const fields = exclusiveFields();
    await submitExclusive(fields, transport);
    const again = (await submitExclusive(fields, transport)) as Response;
    expect(again.headers.get("Location")).toBe("/demande-reservation-envoyee");
    expect(transport.sent).toHaveLength(2);
    expect(
      await test.db.select().from(exclusiveRequests).where(eq(exclusiveRequests.idempotencyKey, fields.idempotencyKey)),
    ).toHaveLength(1);
  });

  it("stops after a failed staff mail with the spec's error, the request kept and the mail queued for retry", async () => {
    const fields = exclusiveFields();
    const result = await submitExclusive(
      fields,
      failingTransport(),
      "http://localhost/exclusive-booking/geneva-sttropez-geneva?lng=fr",
    );
    expect(status(result)).toBe(502);
    const body = (result as { data: { result: { error: Record<string, string[]> } } }).data;
    expect(body.result.error[""]).toEqual(["Erreur lors de l'envoi de l'email à l'administrateur"]);
    expect(
      await test.db.select().from(exclusiveRequests).where(eq(exclusiveRequests.idempotencyKey, fields.idempotencyKey)),
    ).toHaveLength(1);
    const queued = await test.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, `Nouvelle réservation vol exclusif - Léa ${fields.lastName}`));
    expect(queued).toHaveLength(1);
    expect(queued[0]!.status).not.toBe("sent");
    const toCustomer = await test.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.template, "catalogue/exclusive-request-customer"));
    expect(toCustomer.filter((mail) => mail.createdAt >= queued[0]!.createdAt)).toHaveLength(0);
  });

  it("reports a failed customer mail with the spec's error", async () => {
    const staffOnly: MailTransport = {
      name: "staff-only",
      async send(mail) {
        if (mail.to !== STAFF) throw new Error("mailbox full");
        return { providerMessageId: "ok" };
      },
    };
    const result = await submitExclusive(
      exclusiveFields(),
      staffOnly,
      "http://localhost/exclusive-booking/geneva-sttropez-geneva?lng=fr",
    );
    expect(status(result)).toBe(502);
    expect((result as { data: { result: { error: Record<string, string[]> } } }).data.result.error[""]).toEqual([
      "Erreur lors de l'envoi de l'email de confirmation",
    ]);
  });

  it("answers bad input with 400, never a 500", async () => {
    for (const fields of [
      {},
      exclusiveFields({ message: "x".repeat(10_000) }),
      exclusiveFields({ email: "<script>", country: "US" }),
    ]) {
      expect(status(await submitExclusive(fields, recordingTransport()))).toBe(400);
    }
  });

  it("404s an unknown flight", async () => {
    const context = createTestContext({ d1: test.d1 });
    await expect(
      exclusiveAction({
        request: post("http://localhost/exclusive-booking/nope", exclusiveFields()),
        params: { flightId: "nope" },
        context,
      }),
    ).rejects.toMatchObject({ status: 404 });
  });
});

describe("custom flight action", () => {
  const now = new Date("2026-12-05T10:00:00Z");
  const fields = (overrides: Record<string, string> = {}) => ({
    idempotencyKey: crypto.randomUUID(),
    departure: "Genève",
    arrival: "Olbia",
    date: "2026-12-05",
    passengers: "8",
    firstName: "Paul",
    lastName: "Favre",
    email: "paul@example.ch",
    phone: "+41 22 123 45 67",
    ...overrides,
  });
  const submit = (values: Record<string, string>, transport: MailTransport = recordingTransport()) =>
    customAction({
      request: post("http://localhost/custom-flight?lng=fr", values),
      params: {},
      context: createTestContext({ d1: test.d1, now, transport }),
    });

  it("refuses 9 passengers, yesterday and a bad phone with 400", async () => {
    const bad: Array<Record<string, string>> = [{ passengers: "9" }, { date: "2026-12-04" }, { phone: "12345" }];
    for (const overrides of bad) {
      expect(status(await submit(fields(overrides)))).toBe(400);
    }
  });

  it("stores the request, mails staff and customer, and redirects with the success toast", async () => {
    const transport = recordingTransport();
    const values = fields();
    const response = (await submit(values, transport)) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/custom-flight");
    expect(response.headers.get("Set-Cookie")).toContain("jm_toast");
    expect(transport.sent.map((mail) => mail.to)).toEqual([STAFF, "paul@example.ch"]);
    expect(
      await test.db.select().from(customRequests).where(eq(customRequests.idempotencyKey, values.idempotencyKey)),
    ).toHaveLength(1);
  });

  it("caps the requests of one IP at 20 an hour, counting only valid ones", async () => {
    const transport = recordingTransport();
    const fromIp = (values: Record<string, string>) =>
      customAction({
        request: new Request("http://localhost/custom-flight?lng=fr", {
          method: "POST",
          body: new URLSearchParams(values),
          headers: { "CF-Connecting-IP": "203.0.113.9" },
        }),
        params: {},
        context: createTestContext({ d1: test.d1, now, transport }),
      });
    expect(status(await fromIp(fields({ passengers: "9" })))).toBe(400);
    for (let i = 0; i < 20; i++) expect(status(await fromIp(fields()))).toBe(302);
    expect(status(await fromIp(fields()))).toBe(429);
    expect(transport.sent).toHaveLength(40);
  });

  it("shows the spec's failure text when the mails cannot leave", async () => {
    const result = await submit(fields(), failingTransport());
    expect(status(result)).toBe(502);
    expect((result as { data: { result: { error: Record<string, string[]> } } }).data.result.error[""]).toEqual([
      "Une erreur est survenue lors de l'envoi de votre demande",
    ]);
  });
});
