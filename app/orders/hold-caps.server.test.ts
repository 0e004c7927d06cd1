/**
 * The caps of docs/decisions/016-hold-caps.md on a real D1: the numbers, the SQL condition
 * the seat hold carries (it says what checkHoldCaps says, whose own tests are in
 * hold-caps-check.server.test.ts), the checkout's rate limit and the order-mail cap.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { Db } from "#app/db/client.server";
import { airports, flights, orders } from "#app/db/schema";
import { createTestContext } from "#tests/context";

import { MAX_CHECKOUT_SEATS } from "./checkout-forms";
import { FLIGHT, holdCapsHelpers, MINUTE, now, openHoldCapsDatabase } from "./hold-caps.fixtures";
import {
  allowOrderMail,
  checkCheckoutRate,
  CHECKOUT_LIMITS,
  holdCapsCondition,
  type HoldCapsInput,
  MAX_UNPAID_ORDERS,
  MAX_UNPAID_SEATS,
} from "./hold-caps.server";

let d1: D1Database;
let db: Db;
let dispose: () => Promise<void>;
beforeAll(async () => {
  ({ d1, db, dispose } = await openHoldCapsDatabase());
});
afterAll(() => dispose());
const { order, fresh, context, check } = holdCapsHelpers(() => ({ d1, db }));

describe("the numbers", () => {
  it("are those of the decision, and a first order of the most seats a checkout allows always fits", async () => {
    expect(MAX_UNPAID_ORDERS).toBe(2);
    expect(MAX_UNPAID_SEATS).toBe(8);
    expect(MAX_UNPAID_SEATS).toBeGreaterThanOrEqual(MAX_CHECKOUT_SEATS);
    expect(await check({ ...fresh(), seats: MAX_CHECKOUT_SEATS })).toEqual({ ok: true });
  });
});

describe("holdCapsCondition", () => {
  const evaluate = async (input: HoldCapsInput) => {
    const row = await db.get<{ fits: number }>(sql`select ${holdCapsCondition(context(), input)} as fits`);
    return row.fits === 1;
  };

  it("says what checkHoldCaps says, as the holds change", async () => {
    const buyer = fresh();
    const sameEmail = { clientKey: `${buyer.clientKey}-elsewhere`, email: buyer.email };
    /** checkHoldCaps's answer and the condition's, now. */
    const both = async (input: HoldCapsInput) => [(await check(input)).ok, await evaluate(input)];
    expect(await both({ ...buyer, seats: 8 })).toEqual([true, true]);
    await order({ ...buyer, seats: 5 });
    expect(await both({ ...buyer, seats: 3 })).toEqual([true, true]);
    expect(await both({ ...buyer, seats: 4 })).toEqual([false, false]);
    expect(await both({ ...sameEmail, seats: 4 })).toEqual([false, false]);
    expect(await both({ ...sameEmail, seats: 3 })).toEqual([true, true]);
    // Neither a paid order nor a hold that has ended counts.
    await order({ ...buyer, seats: 1, status: "completed" });
    await order({ ...buyer, seats: 1, minutesAgo: 40 });
    expect(await both({ ...buyer, seats: 1 })).toEqual([true, true]);
    await order({ ...buyer, seats: 1 });
    expect(await both({ ...buyer, seats: 1 })).toEqual([false, false]);
    expect(await both({ ...sameEmail, seats: 1 })).toEqual([false, false]);
    expect(await both({ ...fresh(), seats: 8 })).toEqual([true, true]);
  });

  it("keeps checkouts sent at the same moment within the caps when it guards the seat hold", async () => {
    const buyer = fresh();
    const flightId = `${FLIGHT}-burst`;
    await db.insert(flights).values({
      id: flightId,
      departureAirportId: (await db.select({ id: airports.id }).from(airports).limit(1).get())!.id,
      arrivalAirportId: (await db.select({ id: airports.id }).from(airports).limit(1).offset(1).get())!.id,
      departureDate: new Date(now.getTime() + 8 * 86_400_000),
      arrivalDate: new Date(now.getTime() + 8 * 86_400_000 + 3_600_000),
      flightTime: 60,
      aircraftType: "PC24",
      pricePerMinute: 50,
      feedSeats: 40,
      refreshedAt: now,
    });
    // The shape of placeOrder: the conditional hold, then the order only if it took the seats, in one batch.
    const place = async (i: number) => {
      const seats = 1 + (i % 2);
      const hold = db
        .update(flights)
        .set({ seatsHeld: sql`${flights.seatsHeld} + ${seats}` })
        .where(
          sql`${flights.id} = ${flightId} and ${flights.availableSeats} >= ${seats} and ${holdCapsCondition(context(), { ...buyer, seats })}`,
        )
        .toSQL();
      const [, inserted] = await d1.batch([
        d1.prepare(hold.sql).bind(...hold.params),
        d1
          .prepare(
            `insert into orders (id, flight_id, status, amount_cents, seats, customer_info, access_key_hash, client_key, hold_expires_at, created_at, updated_at)
             select ?, ?, 'pending', 100, ?, ?, ?, ?, ?, ?, ? where changes() = 1`,
          )
          .bind(
            `burst-${buyer.clientKey}-${i}`,
            flightId,
            seats,
            // Some with the network's email, some with others: the network's cap binds.
            JSON.stringify({ email: i % 3 ? buyer.email : `burst-${i}@example.ch` }),
            `burst-hash-${i}`,
            buyer.clientKey,
            now.getTime() + 30 * MINUTE,
            now.getTime(),
            now.getTime(),
          ),
      ]);
      return inserted!.meta.changes;
    };
    const placed = (await Promise.all(Array.from({ length: 12 }, (_, i) => place(i)))).reduce(
      (sum, changes) => sum + changes,
      0,
    );
    expect(placed).toBe(MAX_UNPAID_ORDERS);
    const held = (await db.select({ held: flights.seatsHeld }).from(flights).where(eq(flights.id, flightId)).get())!
      .held;
    const ordered = await db.select({ seats: orders.seats }).from(orders).where(eq(orders.flightId, flightId));
    expect(ordered).toHaveLength(MAX_UNPAID_ORDERS);
    expect(held).toBe(ordered.reduce((sum, row) => sum + row.seats, 0));
  });
});

describe("checkCheckoutRate", () => {
  it("allows 10 checkouts per network in 10 minutes, then refuses until the window ends; other networks go on", async () => {
    expect(CHECKOUT_LIMITS.checkoutPerNetwork).toEqual({ limit: 10, windowMs: 10 * MINUTE });
    let clock = now;
    const ctx = createTestContext({ d1, now: () => clock });
    const { clientKey } = fresh();
    for (let i = 0; i < 10; i++) expect(await checkCheckoutRate(ctx, clientKey), `attempt ${i + 1}`).toBe(true);
    expect(await checkCheckoutRate(ctx, clientKey)).toBe(false);
    expect(await checkCheckoutRate(ctx, fresh().clientKey)).toBe(true);
    clock = new Date(now.getTime() + 10 * MINUTE - 1);
    expect(await checkCheckoutRate(ctx, clientKey)).toBe(false);
    clock = new Date(now.getTime() + 10 * MINUTE);
    expect(await checkCheckoutRate(ctx, clientKey)).toBe(true);
  });
});

describe("allowOrderMail", () => {
  it("allows 5 order mails per address in an hour, then none until the hour ends; other addresses go on", async () => {
    expect(CHECKOUT_LIMITS.orderMailsPerEmail).toEqual({ limit: 5, windowMs: 60 * MINUTE });
    let clock = now;
    const ctx = createTestContext({ d1, now: () => clock });
    const { email } = fresh();
    for (let i = 0; i < 5; i++) expect(await allowOrderMail(ctx, email), `mail ${i + 1}`).toBe(true);
    expect(await allowOrderMail(ctx, email)).toBe(false);
    expect(await allowOrderMail(ctx, fresh().email)).toBe(true);
    clock = new Date(now.getTime() + 60 * MINUTE);
    expect(await allowOrderMail(ctx, email)).toBe(true);
  });
});
