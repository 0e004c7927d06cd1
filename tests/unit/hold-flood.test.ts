/**
 * "No one holds the plane" (docs/decisions/016-hold-caps.md), through the real
 * checkout action on a real D1: one network flooding checkouts holds at most the caps and
 * every other attempt gets a translated 4xx; once the holds expire every seat is free
 * again; and 24 buyers rushing a 3-seat flight at the same moment make exactly 3 orders,
 * every other buyer being told the flight is full.
 */
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { Db } from "#app/db/client.server";
import { airports, flights, mailOutbox, orders } from "#app/db/schema";
import { resources } from "#app/locales/resources";
import { MAX_UNPAID_ORDERS, MAX_UNPAID_SEATS } from "#app/orders/hold-caps.server";
import { expireUnpaidHolds } from "#app/orders/order-life.server";
import { PLACED_MAIL_DELAY_MS, sendDueOrderMessages } from "#app/orders/order-messages.server";
import { action as checkoutAction } from "#app/routes/checkout.$flightId/route";
import { sha256Hex } from "#app/utils/crypto.server";
import { getToast } from "#app/utils/toast.server";
import { checkoutFormFields } from "#tests/checkout-form";
import { createTestContext } from "#tests/context";
import { createTestD1 } from "#tests/d1";

import { cookiePair, errorsOf, get, type HandlerResult, post, run } from "./remix";

let d1: D1Database;
let db: Db;
let dispose: () => Promise<void>;
const START = new Date("2026-11-23T10:00:00Z");
let clock = START;
const MINUTE = 60_000;
/** The hold of an unpaid order by default (HOLD_MINUTES). */
const HOLD_MINUTES = 30;

const context = () => createTestContext({ d1, now: () => clock });
/** The 5-minute cron past the placed mail's wait (orders/order-messages.server.ts), the holds still running. */
const mailsAfterTheWait = () =>
  sendDueOrderMessages(createTestContext({ d1, now: new Date(clock.getTime() + PLACED_MAIL_DELAY_MS + MINUTE) }));
const catalogue = resources.fr.catalogue;
/** What a refused flood attempt may be told, in French (the request's language). */
const CAP_MESSAGES = {
  "checkout.errors.tooManyUnpaidOrders": catalogue.checkout.errors.tooManyUnpaidOrders,
  "checkout.errors.tooManyUnpaidSeats": catalogue.checkout.errors.tooManyUnpaidSeats,
  "checkout.errors.rateLimited": catalogue.checkout.errors.rateLimited,
} as const;

let airportIds: number[] = [];
beforeAll(async () => {
  ({ d1, db, dispose } = await createTestD1());
  airportIds = (
    await db
      .insert(airports)
      .values([
        { icaoCode: "LSGG", servedCity: "Genève" },
        { icaoCode: "LFMN", servedCity: "Nice" },
      ])
      .returning()
  ).map((row) => row.id);
});
afterAll(() => dispose());

let flightsCreated = 0;
/** `count` flights of `seats` seats, leaving in a week, inserted a few at a time (D1 binds at most 100 values). */
async function createFlights(prefix: string, count: number, seats: number) {
  const ids = Array.from({ length: count }, (_, i) => `${prefix}-${i + 1}`);
  const rows = ids.map((id) => {
    // Each its own departure: one route cannot leave twice at the same minute.
    const departureDate = new Date(START.getTime() + 7 * 86_400_000 + ++flightsCreated * 10 * MINUTE);
    return {
      id,
      departureAirportId: airportIds[0]!,
      arrivalAirportId: airportIds[1]!,
      departureDate,
      arrivalDate: new Date(departureDate.getTime() + 60 * MINUTE),
      flightTime: 60,
      aircraftType: "PC12",
      pricePerMinute: 50,
      feedSeats: seats,
      refreshedAt: START,
    };
  });
  for (let i = 0; i < rows.length; i += 5) await db.insert(flights).values(rows.slice(i, i + 5));
  return ids;
}

/** The checkout form as the page posts it: `seats` seats of a flight showing `seen` seats left, one name per seat. */
const form = ({ seats, seen, email }: { seats: number; seen: number; email: string }) =>
  checkoutFormFields({ idempotencyKey: crypto.randomUUID(), seenAvailableSeats: seen, seats, email });

/** One 'Confirmer la réservation' from `ip`, through the route's action. */
function checkout(flightId: string, fields: Record<string, string>, ip: string) {
  return run(
    (args) => checkoutAction({ ...args, params: { flightId } }),
    post(`/checkout/${flightId}`, fields, { ip }),
    context(),
  );
}

/** The toast the refusal set, as the next page shows it. */
async function toastOf(result: HandlerResult) {
  const cookie = cookiePair(result.setCookies.find((value) => value.startsWith("jm_toast=")));
  return (await getToast(get("/", { cookie }), context())).toast;
}

const placed = (result: HandlerResult) => result.status === 302;

async function seatsHeldOn(flightIds: string[]) {
  const row = await db
    .select({ held: sql<number>`coalesce(sum(${flights.seatsHeld}), 0)` })
    .from(flights)
    .where(inArray(flights.id, flightIds))
    .get();
  return Number(row?.held ?? 0);
}

describe("one network flooding the checkout", () => {
  const IP = "203.0.113.77";
  let floodFlights: string[] = [];

  it("holds at most the caps, and every other attempt is refused with a translated 4xx", async () => {
    floodFlights = await createFlights("flood", 100, 4);
    const results: HandlerResult[] = [];
    for (let i = 0; i < 100; i++) {
      // 1 or 2 seats, a different flight and a different typed address each time.
      results.push(
        await checkout(floodFlights[i]!, form({ seats: 1 + (i % 2), seen: 4, email: `flood-${i}@example.ch` }), IP),
      );
    }

    expect(results.filter((result) => result.status >= 500).map((result) => result.status)).toEqual([]);
    const refused = results.filter((result) => !placed(result));
    for (const result of refused) {
      expect(result.status).toBeGreaterThanOrEqual(400);
      expect(result.status).toBeLessThan(500);
      const [key] = errorsOf(result)[""] ?? [];
      expect(Object.keys(CAP_MESSAGES)).toContain(key);
      expect((await toastOf(result))?.description).toBe(CAP_MESSAGES[key as keyof typeof CAP_MESSAGES]);
    }

    const clientKey = await sha256Hex(IP);
    const held = await db
      .select({ seats: orders.seats, status: orders.status })
      .from(orders)
      .where(eq(orders.clientKey, clientKey));
    expect(held.every((order) => order.status === "pending")).toBe(true);
    expect(held.length).toBeLessThanOrEqual(MAX_UNPAID_ORDERS);
    expect(held.reduce((sum, order) => sum + order.seats, 0)).toBeLessThanOrEqual(MAX_UNPAID_SEATS);
    // The first two orders (1 then 2 seats) fit both caps: the flood is held to them, not refused outright.
    expect(held.map((order) => order.seats).sort()).toEqual([1, 2]);
    expect(results.filter(placed)).toHaveLength(2);
    expect(await seatsHeldOn(floodFlights)).toBe(3);
    // The typed addresses: one order mail each for the two orders placed, none for the refused, sent by the
    // cron once the placed mail's wait for a payment is over.
    await mailsAfterTheWait();
    const customerMails = await db
      .select({ to: mailOutbox.toAddress })
      .from(mailOutbox)
      .where(sql`${mailOutbox.toAddress} like 'flood-%'`);
    expect(customerMails.map((mail) => mail.to).sort()).toEqual(["flood-0@example.ch", "flood-1@example.ch"]);
  });

  it("frees every seat once the holds expire, and the network may book again", async () => {
    clock = new Date(START.getTime() + (HOLD_MINUTES + 1) * MINUTE);
    expect(await expireUnpaidHolds(context())).toBe(2);
    expect(await seatsHeldOn(floodFlights)).toBe(0);
    const clientKey = await sha256Hex(IP);
    const statuses = await db
      .select({ status: orders.status, reason: orders.cancelReason })
      .from(orders)
      .where(eq(orders.clientKey, clientKey));
    expect(statuses).toEqual([
      { status: "cancelled", reason: "expired" },
      { status: "cancelled", reason: "expired" },
    ]);
    // Past the rate limit's window and with no live hold, the same network is a buyer again.
    const again = await checkout(floodFlights[50]!, form({ seats: 2, seen: 4, email: "flood-again@example.ch" }), IP);
    expect(again.status).toBe(302);
    expect(await seatsHeldOn(floodFlights)).toBe(2);
  });

  it("holds a flood sent all at once to the same caps", async () => {
    clock = new Date(START.getTime() + 2 * 60 * MINUTE);
    const ip = "203.0.113.78";
    const targets = await createFlights("burst", 10, 4);
    const results = await Promise.all(
      targets.map((flightId, i) => checkout(flightId, form({ seats: 2, seen: 4, email: `burst-${i}@example.ch` }), ip)),
    );
    expect(results.filter((result) => result.status >= 500).map((result) => result.status)).toEqual([]);
    expect(results.filter(placed).length).toBeGreaterThan(0);
    for (const result of results.filter((result) => !placed(result))) {
      expect(result.status).toBe(429);
      expect(Object.keys(CAP_MESSAGES)).toContain((errorsOf(result)[""] ?? [])[0]);
    }
    const held = await db
      .select({ seats: orders.seats })
      .from(orders)
      .where(eq(orders.clientKey, await sha256Hex(ip)));
    expect(held.length).toBeLessThanOrEqual(MAX_UNPAID_ORDERS);
    expect(await seatsHeldOn(targets)).toBeLessThanOrEqual(MAX_UNPAID_SEATS);
  });

  it("holds many networks typing one address to the caps of that address", async () => {
    clock = new Date(START.getTime() + 3 * 60 * MINUTE);
    const email = "victim@example.ch";
    const targets = await createFlights("victim", 20, 4);
    const results: HandlerResult[] = [];
    for (const [i, flightId] of targets.entries())
      results.push(await checkout(flightId, form({ seats: 1, seen: 4, email }), `198.51.100.${10 + i}`));
    expect(results.filter((result) => result.status >= 500).map((result) => result.status)).toEqual([]);
    expect(results.filter(placed)).toHaveLength(MAX_UNPAID_ORDERS);
    for (const result of results.filter((result) => !placed(result))) {
      expect(result.status).toBe(429);
      expect((await toastOf(result))?.description).toBe(catalogue.checkout.errors.tooManyUnpaidOrders);
    }
    await mailsAfterTheWait();
    const mails = await db.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.toAddress, email));
    expect(mails).toHaveLength(MAX_UNPAID_ORDERS);
  });
});

describe("a rush on the last seats", () => {
  it("gives a 3-seat flight to exactly 3 of 24 buyers at the same moment; the others are told it is full", async () => {
    clock = new Date(START.getTime() + 4 * 60 * MINUTE);
    const [flightId] = await createFlights("rush", 1, 3);
    const results = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        checkout(flightId!, form({ seats: 1, seen: 3, email: `rush-${i}@example.ch` }), `192.0.2.${i + 1}`),
      ),
    );

    expect(results.filter((result) => result.status >= 500).map((result) => result.status)).toEqual([]);
    expect(results.filter(placed)).toHaveLength(3);
    expect(await db.select({ id: orders.id }).from(orders).where(eq(orders.flightId, flightId!))).toHaveLength(3);
    expect(await seatsHeldOn([flightId!])).toBe(3);
    const losers = results.filter((result) => !placed(result));
    expect(losers).toHaveLength(21);
    for (const result of losers) {
      expect(result.status).toBe(409);
      expect(errorsOf(result)[""]).toEqual(["checkout.unavailable.soldOut"]);
      expect((await toastOf(result))?.description).toBe(catalogue.checkout.unavailable.soldOut);
    }
  });
});
