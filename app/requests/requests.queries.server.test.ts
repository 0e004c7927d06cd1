import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { exclusiveRequests, newsletterSubscribers } from "#app/db/schema";
import { sha256Hex } from "#app/utils/crypto.server";
import { createTestD1 } from "#tests/d1";

import {
  confirmNewsletterSubscription,
  createCustomRequest,
  createExclusiveRequest,
  isNewsletterConfirmTokenValid,
  NEWSLETTER_CONFIRM_RESEND_MS,
  NEWSLETTER_CONFIRM_TTL_MS,
  requestNewsletterSubscription,
  unsubscribeFromNewsletter,
} from "./requests.queries.server";

let test: Awaited<ReturnType<typeof createTestD1>>;
beforeAll(async () => {
  test = await createTestD1();
});
afterAll(() => test.dispose());

const contact = { firstName: "Léa", lastName: "Muller", email: "lea@example.ch", phone: "+41 79 123 45 67" };

describe("requests", () => {
  it("stores an exclusive request once per idempotency key", async () => {
    const input = {
      ...contact,
      idempotencyKey: crypto.randomUUID(),
      address: "Rue du Rhône 1",
      zipCode: "1204",
      city: "Genève",
      country: "CH" as const,
      exclusiveFlightId: "geneva-sttropez",
      departureDate: "2026-12-04",
      language: "fr" as const,
    };
    const first = await createExclusiveRequest(test.db, input);
    const second = await createExclusiveRequest(test.db, input);
    expect(first.created).toBe(true);
    expect(second).toEqual({ id: null, created: false });
    const rows = await test.db
      .select()
      .from(exclusiveRequests)
      .where(eq(exclusiveRequests.idempotencyKey, input.idempotencyKey));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ city: "Genève", message: null, departureDate: "2026-12-04" });
  });

  it("stores a custom request once per idempotency key", async () => {
    const input = {
      ...contact,
      idempotencyKey: crypto.randomUUID(),
      departure: "Genève" as const,
      arrival: "Olbia",
      date: "2026-12-05",
      passengers: 4,
      language: "de" as const,
    };
    expect((await createCustomRequest(test.db, input)).created).toBe(true);
    expect((await createCustomRequest(test.db, input)).created).toBe(false);
  });
});

describe("newsletter (double opt-in)", () => {
  const now = new Date("2026-11-23T10:00:00Z");
  const later = (ms: number) => new Date(now.getTime() + ms);
  const rowOf = async (email: string) =>
    (await test.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)))[0]!;

  it("asks for a confirmation, subscribes nobody, and stores the token hashed", async () => {
    const first = await requestNewsletterSubscription(test.db, {
      email: " Lea.N@Example.CH ",
      language: "en",
      ip: "192.0.2.1",
      now,
    });
    expect(first.confirmToken).toEqual(expect.any(String));
    const row = await rowOf("lea.n@example.ch");
    expect(row.confirmedAt).toBeNull();
    expect(row.confirmTokenHash).toBe(await sha256Hex(first.confirmToken!));
    expect(row.requestedFromIp).toBe("192.0.2.1");
    // Asking again within 10 minutes sends nothing; later, a new link.
    expect(
      (
        await requestNewsletterSubscription(test.db, {
          email: "lea.n@example.ch",
          language: "en",
          ip: "192.0.2.1",
          now: later(60_000),
        })
      ).confirmToken,
    ).toBeNull();
    const again = await requestNewsletterSubscription(test.db, {
      email: "lea.n@example.ch",
      language: "en",
      ip: "192.0.2.1",
      now: later(NEWSLETTER_CONFIRM_RESEND_MS),
    });
    expect(again.confirmToken).toEqual(expect.any(String));
    expect(await isNewsletterConfirmTokenValid(test.db, { token: first.confirmToken!, now })).toBe(false);
  });

  it("subscribes on the click, once, keeping the proof; an expired link does nothing", async () => {
    const { confirmToken } = await requestNewsletterSubscription(test.db, {
      email: "marc@example.ch",
      language: "de",
      ip: "192.0.2.2",
      now,
    });
    expect(
      await confirmNewsletterSubscription(test.db, {
        token: confirmToken!,
        ip: "198.51.100.9",
        now: later(NEWSLETTER_CONFIRM_TTL_MS + 1),
      }),
    ).toBeNull();
    expect((await rowOf("marc@example.ch")).confirmedAt).toBeNull();

    const { confirmToken: fresh } = await requestNewsletterSubscription(test.db, {
      email: "marc@example.ch",
      language: "de",
      ip: "192.0.2.2",
      now: later(NEWSLETTER_CONFIRM_TTL_MS + 2),
    });
    const confirmedAt = later(NEWSLETTER_CONFIRM_TTL_MS + 60_000);
    const confirmed = await confirmNewsletterSubscription(test.db, {
      token: fresh!,
      ip: "198.51.100.9",
      now: confirmedAt,
    });
    expect(confirmed).toMatchObject({ email: "marc@example.ch", language: "de", unsubscribeToken: expect.any(String) });
    const row = await rowOf("marc@example.ch");
    expect(row.confirmedAt).toEqual(confirmedAt);
    expect(row.confirmedFromIp).toBe("198.51.100.9");
    expect(row.unsubscribeTokenHash).toBe(await sha256Hex(confirmed!.unsubscribeToken));
    expect(
      await confirmNewsletterSubscription(test.db, { token: fresh!, ip: "198.51.100.9", now: confirmedAt }),
    ).toBeNull();
    // Subscribed: a new sign-up sends nothing.
    expect(
      (
        await requestNewsletterSubscription(test.db, {
          email: "marc@example.ch",
          language: "de",
          ip: "192.0.2.3",
          now: later(NEWSLETTER_CONFIRM_TTL_MS * 2),
        })
      ).confirmToken,
    ).toBeNull();
  });

  it("keeps an unsubscribed address unsubscribed until its owner confirms again", async () => {
    const { confirmToken } = await requestNewsletterSubscription(test.db, {
      email: "paul@example.ch",
      language: "fr",
      ip: "192.0.2.4",
      now,
    });
    const { unsubscribeToken } = (await confirmNewsletterSubscription(test.db, {
      token: confirmToken!,
      ip: "192.0.2.4",
      now,
    }))!;
    expect(await unsubscribeFromNewsletter(test.db, { token: unsubscribeToken, now: later(1000) })).toBe(true);
    expect(await unsubscribeFromNewsletter(test.db, { token: unsubscribeToken, now: later(2000) })).toBe(false);
    expect(await unsubscribeFromNewsletter(test.db, { token: "unknown", now })).toBe(false);

    const back = await requestNewsletterSubscription(test.db, {
      email: "paul@example.ch",
      language: "fr",
      ip: "203.0.113.5",
      now: later(60 * 60_000),
    });
    expect(back.confirmToken).toEqual(expect.any(String));
    expect((await rowOf("paul@example.ch")).unsubscribedAt).toBeInstanceOf(Date);
    await confirmNewsletterSubscription(test.db, {
      token: back.confirmToken!,
      ip: "192.0.2.4",
      now: later(61 * 60_000),
    });
    expect((await rowOf("paul@example.ch")).unsubscribedAt).toBeNull();
  });
});
