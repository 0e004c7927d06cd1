/**
 * The caps of docs/decisions/016-hold-caps.md on a real D1: orders inserted as the
 * checkout leaves them, counted per network and per email, within the window, pending
 * holds only (checkHoldCaps). The numbers, the SQL condition and the rate limits are in
 * hold-caps.server.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { Db } from "#app/db/client.server";

import { holdCapsHelpers, openHoldCapsDatabase, refused } from "./hold-caps.fixtures";

let d1: D1Database;
let db: Db;
let dispose: () => Promise<void>;
beforeAll(async () => {
  ({ d1, db, dispose } = await openHoldCapsDatabase());
});
afterAll(() => dispose());
const { order, fresh, context, check } = holdCapsHelpers(() => ({ d1, db }));

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
