/** The seat hold on a real D1 (docs/decisions/008-seat-hold.md): nothing is sold twice. */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import type { Db } from "#app/db/client.server";
import { airports, flights, orderEvents, orderLinks, orders } from "#app/db/schema";
import { pricePerPerson } from "#app/flights/pricing";
import { createTestD1 } from "#tests/d1";

import { moveOrder } from "./order-moves.server";
import { placeOrder, type PlaceOrderInput } from "./orders.queries.server";

let db: Db;
let dispose: () => Promise<void>;
const now = new Date("2026-11-23T10:00:00Z");
const customerInfo = {
  firstName: "Léa",
  lastName: "Muller",
  email: "lea@example.ch",
  phone: "+41 79 123 45 67",
  address: "Rue du Rhône 1",
  zipCode: "1204",
  city: "Genève",
  country: "CH",
};

beforeAll(async () => {
  ({ db, dispose } = await createTestD1());
  await db.insert(airports).values([
    { icaoCode: "LSGG", servedCity: "Genève" },
    { icaoCode: "LFTZ", servedCity: "St-Tropez" },
  ]);
});
afterAll(() => dispose());

let flightNumber = 0;
/** A PC-12 flight of 75 minutes at 50 EUR a minute (3,750 EUR), with `seats` left. */
async function flightWith(seats: number, departure = new Date(now.getTime() + 86_400_000)) {
  const id = `flight-${++flightNumber}`;
  const [from, to] = await db.select({ id: airports.id }).from(airports);
  await db.insert(flights).values({
    id,
    departureAirportId: from!.id,
    arrivalAirportId: to!.id,
    departureDate: new Date(departure.getTime() + flightNumber * 60_000),
    arrivalDate: new Date(departure.getTime() + flightNumber * 60_000 + 75 * 60_000),
    flightTime: 75,
    aircraftType: "PC12",
    pricePerMinute: 50,
    feedSeats: seats,
    refreshedAt: now,
  });
  return id;
}
const seatsOf = async (id: string) =>
  (await db
    .select({ available: flights.availableSeats, held: flights.seatsHeld, soldOut: flights.isSoldOut })
    .from(flights)
    .where(eq(flights.id, id))
    .get())!;

let orderNumber = 0;
const order = (flightId: string, overrides: Partial<PlaceOrderInput> = {}): PlaceOrderInput => ({
  orderId: crypto.randomUUID(),
  reference: `JM-T${String(++orderNumber).padStart(5, "0")}`,
  linkKeyHash: crypto.randomUUID().replaceAll("-", "").padEnd(64, "0"),
  flightId,
  request: { kind: "seats", seats: 1 },
  seenAvailableSeats: 6,
  userId: null,
  customerInfo,
  passengers: ["Léa Muller"],
  language: "fr",
  idempotencyKey: crypto.randomUUID(),
  holdExpiresAt: new Date(now.getTime() + 30 * 60_000),
  clientKey: "client-key",
  now,
  ...overrides,
});

beforeEach(async () => {
  await db.delete(orders);
});

describe("placeOrder", () => {
  it("holds N seats and stores a pending order at N times the per-person price", async () => {
    const id = await flightWith(6);
    const input = order(id, { request: { kind: "seats", seats: 2 }, seenAvailableSeats: 6 });
    const result = await placeOrder(db, input);
    // 75 min x 50 EUR = 3,750 EUR over 6 seats = 625 EUR a seat; 2 seats = 1,250 EUR.
    expect(result).toEqual({ status: "created", orderId: input.orderId, amountCents: 125_000 });
    const row = (await db.select().from(orders).where(eq(orders.flightId, id)).get())!;
    expect(row).toMatchObject({
      status: "pending",
      seats: 2,
      amountCents: 125_000,
      wholeAircraft: false,
      customerInfo,
      reference: input.reference,
      passengers: ["Léa Muller"],
      holdExpiresAt: input.holdExpiresAt,
      paymentState: "none",
    });
    expect(await seatsOf(id)).toEqual({ available: 4, held: 2, soldOut: false });
    // Its first link and its history row come with it.
    expect(
      await db
        .select({ orderId: orderLinks.orderId })
        .from(orderLinks)
        .where(eq(orderLinks.linkKeyHash, input.linkKeyHash)),
    ).toEqual([{ orderId: input.orderId }]);
    expect(
      await db
        .select({ move: orderEvents.move, toStatus: orderEvents.toStatus })
        .from(orderEvents)
        .where(eq(orderEvents.orderId, input.orderId)),
    ).toEqual([{ move: "placed", toStatus: "pending" }]);
  });

  it("keeps the per-person price after a sale (the seats offered divide the total, DECISIONS.md D2)", async () => {
    const id = await flightWith(6);
    await placeOrder(db, order(id, { request: { kind: "seats", seats: 2 } }));
    const input = order(id, { request: { kind: "seats", seats: 1 }, seenAvailableSeats: 4 });
    const result = await placeOrder(db, input);
    // Still 3,750 EUR over the 6 seats offered = 625 EUR, not 3,750 / 4 = 937.50.
    expect(result).toEqual({ status: "created", orderId: input.orderId, amountCents: 62_500 });
  });

  it("sells the whole aircraft only while none of its seats is held", async () => {
    const id = await flightWith(6);
    await placeOrder(db, order(id, { request: { kind: "seats", seats: 1 } }));
    expect((await placeOrder(db, order(id, { request: { kind: "aircraft" }, seenAvailableSeats: 5 }))).status).toBe(
      "unavailable",
    );
    expect(await seatsOf(id)).toMatchObject({ available: 5, held: 1 });
  });

  it("sells the whole aircraft at the total price and marks the flight sold out", async () => {
    const id = await flightWith(5);
    const input = order(id, { request: { kind: "aircraft" }, seenAvailableSeats: 5 });
    expect(await placeOrder(db, input)).toEqual({ status: "created", orderId: input.orderId, amountCents: 375_000 });
    const row = (await db.select().from(orders).where(eq(orders.flightId, id)).get())!;
    expect(row).toMatchObject({ seats: 5, amountCents: 375_000, wholeAircraft: true });
    expect(await seatsOf(id)).toEqual({ available: 0, held: 5, soldOut: true });
  });

  it("returns the amount the row stores, the price the buyer was shown, when the per-seat price is rounded", async () => {
    const id = await flightWith(7);
    const input = order(id, { request: { kind: "seats", seats: 3 }, seenAvailableSeats: 7 });
    const result = await placeOrder(db, input);
    if (result.status !== "created") throw new Error(`expected an order, got ${result.status}`);
    const row = (await db
      .select({ amountCents: orders.amountCents })
      .from(orders)
      .where(eq(orders.id, input.orderId))
      .get())!;
    expect(result.amountCents).toBe(row.amountCents);
    // 3,750 EUR over 7 seats = 535.71, rounded to 536 EUR a seat; 3 seats = 1,608 EUR.
    expect(result.amountCents).toBe(160_800);
    // The same as the rule the checkout page prices with (flights/pricing.ts).
    const shown = {
      flightTime: 75,
      pricePerMinute: 50,
      availableSeats: 7,
      offeredSeats: 7,
      heldSeats: 0,
      aircraftType: "PC12",
    };
    expect(result.amountCents).toBe(3 * pricePerPerson(shown) * 100);
  });

  it("refuses more seats than left, a stale whole-aircraft view, a departed or unknown flight, and changes nothing", async () => {
    const id = await flightWith(2);
    expect(
      (await placeOrder(db, order(id, { request: { kind: "seats", seats: 3 }, seenAvailableSeats: 2 }))).status,
    ).toBe("unavailable");
    expect((await placeOrder(db, order(id, { request: { kind: "aircraft" }, seenAvailableSeats: 3 }))).status).toBe(
      "unavailable",
    );
    expect(
      (await placeOrder(db, order(id, { request: { kind: "seats", seats: 0 }, seenAvailableSeats: 2 }))).status,
    ).toBe("unavailable");
    const gone = await flightWith(6, new Date(now.getTime() - 3_600_000));
    expect((await placeOrder(db, order(gone))).status).toBe("unavailable");
    expect((await placeOrder(db, order("no-such-flight"))).status).toBe("unavailable");
    expect(await seatsOf(id)).toEqual({ available: 2, held: 0, soldOut: false });
    expect(await db.select().from(orders)).toEqual([]);
  });

  it("creates one order for the same form sent twice, even at once", async () => {
    const id = await flightWith(6);
    const input = order(id);
    const twin = () => ({ ...input, orderId: crypto.randomUUID() });
    const results = await Promise.all([placeOrder(db, twin()), placeOrder(db, twin()), placeOrder(db, twin())]);
    expect(results.filter((result) => result.status === "created")).toHaveLength(1);
    expect(new Set(results.map((result) => ("orderId" in result ? result.orderId : null))).size).toBe(1);
    expect(await db.select().from(orders).where(eq(orders.flightId, id))).toHaveLength(1);
    expect((await seatsOf(id)).held).toBe(1);
  });

  it("never sells more than the 3 seats left to 20 concurrent buyers of 1 or 2 seats", async () => {
    const id = await flightWith(3);
    const buyers = Array.from({ length: 20 }, (_, i) =>
      order(id, { request: { kind: "seats", seats: 1 + (i % 2) }, seenAvailableSeats: 3 }),
    );
    // Each buyer who sees the seats change retries once with the new count, as a person would.
    const results = await Promise.all(
      buyers.map(async (buyer) => {
        const first = await placeOrder(db, buyer);
        if (first.status !== "unavailable") return first;
        const { available } = await seatsOf(id);
        return placeOrder(db, {
          ...buyer,
          orderId: crypto.randomUUID(),
          seenAvailableSeats: available,
          idempotencyKey: crypto.randomUUID(),
        });
      }),
    );
    const sold = await db.select({ seats: orders.seats }).from(orders).where(eq(orders.flightId, id));
    const seatsSold = sold.reduce((sum, row) => sum + row.seats, 0);
    expect(seatsSold).toBeLessThanOrEqual(3);
    expect(sold.length).toBe(results.filter((result) => result.status === "created").length);
    const state = await seatsOf(id);
    expect(state.held).toBe(seatsSold);
    expect(state.available).toBe(3 - seatsSold);
    expect(state.available).toBeGreaterThanOrEqual(0);
    if (state.available === 0) expect(state.soldOut).toBe(true);
    // Every refused buyer was told so, none got an order.
    for (const result of results) expect(["created", "unavailable"]).toContain(result.status);
    expect(results.filter((result) => result.status === "unavailable").length).toBe(20 - sold.length);
  });
});

describe("moving orders (orders/order-moves.queries.server.ts)", () => {
  const move = (orderId: string, to: "completed" | "cancelled") =>
    moveOrder(db, {
      orderId,
      move: to === "completed" ? "validatedOffline" : "refused",
      from: "pending",
      paymentState: to === "completed" ? "offline" : "none",
      actor: "staff",
      now,
      set: to === "cancelled" ? { cancelReason: "refused" } : undefined,
    });

  it("validates a pending order once, and refusing another gives its seats back once", async () => {
    const id = await flightWith(6);
    const first = order(id, { request: { kind: "seats", seats: 2 } });
    const second = order(id, { request: { kind: "seats", seats: 3 }, seenAvailableSeats: 4 });
    await placeOrder(db, first);
    await placeOrder(db, second);
    expect(await seatsOf(id)).toMatchObject({ available: 1, held: 5 });

    const validations = await Promise.all([1, 2, 3].map(() => move(first.orderId, "completed")));
    expect(validations.filter(Boolean)).toHaveLength(1);
    // A validated order can no longer be refused: its seats stay sold.
    expect(await move(first.orderId, "cancelled")).toBe(false);
    expect(await seatsOf(id)).toMatchObject({ held: 5 });

    const refusals = await Promise.all([1, 2].map(() => move(second.orderId, "cancelled")));
    expect(refusals.filter(Boolean)).toHaveLength(1);
    expect(await seatsOf(id)).toEqual({ available: 4, held: 2, soldOut: false });
    const statuses = await db
      .select({ id: orders.id, status: orders.status })
      .from(orders)
      .where(eq(orders.flightId, id));
    expect(Object.fromEntries(statuses.map((row) => [row.id, row.status]))).toEqual({
      [first.orderId]: "completed",
      [second.orderId]: "cancelled",
    });
    // One history row per move that happened, none for the refused attempts.
    const moves = await db
      .select({ move: orderEvents.move })
      .from(orderEvents)
      .where(eq(orderEvents.orderId, second.orderId));
    expect(moves.map((row) => row.move)).toEqual(["placed", "refused"]);
  });
});
