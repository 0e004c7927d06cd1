// What staff read about a flight's cancellation (docs/permissions.md, decision 032): the orders it moves,
// listed before they confirm, and the summary mail naming who cancelled, on a real D1 and the payment simulator.
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { mailOutbox } from "#app/db/schema";
import { moveFlightToCancelled } from "#app/flights/flight-life.server";

import {
  cancelFlight,
  FINISH_AFTER_MS,
  finishCancelledFlights,
  previewFlightCancellation,
} from "./flight-cancellation.server";
import { NOW, orderCancelFixtures, STAFF } from "./order-cancel.fixtures";

let fx: Awaited<ReturnType<typeof orderCancelFixtures>>;
beforeAll(async () => {
  fx = await orderCancelFixtures();
});
afterAll(() => fx.dispose());

/** The newest summary mail to staff, as its text part reads. */
async function staffSummaryText() {
  const [mail] = await fx.db
    .select({ text: mailOutbox.text })
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.toAddress, fx.context().env.STAFF_EMAIL),
        eq(mailOutbox.template, "flights/staff-flight-cancelled"),
      ),
    )
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  return mail?.text ?? "";
}

describe("before staff confirm a flight's cancellation", () => {
  it("lists each order it moves: reference, customer, seats, status, amount and what happens to the money", async () => {
    const flightId = await fx.flight();
    const pending = await fx.pendingOrder(flightId);
    const completed = await fx.completedOrder(flightId);
    const outcome = await previewFlightCancellation(fx.context(), flightId);
    if (!outcome.ok) throw new Error(outcome.reason);
    const row = async (orderId: string, status: string, money: string) => ({
      reference: (await fx.orderOf(orderId)).reference,
      customer: "Léa Muller",
      seats: 2,
      wholeAircraft: false,
      status,
      amountCents: 150_000,
      money,
    });
    expect(outcome.preview.affected).toEqual(
      expect.arrayContaining([
        await row(pending.orderId, "pending", "released"),
        await row(completed.orderId, "completed", "refunded"),
      ]),
    );
    expect(outcome.preview.affected).toHaveLength(2);
    expect(outcome.preview.affected[0]!.reference).toMatch(/^JM-C/);
  });
});

describe("the summary mail staff receive", () => {
  it("names the staff member who cancelled, not the team", async () => {
    const flightId = await fx.flight();
    await fx.processingOrder(flightId);
    const outcome = await cancelFlight(fx.context(), {
      flightId,
      by: { kind: "staff", userId: STAFF },
      reason: "weather",
    });
    expect(outcome.ok).toBe(true);
    const text = await staffSummaryText();
    expect(text).toMatch(/Par\s*:?\s*Sam Staff/);
    expect(text).not.toContain("L'équipe");
  });

  it("names the person too when the cron finishes a cascade cut halfway", async () => {
    const flightId = await fx.flight();
    await fx.processingOrder(flightId);
    const context = fx.context();
    await moveFlightToCancelled(context, { flightId, by: { kind: "staff", userId: STAFF }, reason: "technical" });
    const later = fx.context();
    later.now = () => new Date(NOW.getTime() + FINISH_AFTER_MS + 60_000);
    expect((await finishCancelledFlights(later)).orders).toBe(1);
    expect(await staffSummaryText()).toMatch(/Par\s*:?\s*Sam Staff/);
  });

  it("says the sync when the operator's feed cancelled it", async () => {
    const flightId = await fx.flight();
    await fx.processingOrder(flightId);
    expect((await cancelFlight(fx.context(), { flightId, by: { kind: "sync" }, reason: "feedCancelled" })).ok).toBe(
      true,
    );
    const text = await staffSummaryText();
    expect(text).toMatch(/Par\s*:?\s*La synchronisation/);
    expect(text).not.toContain("Sam Staff");
  });
});
