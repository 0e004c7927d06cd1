// A flight's cancellation wins over its customer's (decision 047), on a real D1 and the payment
// simulator: whichever comes first, or both at once, or a cascade cut halfway and finished by the
// cron or by staff, every order of the cancelled flight ends refunded in full, the provider's
// refunds adding up to the price exactly, and the customer gets one flight-cancelled mail.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { flights } from "#app/db/schema";
import { moveFlightToCancelled } from "#app/flights/flight-life.server";

import { cancelOrderAsCustomer, quoteCancellation } from "./customer-cancel.server";
import { cancelFlight, FINISH_AFTER_MS, finishCancelledFlights } from "./flight-cancellation.server";
import { orderCancelFixtures, STAFF } from "./order-cancel.fixtures";
import { findOrderWithFlight } from "./orders.queries.server";

let fx: Awaited<ReturnType<typeof orderCancelFixtures>>;
beforeAll(async () => {
  fx = await orderCancelFixtures();
});
afterAll(() => fx.dispose());

/** 2 seats at 750 EUR, ten days out: the terms keep 30 % when the customer cancels. */
const PRICE = 150_000;
const NOW_MS = new Date("2026-11-23T10:00:00Z").getTime();
const SHOWN = { feeCents: 45_000, refundCents: 105_000 };

const customerCancels = (orderId: string) =>
  cancelOrderAsCustomer(fx.context(), { orderId, userId: null, shown: SHOWN });
const staffCancels = (flightId: string) =>
  cancelFlight(fx.context(), { flightId, by: { kind: "staff", userId: STAFF }, reason: "weather" });

/** The 5-minute cron, once the cascade's own call had its time (it leaves a cancellation 10 minutes to finish). */
async function cronLater(flightId: string) {
  await fx.db
    .update(flights)
    .set({ cancelledAt: sql`${flights.cancelledAt} - ${FINISH_AFTER_MS}` })
    .where(eq(flights.id, flightId));
  return finishCancelledFlights(fx.context());
}

/** The customer's mails about an order's cancellation. */
async function mailsOf(orderId: string) {
  return (await fx.mailTemplatesOf(orderId)).filter(
    (template) => template.includes("cancel") && !template.includes("staff"),
  );
}

/** Refunded in full, by refunds at the provider that add up to the price, with one flight-cancelled mail. */
async function expectRefundedInFull(orderId: string, sessionId: string) {
  expect(await fx.orderOf(orderId)).toMatchObject({
    status: "cancelled",
    paymentState: "refunded",
    refundedCents: PRICE,
  });
  const refunds = await fx.refundsOf(sessionId);
  expect(refunds.reduce((sum, refund) => sum + refund.amountCents, 0)).toBe(PRICE);
  expect((await mailsOf(orderId)).filter((template) => template === "orders/flight-cancelled")).toHaveLength(1);
  return refunds;
}

describe("a customer's cancellation and its flight's", () => {
  it("staff first: the customer's cancellation keeps no fee, one refund of the whole price, one mail", async () => {
    const flightId = await fx.flight();
    const { orderId, sessionId } = await fx.completedOrder(flightId);
    expect(await staffCancels(flightId)).toMatchObject({ ok: true, summary: { refunded: 1, refundedCents: PRICE } });
    expect(await customerCancels(orderId)).toEqual({ ok: false, reason: "alreadyCancelled" });
    expect(await expectRefundedInFull(orderId, sessionId)).toHaveLength(1);
    expect(await mailsOf(orderId)).toEqual(["orders/flight-cancelled"]);
  });

  it("the customer first: the fee kept is given back once the flight is cancelled, never twice", async () => {
    const flightId = await fx.flight();
    const { orderId, sessionId } = await fx.completedOrder(flightId);
    expect(await customerCancels(orderId)).toMatchObject({ ok: true, feeCents: 45_000, refundCents: 105_000 });
    expect(await staffCancels(flightId)).toMatchObject({ ok: true, summary: { refunded: 1, refundedCents: 45_000 } });
    const refunds = await expectRefundedInFull(orderId, sessionId);
    expect(refunds.map((refund) => refund.amountCents).sort()).toEqual([105_000, 45_000].sort());
    expect(await fx.orderOf(orderId)).toMatchObject({ cancellationFeeCents: 0, cancelReason: "customer" });
    // Run again (staff, then the cron): nothing more moves.
    expect(await staffCancels(flightId)).toEqual({ ok: false, reason: "notUpdated" });
    expect(await cronLater(flightId)).toEqual({ orders: 0 });
    expect(await fx.refundsOf(sessionId)).toHaveLength(2);
    expect(await mailsOf(orderId)).toEqual(["orders/cancelled-by-customer", "orders/flight-cancelled"]);
  });

  it("the customer first, inside 48 hours (the whole price kept): all of it comes back once the flight is cancelled", async () => {
    const flightId = await fx.flight();
    const { orderId, sessionId } = await fx.completedOrder(flightId);
    await fx.db
      .update(flights)
      .set({ departureDate: new Date(NOW_MS + 24 * 3_600_000) })
      .where(eq(flights.id, flightId));
    const shown = { feeCents: PRICE, refundCents: 0 };
    expect(await cancelOrderAsCustomer(fx.context(), { orderId, userId: null, shown })).toMatchObject({ ok: true });
    expect(await fx.orderOf(orderId)).toMatchObject({ paymentState: "captured", refundedCents: 0 });
    expect(await staffCancels(flightId)).toMatchObject({ ok: true, summary: { refunded: 1, refundedCents: PRICE } });
    expect(await expectRefundedInFull(orderId, sessionId)).toHaveLength(1);
  });

  it("both at once, five times: refunded in full each time, the money moved once", async () => {
    for (let round = 0; round < 5; round += 1) {
      const flightId = await fx.flight();
      const { orderId, sessionId } = await fx.completedOrder(flightId);
      const [customer, staff] = await Promise.all([customerCancels(orderId), staffCancels(flightId)]);
      expect(staff.ok).toBe(true);
      expect(customer.ok || (!customer.ok && customer.reason === "alreadyCancelled")).toBe(true);
      await cronLater(flightId);
      await expectRefundedInFull(orderId, sessionId);
    }
  });

  it("a cascade cut halfway: the customer is offered no fee, and the cron finishes the rest", async () => {
    const flightId = await fx.flight();
    const first = await fx.completedOrder(flightId);
    const second = await fx.completedOrder(flightId);
    // The flight moved, then the process died before its orders were.
    expect(
      await moveFlightToCancelled(fx.context(), { flightId, by: { kind: "sync" }, reason: "feedCancelled" }),
    ).toMatchObject({
      moved: true,
    });
    const found = (await findOrderWithFlight(fx.db, first.orderId))!;
    expect(quoteCancellation(found, new Date("2026-11-23T10:00:00Z"))).toMatchObject({
      bracket: "flightCancelled",
      feeCents: 0,
      refundCents: PRICE,
    });
    // A page loaded before still posts the 30 % it showed: the flight's cancellation wins.
    expect(await customerCancels(first.orderId)).toMatchObject({ ok: true, feeCents: 0, refundCents: PRICE });
    // The cron leaves the cancellation to its own call for 10 minutes, then finishes it.
    expect(await finishCancelledFlights(fx.context())).toEqual({ orders: 0 });
    expect(await cronLater(flightId)).toEqual({ orders: 1 });
    expect(await expectRefundedInFull(first.orderId, first.sessionId)).toHaveLength(1);
    expect(await expectRefundedInFull(second.orderId, second.sessionId)).toHaveLength(1);
    expect(await finishCancelledFlights(fx.context())).toEqual({ orders: 0 });
  });

  it("a cascade cut halfway and staff run it again: it is finished, not refused", async () => {
    const flightId = await fx.flight();
    const { orderId, sessionId } = await fx.completedOrder(flightId);
    await moveFlightToCancelled(fx.context(), { flightId, by: { kind: "sync" }, reason: "feedCancelled" });
    expect(await staffCancels(flightId)).toMatchObject({ ok: true, summary: { orders: 1, refundedCents: PRICE } });
    await expectRefundedInFull(orderId, sessionId);
    expect(await staffCancels(flightId)).toEqual({ ok: false, reason: "notUpdated" });
  });
});
