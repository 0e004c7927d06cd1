/**
 * 'Annuler ma réservation' on a real D1 with the payment simulator
 * (docs/decisions/033-customer-cancellation.md): each state the customer may cancel, the fee
 * of the terms applied to a captured order and refunded through the provider, replays and a
 * double press moving nothing twice, a bracket that changed between the two steps, and a
 * departed flight refused.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { renderNotification } from "#app/alerts/notifications.server";
import type { Db } from "#app/db/client.server";
import { demoOperatorColumns } from "#app/db/demo-data";
import {
  airports,
  devPaymentSessions,
  flights,
  mailOutbox,
  notifications,
  orderEvents,
  orders,
  users,
} from "#app/db/schema";
import { createTestContext } from "#tests/context";
import { createTestD1 } from "#tests/d1";

import { cancelOrderAsCustomer } from "./customer-cancel.server";
import { submitDevPayment } from "./dev-pay-submit.server";
import { validateOrder } from "./order-life.server";
import { startPayment } from "./order-payment.server";
import { placeOrder } from "./orders.queries.server";

let d1: D1Database;
let db: Db;
let dispose: () => Promise<void>;
let clock = new Date("2026-11-23T10:00:00Z");
const DAY = 86_400_000;
const HOUR = 3_600_000;
const STAFF = "staff-cc";
const OWNER = "owner-cc";

beforeAll(async () => {
  ({ d1, db, dispose } = await createTestD1());
  await db.insert(airports).values([
    { icaoCode: "LSGG", servedCity: "Genève" },
    { icaoCode: "LFMN", servedCity: "Nice" },
  ]);
  await db.insert(users).values([
    { id: STAFF, email: "staff-cc@example.ch", passwordHash: "x", firstName: "Sam", lastName: "Staff", role: "admin" },
    { id: OWNER, email: "lea-cc@example.ch", passwordHash: "x", firstName: "Léa", lastName: "Muller", role: "client" },
  ]);
});
afterAll(() => dispose());
beforeEach(() => {
  clock = new Date("2026-11-23T10:00:00Z");
});

const context = () => createTestContext({ d1, now: () => clock });

let flightNumber = 0;
/** A 4-seat PC-12 flight of 60 minutes at 50 EUR a minute (3,000 EUR, 750 EUR a seat), departing `inMs` from now. */
async function flight(inMs: number) {
  const id = `cc-flight-${++flightNumber}`;
  const [from, to] = await db.select({ id: airports.id }).from(airports);
  // A second apart: two flights of one route never share a departure (a unique index).
  const departure = new Date(clock.getTime() + inMs + flightNumber * 1000);
  await db.insert(flights).values({
    id,
    departureAirportId: from!.id,
    arrivalAirportId: to!.id,
    departureDate: departure,
    arrivalDate: new Date(departure.getTime() + 60 * 60_000),
    flightTime: 60,
    aircraftType: "PC12",
    ...demoOperatorColumns(0, "PC12"),
    pricePerMinute: 50,
    feedSeats: 4,
    refreshedAt: clock,
  });
  return id;
}

/** A pending order of 2 seats (1,500 EUR), the owner's account, holding them for 30 minutes. */
async function pendingOrder(flightId: string) {
  const orderId = crypto.randomUUID();
  const result = await placeOrder(db, {
    orderId,
    reference: `JM-C${crypto.randomUUID().slice(0, 5).toUpperCase()}`,
    linkKeyHash: crypto.randomUUID().replaceAll("-", "").padEnd(64, "c"),
    flightId,
    request: { kind: "seats", seats: 2 },
    seenAvailableSeats: 4,
    userId: OWNER,
    customerInfo: {
      firstName: "Léa",
      lastName: "Muller",
      email: "lea-cc@example.ch",
      phone: "+41 79 123 45 67",
      address: "Rue du Rhône 1",
      zipCode: "1204",
      city: "Genève",
      country: "CH",
    },
    passengers: ["Léa Muller", "Marc Muller"],
    language: "fr",
    idempotencyKey: crypto.randomUUID(),
    holdExpiresAt: new Date(clock.getTime() + 30 * 60_000),
    clientKey: "test-network",
    now: clock,
  });
  if (result.status !== "created") throw new Error(`setup: ${result.status}`);
  return orderId;
}

/** The order paid on the simulator's page: its card authorised (processing). */
async function processingOrder(flightId: string) {
  const orderId = await pendingOrder(flightId);
  const started = await startPayment(context(), orderId);
  if (!started.ok) throw new Error(`setup: ${started.reason}`);
  const session = (await db.select().from(devPaymentSessions).where(eq(devPaymentSessions.orderId, orderId)).get())!;
  // 'Payer' on the simulator's page: its session authorised and its signed events applied.
  const paid = await submitDevPayment(context(), { sessionId: session.id, action: "pay" });
  if (!paid.ok) throw new Error(`setup: ${paid.reason}`);
  return orderId;
}

/** The order validated by staff: the authorisation captured (completed). */
async function completedOrder(flightId: string) {
  const orderId = await processingOrder(flightId);
  const validated = await validateOrder(context(), { orderId, by: STAFF });
  if (!validated.ok) throw new Error(`setup: ${validated.reason}`);
  return orderId;
}

const rowOf = async (orderId: string) => (await db.select().from(orders).where(eq(orders.id, orderId)).get())!;
const sessionOf = async (orderId: string) =>
  (await db.select().from(devPaymentSessions).where(eq(devPaymentSessions.orderId, orderId)).get())!;
const heldOn = async (flightId: string) =>
  (await db.select({ held: flights.seatsHeld }).from(flights).where(eq(flights.id, flightId)).get())!.held;
const movesOf = async (orderId: string) =>
  (await db.select({ move: orderEvents.move }).from(orderEvents).where(eq(orderEvents.orderId, orderId))).map(
    (row) => row.move,
  );
const customerMails = async () =>
  (
    await db
      .select({ template: mailOutbox.template })
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, "lea-cc@example.ch"))
  )
    .map((row) => row.template)
    .filter((template) => template === "orders/cancelled-by-customer");
const cancel = (orderId: string, shown: { feeCents: number; refundCents: number }) =>
  cancelOrderAsCustomer(context(), { orderId, userId: OWNER, shown });
const NOTHING = { feeCents: 0, refundCents: 0 };

describe("cancelOrderAsCustomer", () => {
  it("cancels a pending order for nothing: seats back, the customer mailed and notified once", async () => {
    const flightId = await flight(10 * DAY);
    const orderId = await pendingOrder(flightId);
    const mailsBefore = (await customerMails()).length;
    expect(await cancel(orderId, NOTHING)).toEqual({ ok: true, money: "nothingCharged", feeCents: 0, refundCents: 0 });
    expect(await rowOf(orderId)).toMatchObject({ status: "cancelled", cancelReason: "customer", refundedCents: 0 });
    expect(await heldOn(flightId)).toBe(0);
    expect((await customerMails()).length).toBe(mailsBefore + 1);

    const [notification] = await db.select().from(notifications).where(eq(notifications.userId, OWNER));
    expect(notification).toMatchObject({ type: "customer_cancelled", flightId });
    expect(renderNotification(notification!, "de")).toMatchObject({
      title: "Buchung storniert: Genf → Nizza",
      href: `/confirmation/${orderId}`,
    });

    // A replay (the form posted again, a second tab) finds it cancelled and moves nothing.
    const moves = await movesOf(orderId);
    expect(await cancel(orderId, NOTHING)).toEqual({ ok: false, reason: "alreadyCancelled" });
    expect(await movesOf(orderId)).toEqual(moves);
    expect((await customerMails()).length).toBe(mailsBefore + 1);
    expect(await heldOn(flightId)).toBe(0);
  });

  it("releases a processing order's authorisation and takes nothing, whatever the bracket", async () => {
    const flightId = await flight(3 * DAY); // the 60 % bracket: nothing taken all the same
    const orderId = await processingOrder(flightId);
    expect(await cancel(orderId, NOTHING)).toEqual({ ok: true, money: "nothingCharged", feeCents: 0, refundCents: 0 });
    expect(await rowOf(orderId)).toMatchObject({
      status: "cancelled",
      paymentState: "released",
      cancelReason: "customer",
      cancellationFeeCents: 0,
    });
    expect((await sessionOf(orderId)).status).toBe("released");
    expect(await heldOn(flightId)).toBe(0);
  });

  it("keeps 30 % of a captured order more than 7 days out and refunds the rest through the provider, once", async () => {
    const flightId = await flight(10 * DAY);
    const orderId = await completedOrder(flightId);
    // 1,500 EUR: 450 kept, 1,050 back.
    const shown = { feeCents: 45_000, refundCents: 105_000 };
    const mailsBefore = (await customerMails()).length;
    const [first, second] = await Promise.all([cancel(orderId, shown), cancel(orderId, shown)]);
    expect([first, second]).toContainEqual({ ok: true, money: "refunded", feeCents: 45_000, refundCents: 105_000 });
    expect([first, second]).toContainEqual({ ok: false, reason: "alreadyCancelled" });
    expect(await rowOf(orderId)).toMatchObject({
      status: "cancelled",
      paymentState: "refunded",
      cancelReason: "customer",
      cancellationFeeCents: 45_000,
      refundedCents: 105_000,
    });
    expect(await sessionOf(orderId)).toMatchObject({ refundedCents: 105_000 });
    expect(await heldOn(flightId)).toBe(0);

    expect(await cancel(orderId, shown)).toEqual({ ok: false, reason: "alreadyCancelled" });
    expect(await sessionOf(orderId)).toMatchObject({ refundedCents: 105_000 });
    // One mail for the one cancellation, whatever the presses.
    expect(await customerMails()).toHaveLength(mailsBefore + 1);
  });

  it("refuses figures the terms no longer give (the bracket changed between the two steps) and applies the new ones", async () => {
    const flightId = await flight(7 * DAY + HOUR);
    const orderId = await completedOrder(flightId);
    const early = { feeCents: 45_000, refundCents: 105_000 };
    // The confirmation step was read at 7 days + 1 hour; the press comes 2 hours later.
    clock = new Date(clock.getTime() + 2 * HOUR);
    expect(await cancel(orderId, early)).toEqual({ ok: false, reason: "feeChanged" });
    expect(await rowOf(orderId)).toMatchObject({ status: "completed", paymentState: "captured", refundedCents: 0 });
    // 60 %: 900 kept, 600 back.
    expect(await cancel(orderId, { feeCents: 90_000, refundCents: 60_000 })).toEqual({
      ok: true,
      money: "refunded",
      feeCents: 90_000,
      refundCents: 60_000,
    });
    expect(await sessionOf(orderId)).toMatchObject({ refundedCents: 60_000 });
  });

  it("keeps everything under 48 hours (no refund call), and nothing after a reschedule of 3 hours or more", async () => {
    const late = await completedOrder(await flight(47 * HOUR));
    expect(await cancel(late, { feeCents: 150_000, refundCents: 0 })).toEqual({
      ok: true,
      money: "nothingBack",
      feeCents: 150_000,
      refundCents: 0,
    });
    expect(await sessionOf(late)).toMatchObject({ status: "captured", refundedCents: 0 });

    const rescheduled = await completedOrder(await flight(47 * HOUR));
    await db.update(orders).set({ freeCancellation: true }).where(eq(orders.id, rescheduled));
    expect(await cancel(rescheduled, { feeCents: 0, refundCents: 150_000 })).toEqual({
      ok: true,
      money: "refunded",
      feeCents: 0,
      refundCents: 150_000,
    });
  });

  it("refuses a flight that has departed, and an order that does not exist", async () => {
    const flightId = await flight(DAY);
    const orderId = await completedOrder(flightId);
    // The flight left (a day and a few seconds after the booking): an hour later, too late.
    clock = new Date(clock.getTime() + DAY + HOUR);
    expect(await cancel(orderId, { feeCents: 150_000, refundCents: 0 })).toEqual({
      ok: false,
      reason: "notCancellable",
    });
    expect(await rowOf(orderId)).toMatchObject({ status: "completed" });
    expect(await cancel("no-such-order", NOTHING)).toEqual({ ok: false, reason: "notFound" });
  });
});
