/**
 * cancelFlight on a real D1 (decision 032): the flight moved once with its DELETE row, each
 * order once through cancelOrder (pending, processing, completed, a refused refund), each
 * customer, watcher and staff told once; a replay moves and sends nothing.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { Db } from "#app/db/client.server";
import {
  airports,
  favorites,
  flightLogs,
  flights,
  mailOutbox,
  notifications,
  orders,
  users,
  waitlist,
} from "#app/db/schema";
import { listUpcomingFlights } from "#app/flights/flights.queries.server";
import { placeOrder } from "#app/orders/orders.queries.server";
import type { PaymentProvider } from "#app/payments/provider.server";
import { createTestContext } from "#tests/context";
import { createTestD1 } from "#tests/d1";

import { cancelFlight, previewFlightCancellation } from "./flight-cancellation.server";

let d1: D1Database, db: Db, dispose: () => Promise<void>;
const NOW = new Date("2026-11-23T10:00:00Z");
const [STAFF, WATCHER, BUYER] = ["staff-1", "watcher-1", "buyer-1"];

beforeAll(async () => {
  ({ d1, db, dispose } = await createTestD1());
  await db.insert(airports).values([
    { icaoCode: "LSGG", servedCity: "Genève" },
    { icaoCode: "LFMN", servedCity: "Nice" },
  ]);
  await db.insert(users).values(
    [STAFF, WATCHER, BUYER].map((id) => ({
      id,
      email: `${id}@example.ch`,
      passwordHash: "x",
      firstName: id,
      lastName: "Test",
      role: id === STAFF ? ("admin" as const) : ("client" as const),
    })),
  );
});
afterAll(() => dispose());

/** The provider's money moves, counted; `refuseRefund` answers a refund as Stripe's refusal. */
function recordingContext({ refuseRefund = false } = {}) {
  const calls: string[] = [];
  const context: AppLoadContext = createTestContext({ d1, now: NOW });
  const ok = async () => ({ ok: true as const });
  const payments: PaymentProvider = {
    ...context.payments,
    capture: ok,
    cancelAuthorisation: async (intent) => (calls.push(`release ${intent}`), { ok: true }),
    expireCheckout: async (session) => void calls.push(`expire ${session}`),
    refund: async (intent, { amountCents }) => {
      calls.push(`refund ${intent} ${amountCents}`);
      return refuseRefund ? { ok: false, message: "charge_already_refunded" } : { ok: true };
    },
  };
  context.payments = payments;
  return { context, calls };
}

let flightNumber = 0;
async function flight() {
  const id = `cancel-flight-${++flightNumber}`;
  const [from, to] = await db.select({ id: airports.id }).from(airports);
  const departure = new Date(NOW.getTime() + 3 * 86_400_000 + flightNumber * 60_000);
  await db.insert(flights).values({
    id,
    departureAirportId: from!.id,
    arrivalAirportId: to!.id,
    departureDate: departure,
    arrivalDate: new Date(departure.getTime() + 3_600_000),
    flightTime: 60,
    aircraftType: "PC12",
    pricePerMinute: 50,
    feedSeats: 8,
    refreshedAt: NOW,
  });
  return id;
}

/** An order of two seats (750 EUR) in a given state, as its moves would have left it. */
async function order(
  flightId: string,
  state: "pending" | "processing" | "completed" | "offline",
  { userId = null as string | null, email = "lea@example.ch" } = {},
) {
  const orderId = crypto.randomUUID();
  const result = await placeOrder(db, {
    orderId,
    reference: `JM-${crypto.randomUUID().slice(0, 6).toUpperCase()}`,
    linkKeyHash: crypto.randomUUID().replaceAll("-", "").padEnd(64, "a"),
    flightId,
    request: { kind: "seats", seats: 2 },
    seenAvailableSeats: 8,
    userId,
    customerInfo: {
      firstName: "Léa",
      lastName: "Muller",
      email,
      phone: "+41 79 123 45 67",
      address: "Rue du Rhône 1",
      zipCode: "1204",
      city: "Genève",
      country: "CH",
    },
    passengers: ["A", "B"],
    language: "fr",
    idempotencyKey: crypto.randomUUID(),
    holdExpiresAt: new Date(NOW.getTime() + 30 * 60_000),
    clientKey: "test-network",
    now: NOW,
  });
  if (result.status !== "created") throw new Error(`setup: ${result.status}`);
  const paid = {
    pending: {},
    processing: { status: "processing", paymentState: "authorised" },
    completed: { status: "completed", paymentState: "captured" },
    offline: { status: "completed", paymentState: "offline" },
  } as const;
  const holdExpiresAt = state === "pending" ? new Date(NOW.getTime() + 30 * 60_000) : null;
  const ids = { paymentSessionId: `cs_${orderId}`, paymentIntentId: `pi_${orderId}` };
  await db
    .update(orders)
    .set({ ...ids, holdExpiresAt, ...paid[state] })
    .where(eq(orders.id, orderId));
  return orderId;
}

const stateOf = async (orderId: string) =>
  (await db
    .select({ status: orders.status, paymentState: orders.paymentState, cancelReason: orders.cancelReason })
    .from(orders)
    .where(eq(orders.id, orderId))
    .get())!;
const flightOf = async (flightId: string) => (await db.select().from(flights).where(eq(flights.id, flightId)).get())!;
const mailCount = async () => (await db.select({ id: mailOutbox.id }).from(mailOutbox)).length;
const templatesTo = async (address: string) =>
  (await db.select({ template: mailOutbox.template }).from(mailOutbox).where(eq(mailOutbox.toAddress, address))).map(
    (row) => row.template,
  );

describe("cancelFlight", () => {
  it("previews what will move: orders, money released, refunded and to refund by hand", async () => {
    const flightId = await flight();
    await order(flightId, "pending");
    await order(flightId, "processing");
    await order(flightId, "completed");
    await order(flightId, "offline");
    const { context } = recordingContext();
    expect(await previewFlightCancellation(context, flightId)).toEqual({
      ok: true,
      preview: expect.objectContaining({
        orders: 4,
        released: 2,
        releasedCents: 150_000,
        refunded: 1,
        refundedCents: 75_000,
        manual: 1,
        manualCents: 75_000,
      }),
    });
  });

  it("cancels the flight once with its DELETE row, each order once, and tells everyone once", async () => {
    const flightId = await flight();
    const pending = await order(flightId, "pending", { email: "pending@example.ch" });
    const processing = await order(flightId, "processing", { email: "processing@example.ch", userId: BUYER });
    const completed = await order(flightId, "completed", { email: "completed@example.ch" });
    await db.insert(waitlist).values({ userId: WATCHER, flightId, createdAt: NOW });
    await db.insert(favorites).values([
      { userId: WATCHER, flightId, createdAt: NOW },
      { userId: BUYER, flightId, createdAt: NOW },
    ]);
    const { context, calls } = recordingContext();

    const outcome = await cancelFlight(context, {
      flightId,
      by: { kind: "staff", userId: STAFF },
      reason: "other",
      note: "Avion immobilisé",
    });
    expect(outcome).toEqual({
      ok: true,
      summary: {
        orders: 3,
        released: 2,
        releasedCents: 150_000,
        refunded: 1,
        refundedCents: 75_000,
        toHandle: 0,
        toHandleCents: 0,
      },
    });
    expect(await flightOf(flightId)).toMatchObject({
      status: "cancelled",
      cancelReason: "other",
      cancelNote: "Avion immobilisé",
      cancelledBy: STAFF,
      seatsHeld: 0,
    });
    const logs = await db.select().from(flightLogs).where(eq(flightLogs.flightId, flightId));
    expect(logs.filter((log) => log.action === "DELETE")).toEqual([
      expect.objectContaining({
        actor: "staff",
        changedBy: STAFF,
        flightLabel: "Genève → Nice",
        newValues: { status: "cancelled", cancel_reason: "other", cancel_note: "Avion immobilisé" },
      }),
    ]);
    expect(await stateOf(pending)).toMatchObject({ status: "cancelled", cancelReason: "flightCancelled" });
    expect(await stateOf(processing)).toMatchObject({
      status: "cancelled",
      paymentState: "released",
      cancelReason: "flightCancelled",
    });
    expect(await stateOf(completed)).toMatchObject({
      status: "cancelled",
      paymentState: "refunded",
      cancelReason: "flightCancelled",
    });
    expect(calls).toEqual(
      expect.arrayContaining([`expire cs_${pending}`, `release pi_${processing}`, `refund pi_${completed} 75000`]),
    );
    for (const address of ["pending@example.ch", "processing@example.ch", "completed@example.ch"])
      expect(await templatesTo(address)).toEqual(["orders/flight-cancelled"]);
    expect(await templatesTo(context.env.STAFF_EMAIL)).toContain("flights/staff-flight-cancelled");
    const told = await db.select().from(notifications).where(eq(notifications.flightId, flightId));
    // The buyer hears of their order only; the watcher once, though on the waitlist and a favourite.
    expect(told.map((row) => [row.userId, row.type]).sort()).toEqual([
      [BUYER, "order_flight_cancelled"],
      [WATCHER, "flight_cancelled"],
    ]);
    expect(told.find((row) => row.userId === BUYER)!.params).toMatchObject({ money: "released" });
    expect(await db.select().from(waitlist).where(eq(waitlist.flightId, flightId))).toEqual([]);

    // A replay (a double submit, the sync after staff) moves and sends nothing.
    const mails = await mailCount();
    const callsBefore = calls.length;
    expect(await cancelFlight(context, { flightId, by: { kind: "sync" }, reason: "feedCancelled" })).toEqual({
      ok: false,
      reason: "notUpdated",
    });
    expect(await mailCount()).toBe(mails);
    expect(calls.length).toBe(callsBefore);
    expect((await db.select().from(flightLogs).where(eq(flightLogs.flightId, flightId))).length).toBe(logs.length);
    expect((await db.select().from(notifications).where(eq(notifications.flightId, flightId))).length).toBe(2);
  });

  it("two cancellations at once: one moves the flight, each order once, each customer told once", async () => {
    const flightId = await flight();
    const completed = await order(flightId, "completed", { email: "race@example.ch" });
    const { context, calls } = recordingContext();
    const outcomes = await Promise.all([
      cancelFlight(context, { flightId, by: { kind: "staff", userId: STAFF }, reason: "weather" }),
      cancelFlight(context, { flightId, by: { kind: "sync" }, reason: "feedCancelled" }),
    ]);
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
    expect(calls.filter((call) => call.startsWith("refund"))).toEqual([`refund pi_${completed} 75000`]);
    expect(await templatesTo("race@example.ch")).toEqual(["orders/flight-cancelled"]);
    expect(await stateOf(completed)).toMatchObject({ status: "cancelled", paymentState: "refunded" });
  });

  it("a refund the provider refuses leaves the order refundFailed, counted for staff", async () => {
    const flightId = await flight();
    const completed = await order(flightId, "completed", { email: "refused@example.ch" });
    const { context } = recordingContext({ refuseRefund: true });
    const outcome = await cancelFlight(context, { flightId, by: { kind: "sync" }, reason: "feedMissing" });
    expect(outcome).toMatchObject({
      ok: true,
      summary: { orders: 1, refunded: 0, toHandle: 1, toHandleCents: 75_000 },
    });
    expect(await stateOf(completed)).toMatchObject({ status: "cancelled", paymentState: "refundFailed" });
    const logs = await db.select().from(flightLogs).where(eq(flightLogs.flightId, flightId));
    expect(logs.find((row) => row.action === "DELETE")).toMatchObject({ actor: "sync", changedBy: null });
  });

  it("a cancelled flight leaves the lists and cannot be booked; an unknown flight is notFound", async () => {
    const flightId = await flight();
    const { context } = recordingContext();
    await cancelFlight(context, { flightId, by: { kind: "staff", userId: STAFF }, reason: "technical" });
    const listed = await listUpcomingFlights(db, { now: NOW });
    expect(listed.map((row) => row.id)).not.toContain(flightId);
    await expect(order(flightId, "pending")).rejects.toThrow(/setup/);
    expect(await cancelFlight(context, { flightId: "nope", by: { kind: "sync" }, reason: "feedCancelled" })).toEqual({
      ok: false,
      reason: "notFound",
    });
  });
});
