/**
 * The shared set-up of the hold-cap tests (hold-caps*.server.test.ts): the fixed clock, a
 * D1 with one flight, orders inserted as the checkout leaves them, and a network key and
 * an email for each scenario.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";

import type { Db } from "#app/db/client.server";
import { demoOperatorColumns } from "#app/db/demo-data";
import { airports, flights, orders } from "#app/db/schema";
import type { OrderStatus } from "#app/utils/constants";
import { createTestContext } from "#tests/context";
import { createTestD1 } from "#tests/d1";

import { checkHoldCaps } from "./hold-caps.server";

export const now = new Date("2026-11-23T10:00:00Z");
export const MINUTE = 60_000;
export const FLIGHT = "caps-flight";

/** A test file's own D1: two airports and the flight FLIGHT, a week from now, 8 seats. */
export async function openHoldCapsDatabase() {
  const { d1, db, dispose } = await createTestD1();
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
    ...demoOperatorColumns(0, "PC24"),
    pricePerMinute: 50,
    feedSeats: 8,
    refreshedAt: now,
  });
  return { d1, db, dispose };
}

export const refused = (reason: "tooManyUnpaidOrders" | "tooManyUnpaidSeats") => ({ ok: false, reason });

/** The helpers that write to and check against the test file's database, taken when called (the file's hook opens it). */
export function holdCapsHelpers(current: () => { d1: D1Database; db: Db }) {
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
    await current()
      .db.insert(orders)
      .values({
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
            ? new Date(
                holdEndsIn === undefined ? createdAt.getTime() + 30 * MINUTE : now.getTime() + holdEndsIn * MINUTE,
              )
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
    createTestContext({ d1: current().d1, now, vars });
  const check = (input: { clientKey: string; email: string; seats: number }, ctx = context()) =>
    checkHoldCaps(ctx, input);
  return { order, fresh, context, check };
}
