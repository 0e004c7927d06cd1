/**
 * The one cancellation (decision 031) on a real D1 with the real payment simulator: every
 * order state cancelled once with its seats back once and its money moved once (counted on
 * the simulator's own pages and refunds), replays that change nothing, refunds refused and
 * retried.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { signPayload } from "#app/payments/stripe-events.server";

import { NOW, orderCancelFixtures, STAFF } from "./order-cancel.fixtures";
import { cancelOrder, retryRefund } from "./order-cancel.server";
import { validateOrder } from "./order-life.server";
import { applyPaymentWebhook } from "./order-payment.server";

let fx: Awaited<ReturnType<typeof orderCancelFixtures>>;
beforeAll(async () => {
  fx = await orderCancelFixtures();
});
afterAll(() => fx.dispose());

describe("cancelOrder", () => {
  it("cancels a pending order once: its page closed, its seats back once, nothing taken", async () => {
    const flightId = await fx.flight();
    const { orderId, sessionId } = await fx.pendingOrder(flightId);
    expect(await fx.heldOn(flightId)).toBe(2);
    const outcomes = await Promise.all([1, 2].map(() => cancelOrder(fx.context(), fx.flightCancelled(orderId))));
    expect(outcomes).toContainEqual({ ok: true, money: "nothing", refundedCents: 0 });
    expect(outcomes).toContainEqual({ ok: false, reason: "alreadyCancelled" });
    expect(await fx.orderOf(orderId)).toMatchObject({
      status: "cancelled",
      paymentState: "none",
      cancelReason: "flightCancelled",
      cancelledAt: NOW,
      cancellationFeeCents: null,
    });
    expect((await fx.pageOf(sessionId)).status).toBe("expired");
    expect(await fx.heldOn(flightId)).toBe(0);
    expect(await fx.movesOf(orderId)).toEqual(["placed", "flightCancelled"]);
  });

  it("releases a processing order's authorisation, whose capture deadline came with it", async () => {
    const flightId = await fx.flight();
    const { orderId, sessionId } = await fx.processingOrder(flightId);
    expect((await fx.orderOf(orderId)).captureBefore).toEqual(new Date(NOW.getTime() + 7 * 86_400_000));
    expect(await cancelOrder(fx.context(), { orderId, reason: "authorisationLapsed", actor: "system" })).toEqual({
      ok: true,
      money: "released",
      refundedCents: 0,
    });
    expect(await cancelOrder(fx.context(), { orderId, reason: "authorisationLapsed", actor: "system" })).toEqual({
      ok: false,
      reason: "alreadyCancelled",
    });
    expect(await fx.orderOf(orderId)).toMatchObject({ status: "cancelled", paymentState: "released" });
    expect((await fx.pageOf(sessionId)).status).toBe("released");
    expect(await fx.heldOn(flightId)).toBe(0);
  });

  it("refunds a captured order in full once; the provider's charge.refunded, replayed, changes nothing", async () => {
    const flightId = await fx.flight();
    const { orderId, sessionId } = await fx.completedOrder(flightId);
    fx.delivered.length = 0;
    expect(await cancelOrder(fx.context(), fx.flightCancelled(orderId))).toEqual({
      ok: true,
      money: "refunded",
      refundedCents: 150_000,
    });
    expect(await cancelOrder(fx.context(), fx.flightCancelled(orderId))).toEqual({
      ok: false,
      reason: "alreadyCancelled",
    });
    const [event] = fx.delivered;
    expect(event?.type).toBe("charge.refunded");
    expect(await applyPaymentWebhook(fx.context(), event!.rawBody, event!.signature)).toEqual({
      ok: true,
      applied: false,
    });

    expect(await fx.orderOf(orderId)).toMatchObject({
      status: "cancelled",
      paymentState: "refunded",
      refundedCents: 150_000,
    });
    expect(await fx.pageOf(sessionId)).toMatchObject({ status: "refunded", refundedCents: 150_000 });
    expect(await fx.refundsOf(sessionId)).toHaveLength(1);
    expect(await fx.heldOn(flightId)).toBe(0);
    expect(await fx.movesOf(orderId)).toEqual(["placed", "authorised", "captured", "flightCancelled", "refunded"]);
  });

  it("refuses a signed refund total out of range (more than was paid, or below zero) before writing anything", async () => {
    const flightId = await fx.flight();
    const { orderId } = await fx.completedOrder(flightId);
    fx.delivered.length = 0;
    await cancelOrder(fx.context(), { orderId, reason: "customer", actor: "customer", feeCents: 45_000 });
    const [refund] = fx.delivered;
    const before = { order: await fx.orderOf(orderId), moves: await fx.movesOf(orderId) };
    for (const total of [696_000, -5, 0]) {
      const body = refund!.rawBody
        .replace(/"amount_refunded":\d+/, `"amount_refunded":${total}`)
        .replace(refund!.id, `${refund!.id.slice(0, 40)}_${total}`);
      expect(body).toContain(`"amount_refunded":${total}`);
      const signature = await signPayload(body, fx.context().env.STRIPE_WEBHOOK_SECRET, NOW.getTime() / 1000);
      expect(await applyPaymentWebhook(fx.context(), body, signature)).toMatchObject({
        ok: false,
        reason: "malformedEvent",
      });
    }
    expect(await fx.movesOf(orderId)).toEqual(before.moves);
    expect(await fx.orderOf(orderId)).toEqual(before.order);
  });

  it("keeps the terms' fee when the customer cancels: the rest goes back, the fee is stored", async () => {
    const flightId = await fx.flight();
    const { orderId, sessionId } = await fx.completedOrder(flightId);
    expect(
      await cancelOrder(fx.context(), { orderId, reason: "customer", actor: "customer", feeCents: 45_000 }),
    ).toEqual({
      ok: true,
      money: "refunded",
      refundedCents: 105_000,
    });
    expect(await fx.orderOf(orderId)).toMatchObject({
      paymentState: "refunded",
      refundedCents: 105_000,
      cancellationFeeCents: 45_000,
      cancelReason: "customer",
    });
    expect(await fx.pageOf(sessionId)).toMatchObject({ status: "captured", refundedCents: 105_000 });
  });

  it("a refund the provider refuses stays 'refundFailed' with its message; staff's retry gives it back once", async () => {
    const flightId = await fx.flight();
    const { orderId, sessionId } = await fx.completedOrder(flightId);
    const refusing = fx.context((base) => ({
      ...base,
      refund: async () => ({ ok: false, message: "Charge ch_x has been disputed" }),
    }));
    expect(await cancelOrder(refusing, fx.flightCancelled(orderId))).toEqual({
      ok: true,
      money: "refundFailed",
      refundedCents: 0,
    });
    expect(await fx.orderOf(orderId)).toMatchObject({
      status: "cancelled",
      paymentState: "refundFailed",
      refundedCents: 0,
    });
    expect(await fx.heldOn(flightId)).toBe(0);

    const retries = await Promise.all([1, 2].map(() => retryRefund(fx.context(), { orderId, by: STAFF })));
    expect(retries).toContainEqual({ ok: true, refundedCents: 150_000 });
    expect(await retryRefund(fx.context(), { orderId, by: STAFF })).toEqual({ ok: false, reason: "notUpdated" });
    expect(await fx.orderOf(orderId)).toMatchObject({ paymentState: "refunded", refundedCents: 150_000 });
    expect(await fx.pageOf(sessionId)).toMatchObject({ status: "refunded", refundedCents: 150_000 });
    expect(await fx.refundsOf(sessionId)).toHaveLength(1);
    const moves = await fx.movesOf(orderId);
    expect(moves.filter((move) => move === "refundFailed")).toHaveLength(1);
    expect(moves.filter((move) => move === "refunded")).toHaveLength(1);
  });

  it("an order paid offline is left for staff to refund by hand, then recorded once", async () => {
    const flightId = await fx.flight();
    const { orderId } = await fx.pendingOrder(flightId);
    expect(await validateOrder(fx.context(), { orderId, by: STAFF })).toEqual({ ok: true, payment: "offline" });
    expect(await cancelOrder(fx.context(), fx.flightCancelled(orderId))).toEqual({
      ok: true,
      money: "refundFailed",
      refundedCents: 0,
    });
    expect(await fx.movesOf(orderId)).toEqual(["placed", "validatedOffline", "flightCancelled", "refundManual"]);
    expect(await retryRefund(fx.context(), { orderId, by: STAFF })).toEqual({ ok: true, refundedCents: 150_000 });
    expect(await fx.orderOf(orderId)).toMatchObject({ paymentState: "refunded", refundedCents: 150_000 });
  });

  it("knows no order it does not have", async () => {
    expect(await cancelOrder(fx.context(), fx.flightCancelled("no-such-order"))).toEqual({
      ok: false,
      reason: "notFound",
    });
  });
});
