/**
 * The caps of docs/decisions/016-hold-caps.md on a real D1: orders inserted as the
 * checkout leaves them, counted per network and per email, within the window, pending
 * holds only; the checkout's rate limit and the order-mail cap.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext } from "#tests/context";
import { createTestD1 } from "#tests/d1";
import type { Db } from "#app/db/client.server";
import { eq, sql } from "drizzle-orm";
import { airports, flights, orders, type OrderStatus } from "#app/db/schema";
import { MAX_CHECKOUT_SEATS } from "#app/requests/request-forms";
import {
  allowOrderMail,
  CHECKOUT_LIMITS,
  checkCheckoutRate,
  checkHoldCaps,
  holdCapsCondition,
  MAX_UNPAID_ORDERS,
  MAX_UNPAID_SEATS,
  type HoldCapsInput,
} from "./hold-caps.server";

let d1: D1Database;
let db: Db;
let dispose: () => Promise<void>;
const now = new Date("2026-11-23T10:00:00Z");
const MINUTE = 60_000;
const FLIGHT = "caps-flight";

beforeAll(async () => {
  ({ d1, db, dispose } = await createTestD1());
  const [from, to] = await db
    .insert(airports)
    .values([
      { icaoCode: "LSGG", servedCity: "Genève" },
      { icaoCode: "LFMN", servedCity: "Nice" },
    ])
    .returning();
  await db.insert(flights).values({
    id: FLIGHT,
    departureAirportId: from!.id,
    arrivalAirportId: to!.id,
    departureDate: new Date(now.getTime() + 7 * 86_400_000),
    arrivalDate: new Date(now.getTime() + 7 * 86_400_000 + 3_600_000),
    flightTime: 60,
    aircraftType: "PC24",
    pricePerMinute: 50,
    feedSeats: 8,
    refreshedAt: now,
  });
});
afterAll(() => dispose());

let orderNumber = 0;
/**
 * An order row as the checkout leaves it: `minutesAgo` old, holding its seats for 30
 * minutes from then unless `holdEndsIn` (minutes from now) says otherwise.
 */
async function order({
  clientKey,
  email,
  seats = 1,
  status = "pending",
  minutesAgo = 5,
  holdEndsIn,
}: {
  clientKey: string;
  email: string;
  seats?: number;
  status?: OrderStatus;
  minutesAgo?: number;
  holdEndsIn?: number;
}) {
  const createdAt = new Date(now.getTime() - minutesAgo * MINUTE);
  await db.insert(orders).values({
    id: `caps-order-${++orderNumber}`,
    flightId: FLIGHT,
    status,
    amountCents: seats * 37_500,
    seats,
    customerInfo: {
      firstName: "A",
      lastName: "B",
      email,
      phone: "+41 79 000 00 00",
      address: "Rue 1",
      zipCode: "1200",
      city: "Genève",
      country: "CH",
    },
    linkKeyHash: `hash-${orderNumber}`,
    reference: `JM-T${String(orderNumber).padStart(5, "0")}`,
    holdExpiresAt:
      status === "pending"
        ? new Date(holdEndsIn === undefined ? createdAt.getTime() + 30 * MINUTE : now.getTime() + holdEndsIn * MINUTE)
        : null,
    clientKey,
    createdAt,
    updatedAt: createdAt,
  });
}

let scenario = 0;
/** A network key and an email no other test uses. */
const fresh = () => {
  scenario += 1;
  return { clientKey: `network-${scenario}`, email: `buyer-${scenario}@example.ch` };
};
const context = (vars: Parameters<typeof createTestContext>[0]["vars"] = {}): AppLoadContext =>
  createTestContext({ d1, now, vars });
const check = (input: { clientKey: string; email: string; seats: number }, ctx = context()) =>
  checkHoldCaps(ctx, input);
const refused = (reason: "tooManyUnpaidOrders" | "tooManyUnpaidSeats") => ({ ok: false, reason });

describe("the numbers", () => {
  it("are those of the decision, and a first order of the most seats a checkout allows always fits", async () => {
    expect(MAX_UNPAID_ORDERS).toBe(2);
    expect(MAX_UNPAID_SEATS).toBe(8);
    expect(MAX_UNPAID_SEATS).toBeGreaterThanOrEqual(MAX_CHECKOUT_SEATS);
    expect(await check({ ...fresh(), seats: MAX_CHECKOUT_SEATS })).toEqual({ ok: true });
  });
});

describe("checkHoldCaps", () => {
  it("lets a network place its first two unpaid orders and refuses the third", async () => {
    const buyer = fresh();
    expect(await check({ ...buyer, seats: 1 })).toEqual({ ok: true });
    await order({ ...buyer, seats: 1 });
    expect(await check({ ...buyer, seats: 1 })).toEqual({ ok: true });
    await order({ ...buyer, seats: 1 });
    expect(await check({ ...buyer, seats: 1 })).toEqual(refused("tooManyUnpaidOrders"));
  });

  it("counts the network's orders whatever email they carry", async () => {
    const { clientKey } = fresh();
    await order({ clientKey, email: "first@example.ch" });
    await order({ clientKey, email: "second@example.ch" });
    expect(await check({ clientKey, email: "third@example.ch", seats: 1 })).toEqual(refused("tooManyUnpaidOrders"));
  });

  it("counts the email's orders whatever network they come from", async () => {
    const { email } = fresh();
    await order({ clientKey: "network-x1", email });
    await order({ clientKey: "network-x2", email });
    expect(await check({ clientKey: "network-x3", email, seats: 1 })).toEqual(refused("tooManyUnpaidOrders"));
  });

  it("refuses an order that would bring the network past 8 unpaid seats, and accepts one that reaches 8", async () => {
    const buyer = fresh();
    await order({ ...buyer, seats: 5 });
    expect(await check({ clientKey: buyer.clientKey, email: "other@example.ch", seats: 3 })).toEqual({ ok: true });
    expect(await check({ clientKey: buyer.clientKey, email: "other@example.ch", seats: 4 })).toEqual(
      refused("tooManyUnpaidSeats"),
    );
  });

  it("refuses an order that would bring the email past 8 unpaid seats", async () => {
    const { email } = fresh();
    await order({ clientKey: "network-y1", email, seats: 6 });
    expect(await check({ clientKey: "network-y2", email, seats: 2 })).toEqual({ ok: true });
    expect(await check({ clientKey: "network-y2", email, seats: 3 })).toEqual(refused("tooManyUnpaidSeats"));
  });

  it("keeps networks and emails apart: a full one refuses nobody else", async () => {
    const full = fresh();
    await order({ ...full, seats: 4 });
    await order({ ...full, seats: 4 });
    expect(await check({ ...full, seats: 1 })).toEqual(refused("tooManyUnpaidOrders"));
    const other = fresh();
    // Another network with another email; the full network with another email; another network with the full email.
    expect(await check({ ...other, seats: 8 })).toEqual({ ok: true });
    expect(await check({ clientKey: full.clientKey, email: other.email, seats: 1 })).toEqual(
      refused("tooManyUnpaidOrders"),
    );
    expect(await check({ clientKey: other.clientKey, email: full.email, seats: 1 })).toEqual(
      refused("tooManyUnpaidOrders"),
    );
  });

  it("counts an order of the same network and email once", async () => {
    const buyer = fresh();
    await order({ ...buyer, seats: 3 });
    // Counted twice it would be 2 orders and 6 seats: refused.
    expect(await check({ ...buyer, seats: 5 })).toEqual({ ok: true });
  });

  it("does not count paid, confirmed or cancelled orders", async () => {
    const buyer = fresh();
    for (const status of ["processing", "completed", "cancelled"] as const) {
      await order({ ...buyer, seats: 8, status });
      await order({ ...buyer, seats: 8, status });
    }
    expect(await check({ ...buyer, seats: 8 })).toEqual({ ok: true });
  });

  it("does not count a pending order whose hold has ended", async () => {
    const buyer = fresh();
    await order({ ...buyer, seats: 4, minutesAgo: 31 });
    await order({ ...buyer, seats: 4, minutesAgo: 10, holdEndsIn: 0 });
    expect(await check({ ...buyer, seats: 8 })).toEqual({ ok: true });
    await order({ ...buyer, seats: 1, minutesAgo: 29 });
    expect(await check({ ...buyer, seats: 8 })).toEqual(refused("tooManyUnpaidSeats"));
  });

  it("counts the orders of the last hour only", async () => {
    const buyer = fresh();
    // Holds longer than the default, so only the age of the order decides.
    await order({ ...buyer, minutesAgo: 61, holdEndsIn: 60 });
    await order({ ...buyer, minutesAgo: 61, holdEndsIn: 60 });
    expect(await check({ ...buyer, seats: 1 })).toEqual({ ok: true });
    await order({ ...buyer, minutesAgo: 59, holdEndsIn: 60 });
    await order({ ...buyer, minutesAgo: 59, holdEndsIn: 60 });
    expect(await check({ ...buyer, seats: 1 })).toEqual(refused("tooManyUnpaidOrders"));
  });

  it("looks back as far as a hold lasts when HOLD_MINUTES is longer than an hour", async () => {
    const buyer = fresh();
    const longHolds = context({ HOLD_MINUTES: "90" });
    // Placed 89 minutes ago under 90-minute holds: still holding for a minute.
    await order({ ...buyer, minutesAgo: 89, holdEndsIn: 1 });
    await order({ ...buyer, minutesAgo: 89, holdEndsIn: 1 });
    expect(await check({ ...buyer, seats: 1 }, longHolds)).toEqual(refused("tooManyUnpaidOrders"));
    expect(await check({ ...buyer, seats: 1 })).toEqual({ ok: true });
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
