/**
 * The race the issue names (decision 031): a staff capture, the authorisation's webhook told
 * again and a flight cancellation on one order end in exactly one outcome, with the money
 * moved once (counted on the simulator's own pages and refunds) and the seats counted once.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { PaymentProvider } from "#app/payments/provider.server";

import { submitDevPayment } from "./dev-pay-submit.server";
import { orderCancelFixtures, STAFF } from "./order-cancel.fixtures";
import { cancelOrder } from "./order-cancel.server";
import { validateOrder } from "./order-life.server";

let fx: Awaited<ReturnType<typeof orderCancelFixtures>>;
beforeAll(async () => {
  fx = await orderCancelFixtures();
});
afterAll(() => fx.dispose());

describe("a staff capture, a webhook and a cancellation racing on one order", () => {
  function latch() {
    let open = () => {};
    const opened = new Promise<void>((resolve) => (open = resolve));
    return { open, opened };
  }

  /**
   * Staff validate, the authorisation's page is paid again (its webhook told twice), and the
   * fx.flight is cancelled, all at once; `staffPayments` and `cancelPayments` order the calls
   * at the provider. Checks the one outcome: cancelled, seats back once, money moved once.
   */
  async function race({
    staffPayments,
    cancelPayments,
    cancelAfter = Promise.resolve(),
  }: {
    staffPayments?: (base: PaymentProvider) => PaymentProvider;
    cancelPayments?: (base: PaymentProvider) => PaymentProvider;
    cancelAfter?: Promise<void>;
  } = {}) {
    const flightId = await fx.flight();
    const { orderId, sessionId } = await fx.processingOrder(flightId);
    const before = fx.delivered.length;
    const [validated, cancelled] = await Promise.all([
      validateOrder(fx.context(staffPayments), { orderId, by: STAFF }),
      cancelAfter.then(() => cancelOrder(fx.context(cancelPayments), fx.flightCancelled(orderId))),
      submitDevPayment(fx.context(), { sessionId, action: "pay" }), // the page is closed: changes nothing
    ]);
    const order = await fx.orderOf(orderId);
    const page = await fx.pageOf(sessionId);
    expect(order.status).toBe("cancelled");
    expect(await fx.heldOn(flightId)).toBe(0);
    expect(cancelled.ok).toBe(true);
    // The money moved once: never taken, or taken and all of it given back by one refund.
    if (page.status === "released") {
      expect(order).toMatchObject({ paymentState: "released", refundedCents: 0 });
      expect(cancelled).toMatchObject({ money: "released" });
    } else {
      expect(page).toMatchObject({ status: "refunded", refundedCents: 150_000 });
      expect(order).toMatchObject({ paymentState: "refunded", refundedCents: 150_000 });
      expect(cancelled).toMatchObject({ money: "refunded", refundedCents: 150_000 });
      expect(await fx.refundsOf(sessionId)).toHaveLength(1);
    }
    expect(fx.delivered.length - before).toBeLessThanOrEqual(1);
    return { validated, page };
  }

  it("the cancellation comes while the capture is on its way: the authorisation is released, nothing taken", async () => {
    const captureSent = latch();
    const released = latch();
    const { validated, page } = await race({
      staffPayments: (base) => ({
        ...base,
        capture: async (intent, options) => {
          captureSent.open();
          await released.opened;
          return base.capture(intent, options);
        },
      }),
      cancelPayments: (base) => ({
        ...base,
        cancelAuthorisation: async (intent, options) => {
          const result = await base.cancelAuthorisation(intent, options);
          released.open();
          return result;
        },
      }),
      cancelAfter: captureSent.opened,
    });
    expect(page.status).toBe("released");
    expect(validated).toEqual({ ok: false, reason: "notUpdated" });
  });

  it("the capture took the money before the cancellation: it is refunded in full, once", async () => {
    const captured = latch();
    const cancelled = latch();
    const { validated, page } = await race({
      staffPayments: (base) => ({
        ...base,
        capture: async (intent, options) => {
          const result = await base.capture(intent, options);
          captured.open();
          await cancelled.opened;
          return result;
        },
      }),
      cancelPayments: (base) => ({
        ...base,
        refund: async (intent, options) => {
          const result = await base.refund(intent, options);
          cancelled.open();
          return result;
        },
      }),
      cancelAfter: captured.opened,
    });
    expect(page.status).toBe("refunded");
    expect(validated).toEqual({ ok: false, reason: "notUpdated" });
  });

  it("unordered: whichever wins, one outcome", async () => {
    for (let round = 0; round < 3; round += 1) await race();
  });

  it("a cancellation that comes first: staff's capture is refused and takes nothing", async () => {
    const flightId = await fx.flight();
    const { orderId, sessionId } = await fx.processingOrder(flightId);
    expect(await cancelOrder(fx.context(), fx.flightCancelled(orderId))).toMatchObject({ ok: true, money: "released" });
    expect(await validateOrder(fx.context(), { orderId, by: STAFF })).toEqual({ ok: false, reason: "notUpdated" });
    expect((await fx.pageOf(sessionId)).status).toBe("released");
    expect(await fx.heldOn(flightId)).toBe(0);
  });
});
