/**
 * No order is confirmed while its flight's operating carrier is unknown (docs/orders.md 'The operating carrier'), on a
 * real D1 and the payment simulator: staff's 'Valider' is refused and moves no money, then works once staff name it.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { flightLogs, flights } from "#app/db/schema";

import { saveFlightRow } from "./admin-flight-row.server";
import { orderCancelFixtures, STAFF } from "./order-cancel.fixtures";
import { validateOrder } from "./order-life.server";

let fixtures: Awaited<ReturnType<typeof orderCancelFixtures>>;
beforeAll(async () => {
  fixtures = await orderCancelFixtures();
});
afterAll(() => fixtures.dispose());

type Carrier = Pick<
  typeof flights.$inferInsert,
  "operatorName" | "operatorAoc" | "operatorState" | "aircraftRegistration"
>;
const NO_CARRIER: Carrier = { operatorName: null, operatorAoc: null, operatorState: null, aircraftRegistration: null };

async function flightWithoutCarrier(carrier: Carrier = {}) {
  const flightId = await fixtures.flight();
  await fixtures.db
    .update(flights)
    .set({ ...NO_CARRIER, ...carrier })
    .where(eq(flights.id, flightId));
  return flightId;
}

/** The form staff post from the flights tab, as its fields arrive parsed. */
const carrierForm = (flightId: string) => ({
  intent: "operator" as const,
  flightId,
  operatorName: "Alpina Executive Jets SA",
  operatorAoc: "CH.AOC.1042",
  operatorState: "CH",
  aircraftRegistration: "HB-FVX",
  terminal: "Jet Aviation FBO, Route de l'Aéroport 1, Genève",
  checkInMinutes: 45,
  manifestDeadlineHours: 24,
});

describe("the capture guard", () => {
  it("refuses to capture while the carrier is unknown, moving nothing; captures once staff name it", async () => {
    const flightId = await flightWithoutCarrier();
    const { orderId, sessionId } = await fixtures.processingOrder(flightId);
    const movesBefore = await fixtures.movesOf(orderId);

    expect(await validateOrder(fixtures.context(), { orderId, by: STAFF })).toEqual({
      ok: false,
      reason: "operatorUnknown",
    });
    expect(await fixtures.orderOf(orderId)).toMatchObject({ status: "processing", paymentState: "authorised" });
    expect((await fixtures.pageOf(sessionId)).status).toBe("authorised");
    expect(await fixtures.movesOf(orderId)).toEqual(movesBefore);

    const saved = await saveFlightRow(fixtures.context(), { input: carrierForm(flightId), staffId: STAFF });
    expect(saved).toEqual({ ok: true, intent: "operator", result: "saved" });
    const [log] = await fixtures.db.select().from(flightLogs).where(eq(flightLogs.changedBy, STAFF));
    expect(log!.changedFields).toEqual([
      "operator_name",
      "operator_aoc",
      "operator_state",
      "aircraft_registration",
      "terminal",
      "check_in_minutes",
    ]);

    expect(await validateOrder(fixtures.context(), { orderId, by: STAFF })).toEqual({ ok: true, payment: "captured" });
    expect(await fixtures.orderOf(orderId)).toMatchObject({ status: "completed", paymentState: "captured" });
    expect((await fixtures.pageOf(sessionId)).status).toBe("captured");
  });

  it("a carrier named in part is unknown, and an order paid offline is not confirmed either", async () => {
    const flightId = await flightWithoutCarrier({ operatorName: "Alpina Executive Jets SA", operatorState: "CH" });
    const { orderId } = await fixtures.pendingOrder(flightId);
    expect(await validateOrder(fixtures.context(), { orderId, by: STAFF })).toEqual({
      ok: false,
      reason: "operatorUnknown",
    });
    expect(await fixtures.orderOf(orderId)).toMatchObject({ status: "pending", paymentState: "none" });
  });
});
