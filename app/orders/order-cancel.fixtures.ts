/**
 * Orders in every state on a real D1 with the real payment simulator, for the tests of the
 * one cancellation (order-cancel*.server.test.ts): paid on the simulator's page, captured
 * by staff, the simulator's refund events applied at once and kept for replays.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { asc, eq, sql } from "drizzle-orm";

import type { Db } from "#app/db/client.server";
import { demoOperatorColumns } from "#app/db/demo-data";
import {
  airports,
  devPaymentRefunds,
  devPaymentSessions,
  flights,
  mailOutbox,
  orderEvents,
  orders,
} from "#app/db/schema";
import type { PaymentProvider } from "#app/payments/provider.server";
import { createSimulatorProvider } from "#app/payments/simulator.server";
import type { SignedEvent } from "#app/payments/simulator-charges.server";
import { createTestContext } from "#tests/context";
import { createTestD1 } from "#tests/d1";

import { submitDevPayment } from "./dev-pay-submit.server";
import { validateOrder } from "./order-life.server";
import { applyPaymentWebhook, startPayment } from "./order-payment.server";
import { placeOrder } from "./orders.queries.server";
import type { MessageKind } from "./types";

export const NOW = new Date("2026-11-23T10:00:00Z");
export const STAFF = "staff-1";

/** A D1 with two airports and a staff member, and the helpers on it. */
export async function orderCancelFixtures() {
  const { d1, db, dispose } = await createTestD1();
  await db.insert(airports).values([
    { icaoCode: "LSGG", servedCity: "Genève" },
    { icaoCode: "LFMN", servedCity: "Nice" },
  ]);
  await d1
    .prepare(
      "insert into users (id, email, password_hash, first_name, last_name, role) values (?, 'staff@example.ch', 'x', 'Sam', 'Staff', 'admin')",
    )
    .bind(STAFF)
    .run();
  return { dispose, ...helpersOn(d1, db) };
}

function helpersOn(d1: D1Database, db: Db) {
  /** The simulator's refund events as delivered (applied at once, kept for replays). */
  const delivered: SignedEvent[] = [];
  function context(wrap?: (base: PaymentProvider) => PaymentProvider): AppLoadContext {
    const ctx = createTestContext({ d1, now: NOW });
    ctx.payments = createSimulatorProvider({
      db: ctx.db,
      appUrl: ctx.env.APP_URL,
      webhookSecret: ctx.env.STRIPE_WEBHOOK_SECRET,
      now: () => NOW,
      deliver: async (event) => {
        delivered.push(event);
        await applyPaymentWebhook(ctx, event.rawBody, event.signature);
      },
    });
    if (wrap) ctx.payments = wrap(ctx.payments);
    return ctx;
  }

  let flightNumber = 0;
  /** A 4-seat flight of 60 minutes at 50 EUR a minute: 750 EUR a seat. */
  async function flight() {
    const id = `cancel-flight-${++flightNumber}`;
    const [from, to] = await db.select({ id: airports.id }).from(airports);
    const departure = NOW.getTime() + 10 * 86_400_000 + flightNumber * 60_000;
    await db.insert(flights).values({
      id,
      departureAirportId: from!.id,
      arrivalAirportId: to!.id,
      departureDate: new Date(departure),
      arrivalDate: new Date(departure + 60 * 60_000),
      flightTime: 60,
      aircraftType: "PC12",
      ...demoOperatorColumns(0, "PC12"),
      pricePerMinute: 50,
      feedSeats: 4,
      refreshedAt: NOW,
    });
    return id;
  }

  /** A pending order of 2 seats (1,500 EUR) with its simulator page open; `messages` written as checkout does. */
  async function pendingOrder(flightId: string, { messages = [] }: { messages?: readonly MessageKind[] } = {}) {
    const orderId = crypto.randomUUID();
    const result = await placeOrder(db, {
      orderId,
      reference: `JM-C${crypto.randomUUID().slice(0, 5).toUpperCase()}`,
      linkKeyHash: crypto.randomUUID().replaceAll("-", "").padEnd(64, "b"),
      flightId,
      request: { kind: "seats", seats: 2 },
      seenAvailableSeats: 4,
      userId: null,
      customerInfo: {
        firstName: "Léa",
        lastName: "Muller",
        email: "lea@example.ch",
        phone: "+41 79 123 45 67",
        address: "Rue du Rhône 1",
        zipCode: "1204",
        city: "Genève",
        country: "CH",
      },
      passengers: ["Léa Muller", "Marc Muller"],
      language: "fr",
      idempotencyKey: crypto.randomUUID(),
      messages,
      holdExpiresAt: new Date(NOW.getTime() + 30 * 60_000),
      clientKey: "test-network",
      now: NOW,
    });
    if (result.status !== "created") throw new Error(`setup: ${result.status}`);
    const page = await startPayment(context(), orderId);
    if (!page.ok) throw new Error(`setup: ${page.reason}`);
    return { orderId, sessionId: decodeURIComponent(page.url.split("/dev/pay/")[1]!) };
  }

  /** Paid on the simulator's page: the card authorised. */
  async function processingOrder(flightId: string, options: { messages?: readonly MessageKind[] } = {}) {
    const order = await pendingOrder(flightId, options);
    const paid = await submitDevPayment(context(), { sessionId: order.sessionId, action: "pay" });
    if (!paid.ok) throw new Error(`setup: ${paid.reason}`);
    return order;
  }

  /** Validated by staff: the money captured. */
  async function completedOrder(flightId: string) {
    const order = await processingOrder(flightId);
    const validated = await validateOrder(context(), { orderId: order.orderId, by: STAFF });
    if (!validated.ok) throw new Error(`setup: ${validated.reason}`);
    return order;
  }

  const orderOf = async (orderId: string) => (await db.select().from(orders).where(eq(orders.id, orderId)).get())!;
  const pageOf = async (sessionId: string) =>
    (await db.select().from(devPaymentSessions).where(eq(devPaymentSessions.id, sessionId)).get())!;
  const heldOn = async (flightId: string) =>
    (await db.select({ held: flights.seatsHeld }).from(flights).where(eq(flights.id, flightId)).get())!.held;
  const movesOf = async (orderId: string) =>
    (
      await db
        .select({ move: orderEvents.move })
        .from(orderEvents)
        .where(eq(orderEvents.orderId, orderId))
        .orderBy(orderEvents.id)
    ).map((row) => row.move);
  /** The templates of the mails about an order (its reference in their data), oldest first. */
  const mailTemplatesOf = async (orderId: string) => {
    const { reference } = await orderOf(orderId);
    const rows = await db
      .select({ template: mailOutbox.template })
      .from(mailOutbox)
      .where(sql`json_extract(${mailOutbox.data}, '$.reference') = ${reference}`)
      .orderBy(asc(mailOutbox.id));
    return rows.map((row) => row.template);
  };
  const refundsOf = async (sessionId: string) => {
    const { paymentIntentId } = await pageOf(sessionId);
    return db.select().from(devPaymentRefunds).where(eq(devPaymentRefunds.paymentIntentId, paymentIntentId));
  };
  const flightCancelled = (orderId: string) =>
    ({ orderId, reason: "flightCancelled", actor: "staff", changedBy: STAFF }) as const;

  return {
    db,
    delivered,
    context,
    flight,
    pendingOrder,
    processingOrder,
    completedOrder,
    orderOf,
    pageOf,
    heldOn,
    movesOf,
    refundsOf,
    mailTemplatesOf,
    flightCancelled,
  };
}
