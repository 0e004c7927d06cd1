// A payment whose webhook was lost (the process died after the page moved): the simulator
// delivers it again until the app acknowledges it, and the reconciliation asks the provider.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { devPaymentEvents, orders } from "#app/db/schema";
import { redeliverSimulatorEvents } from "#app/orders/dev-pay-submit.server";
import { findDevPaymentSession, moveSessionWithEvents } from "#app/payments/dev-payment-sessions.queries.server";
import { simulatorEvent } from "#app/payments/simulator.server";

import { NOW, orderCancelFixtures } from "./order-cancel.fixtures";
import { expireUnpaidHolds } from "./order-life.server";
import { reconcilePendingPayments } from "./order-reconcile.server";

let fx: Awaited<ReturnType<typeof orderCancelFixtures>>;
beforeAll(async () => {
  fx = await orderCancelFixtures();
});
afterAll(() => fx.dispose());

/** 'Payer' pressed, the page moved and its event recorded, then the process died before the webhook. */
async function paidThenCrashed(sessionId: string) {
  const session = (await findDevPaymentSession(fx.db, sessionId))!;
  const event = await simulatorEvent(session, "pay", NOW, fx.context().env.STRIPE_WEBHOOK_SECRET);
  const earlier = new Date(NOW.getTime() - 5 * 60_000);
  await moveSessionWithEvents(fx.db, {
    id: sessionId,
    from: ["open"],
    to: "authorised",
    events: [{ id: event.id, body: event.rawBody }],
    now: earlier,
  });
  await fx.db
    .update(orders)
    .set({ updatedAt: earlier })
    .where(sql`${orders.paymentSessionId} = ${sessionId}`);
  return event.id;
}

const authorisedMails = async (orderId: string) =>
  (await fx.mailTemplatesOf(orderId)).filter((template) => template.endsWith("authorised"));

describe("a lost payment webhook", () => {
  it("is delivered again by the simulator until acknowledged, and applied once", async () => {
    const { orderId, sessionId } = await fx.pendingOrder(await fx.flight());
    const eventId = await paidThenCrashed(sessionId);
    expect((await fx.orderOf(orderId)).status).toBe("pending");
    expect(await redeliverSimulatorEvents(fx.context())).toEqual({ delivered: 1 });
    expect(await redeliverSimulatorEvents(fx.context())).toEqual({ delivered: 0 });
    expect(await fx.orderOf(orderId)).toMatchObject({ status: "processing", paymentState: "authorised" });
    expect(await authorisedMails(orderId)).toEqual(["orders/authorised", "orders/staff-authorised"]);
    const [row] = await fx.db.select().from(devPaymentEvents).where(eq(devPaymentEvents.id, eventId));
    expect(row?.deliveredAt).not.toBeNull();
  });

  it("lost for good, is found by asking the provider: the order moves once", async () => {
    const { orderId, sessionId } = await fx.pendingOrder(await fx.flight());
    const eventId = await paidThenCrashed(sessionId);
    await fx.db.delete(devPaymentEvents).where(eq(devPaymentEvents.id, eventId));
    expect(await reconcilePendingPayments(fx.context())).toMatchObject({ applied: 1 });
    expect(await reconcilePendingPayments(fx.context())).toMatchObject({ applied: 0 });
    expect(await fx.orderOf(orderId)).toMatchObject({ status: "processing", paymentState: "authorised" });
    expect(await authorisedMails(orderId)).toEqual(["orders/authorised", "orders/staff-authorised"]);
  });

  it("on an order the cron cancelled meanwhile, the authorisation found is released, and told once", async () => {
    const { orderId, sessionId } = await fx.pendingOrder(await fx.flight());
    await paidThenCrashed(sessionId);
    await fx.db
      .update(orders)
      .set({ holdExpiresAt: new Date(NOW.getTime() - 1) })
      .where(eq(orders.id, orderId));
    expect(await expireUnpaidHolds(fx.context())).toBeGreaterThanOrEqual(1);
    await reconcilePendingPayments(fx.context());
    expect((await fx.orderOf(orderId)).status).toBe("cancelled");
    expect((await fx.pageOf(sessionId)).status).toBe("released");
    // The page's own event comes after all: nothing more is released or told.
    await redeliverSimulatorEvents(fx.context());
    expect((await fx.movesOf(orderId)).filter((move) => move === "lateAuthorisationReleased")).toHaveLength(1);
    expect(
      (await fx.mailTemplatesOf(orderId)).filter((template) => template === "orders/staff-late-payment"),
    ).toHaveLength(1);
  });
});
