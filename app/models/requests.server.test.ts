import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestD1 } from "#tests/d1";
import { exclusiveRequests, newsletterSubscribers } from "#app/db/schema";
import { sha256Hex } from "#app/utils/crypto.server";
import {
  createCustomRequest,
  createExclusiveRequest,
  findSubscriberByToken,
  subscribeToNewsletter,
  unsubscribeFromNewsletter,
} from "./requests.server";

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
      language: "fr" as const,
    };
    const first = await createExclusiveRequest(test.db, input);
    const second = await createExclusiveRequest(test.db, input);
    expect(first.created).toBe(true);
    expect(second).toEqual({ id: null, created: false });
    const rows = await test.db.select().from(exclusiveRequests).where(eq(exclusiveRequests.idempotencyKey, input.idempotencyKey));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ city: "Genève", message: null });
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

describe("newsletter", () => {
  it("subscribes once, lower-cased, with the token stored hashed", async () => {
    const first = await subscribeToNewsletter(test.db, { email: " Lea.N@Example.CH ", language: "en" });
    expect(first.token).toEqual(expect.any(String));
    const again = await subscribeToNewsletter(test.db, { email: "lea.n@example.ch", language: "en" });
    expect(again.token).toBeNull();
    const rows = await test.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, "lea.n@example.ch"));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.unsubscribeTokenHash).toBe(await sha256Hex(first.token!));
    expect(rows[0]!.unsubscribeTokenHash).not.toContain(first.token!);
  });

  it("unsubscribes with the token once, and a new sign-up subscribes again", async () => {
    const { token } = await subscribeToNewsletter(test.db, { email: "paul@example.ch", language: "fr" });
    expect(await unsubscribeFromNewsletter(test.db, { token: token!, now: new Date() })).toBe(true);
    expect(await unsubscribeFromNewsletter(test.db, { token: token!, now: new Date() })).toBe(false);
    expect(await unsubscribeFromNewsletter(test.db, { token: "unknown", now: new Date() })).toBe(false);
    expect((await findSubscriberByToken(test.db, token!))?.unsubscribedAt).toBeInstanceOf(Date);
    const back = await subscribeToNewsletter(test.db, { email: "paul@example.ch", language: "fr" });
    expect(back.token).toEqual(expect.any(String));
    expect((await findSubscriberByToken(test.db, back.token!))?.unsubscribedAt).toBeNull();
  });
});
