/** The simulator's hosted page, /dev/pay/:sessionId: what it shows, what its buttons answer, and where it does not exist. */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { airports, devPaymentSessions, flights, orders } from "#app/db/schema";
import { action, loader } from "#app/routes/dev.pay.$sessionId";
import { createTestContext, PRODUCTION_VARS } from "#tests/context";
import { createTestD1 } from "#tests/d1";

let testDb: Awaited<ReturnType<typeof createTestD1>>;
const NOW = new Date("2026-11-23T10:00:00Z");
const HOLD_END = new Date(NOW.getTime() + 30 * 60_000);

beforeAll(async () => {
  testDb = await createTestD1();
  const [from, to] = await testDb.db
    .insert(airports)
    .values([
      { icaoCode: "LSZH", servedCity: "Zurich" },
      { icaoCode: "LFMN", servedCity: "Nice" },
    ])
    .returning();
  await testDb.db.insert(flights).values({
    id: "route-flight",
    departureAirportId: from!.id,
    arrivalAirportId: to!.id,
    departureDate: new Date("2026-12-01T09:00:00Z"),
    arrivalDate: new Date("2026-12-01T10:30:00Z"),
    flightTime: 90,
    aircraftType: "PC24",
    pricePerMinute: 100,
    feedSeats: 6,
    seatsHeld: 2,
    refreshedAt: NOW,
  });
  await testDb.db.insert(orders).values({
    id: "route-order",
    flightId: "route-flight",
    amountCents: 300_000,
    seats: 2,
    customerInfo: {
      firstName: "Jonas",
      lastName: "Keller",
      email: "jonas@example.de",
      phone: "+49 170 1234567",
      address: "Hauptstrasse 5",
      zipCode: "80331",
      city: "München",
      country: "DE",
    },
    language: "de",
    linkKeyHash: "b".repeat(64),
    reference: "JM-R0UTE2",
    holdExpiresAt: HOLD_END,
    createdAt: NOW,
    updatedAt: NOW,
  });
});
afterAll(() => testDb.dispose());

const context = (vars = {}) => createTestContext({ d1: testDb.d1, now: NOW, vars });

async function openPage(orderId = "route-order") {
  const { sessionId } = await context().payments.createCheckout({
    orderId,
    reference: "JM-R0UTE2",
    amountCents: 300_000,
    currency: "eur",
    customerEmail: "jonas@example.de",
    description: "JetMalin JM-R0UTE2",
    locale: "de",
    successUrl: `http://localhost:8787/confirmation/${orderId}?key=paid`,
    cancelUrl: `http://localhost:8787/confirmation/${orderId}?key=back`,
    expiresAt: HOLD_END,
    idempotencyKey: crypto.randomUUID(),
  });
  await testDb.db.update(orders).set({ paymentSessionId: sessionId }).where(eq(orders.id, orderId));
  return sessionId;
}

const load = (sessionId: string, vars = {}) =>
  loader({
    request: new Request(`http://localhost:8787/dev/pay/${sessionId}?lng=en`),
    context: context(vars),
    params: { sessionId },
  });

const press = (sessionId: string, intent: string, vars = {}) =>
  action({
    request: new Request(`http://localhost:8787/dev/pay/${sessionId}?lng=en`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost:8787" },
      body: new URLSearchParams({ intent }),
    }),
    context: context(vars),
    params: { sessionId },
  });

async function statusOf(promise: Promise<unknown>) {
  try {
    const value = await promise;
    return value instanceof Response ? value.status : 200;
  } catch (error) {
    if (error instanceof Response) return error.status;
    throw error;
  }
}

describe("/dev/pay/:sessionId", () => {
  it("shows the order's reference, description and amount, and the page's state", async () => {
    const sessionId = await openPage();
    expect(await load(sessionId)).toEqual({
      title: "Simulated payment – JetMalin",
      reference: "JM-R0UTE2",
      description: "JetMalin JM-R0UTE2",
      amount: "€3,000.00",
      state: "open",
    });
  });

  it("'Payer' sends the buyer to the success page; the page then shows it is used", async () => {
    const sessionId = await openPage();
    const response = (await press(sessionId, "pay")) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("http://localhost:8787/confirmation/route-order?key=paid");
    expect((await load(sessionId)).state).toBe("authorised");
    expect(
      (await testDb.db.select({ status: orders.status }).from(orders).where(eq(orders.id, "route-order")).get())!
        .status,
    ).toBe("processing");

    // Pressed again: back to the page with an error toast, nothing sent.
    const again = (await press(sessionId, "abandon")) as Response;
    expect(again.status).toBe(302);
    expect(again.headers.get("Location")).toBe(`/dev/pay/${sessionId}`);
    expect(again.headers.get("Set-Cookie")).toMatch(/^jm_toast=/);
    expect((await load(sessionId)).state).toBe("authorised");
  });

  it("refuses an intent it does not know, with a toast, and changes nothing", async () => {
    const sessionId = await openPage("route-order-missing");
    const response = (await press(sessionId, "refund")) as Response;
    expect(response.headers.get("Location")).toBe(`/dev/pay/${sessionId}`);
    expect(response.headers.get("Set-Cookie")).toMatch(/^jm_toast=/);
    expect(
      (await testDb.db.select().from(devPaymentSessions).where(eq(devPaymentSessions.id, sessionId)).get())!.status,
    ).toBe("open");
  });

  it("shows a page past its end as expired", async () => {
    const sessionId = await openPage("route-order-missing");
    await testDb.db.update(devPaymentSessions).set({ expiresAt: NOW }).where(eq(devPaymentSessions.id, sessionId));
    expect((await load(sessionId)).state).toBe("expired");
  });

  it("answers 404 for an unknown page, and everywhere in production", async () => {
    expect(await statusOf(load("cs_sim_nope"))).toBe(404);
    expect(await statusOf(press("cs_sim_nope", "pay"))).toBe(404);
    const sessionId = await openPage("route-order-missing");
    expect(await statusOf(load(sessionId, PRODUCTION_VARS))).toBe(404);
    expect(await statusOf(press(sessionId, "pay", PRODUCTION_VARS))).toBe(404);
  });
});
