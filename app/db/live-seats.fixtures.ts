/**
 * The shared set-up of the live-seat tests (live-seats*.server.test.ts): the fixed clock, a
 * D1 with two airports and a staff member, and helpers that add flights, hold their seats
 * as the checkout does and read the stored columns back (each file reads the listing itself:
 * app/db imports no domain).
 */
import { eq, sql } from "drizzle-orm";

import { demoOperatorColumns } from "#app/db/demo-data";
import { createTestD1 } from "#tests/d1";

import type { ORDER_STATUSES } from "../utils/constants";
import type { Db } from "./client.server";
import { airports, flights, orders, users } from "./schema";

export const now = new Date("2026-11-23T10:00:00Z");
export const MINUTE = 60_000;
export const STAFF = "staff-user";

/** A test file's own D1: two airports (`from` and `to`, their ids) and the staff member STAFF. */
export async function openLiveSeatsDatabase() {
  const { db, dispose } = await createTestD1();
  const rows = await db
    .insert(airports)
    .values([
      { icaoCode: "LSGG", servedCity: "Genève", country: "Switzerland" },
      { icaoCode: "LFMN", servedCity: "Nice", country: "France" },
    ])
    .returning({ id: airports.id });
  await db.insert(users).values({
    id: STAFF,
    email: "gaston@example.test",
    passwordHash: "x",
    firstName: "Gaston",
    lastName: "Gestionnaire",
    role: "gestionnaire",
  });
  return { db, dispose, from: rows[0]!.id, to: rows[1]!.id };
}

/**
 * The helpers that write and read the test file's database, taken when called (the file's
 * hook opens it). Flights and orders are numbered from 1 in each file.
 */
export function liveSeatsHelpers(current: () => { db: Db; from: number; to: number }) {
  let flightNumber = 0;
  /** A PC-12 flight tomorrow: 100 minutes at 50 EUR a minute (5,000 EUR), `seats` offered by the feed. */
  async function addFlight({
    seats = 4,
    seatsOverride = null,
  }: { seats?: number; seatsOverride?: number | null } = {}) {
    const { db, from, to } = current();
    const id = `live-${++flightNumber}`;
    const departure = new Date(now.getTime() + 24 * 60 * MINUTE + flightNumber * MINUTE);
    await db.insert(flights).values({
      id,
      departureAirportId: from,
      arrivalAirportId: to,
      departureDate: departure,
      arrivalDate: new Date(departure.getTime() + 100 * MINUTE),
      flightTime: 100,
      aircraftType: "PC12",
      ...demoOperatorColumns(0, "PC12"),
      pricePerMinute: 50,
      feedSeats: seats,
      seatsOverride,
      refreshedAt: now,
      createdAt: now,
      updatedAt: now,
    });
    return id;
  }

  let orderNumber = 0;
  /**
   * An order holding `seats` of the flight, as the checkout leaves it: the order row and
   * the flight's `seats_held` raised in one batch. `holdEndsIn`: minutes from `now` until
   * the hold ends (negative: already past).
   */
  async function hold(
    flightId: string,
    seats: number,
    {
      holdEndsIn = 30,
      status = "pending",
    }: { holdEndsIn?: number | null; status?: (typeof ORDER_STATUSES)[number] } = {},
  ) {
    const { db } = current();
    const id = `order-${++orderNumber}`;
    await db.batch([
      db.insert(orders).values({
        id,
        flightId,
        status,
        amountCents: seats * 125_000,
        seats,
        customerInfo: {
          firstName: "Léa",
          lastName: "Muller",
          email: "lea@example.ch",
          phone: "",
          address: "",
          zipCode: "",
          city: "",
          country: "CH",
        },
        linkKeyHash: id.padEnd(64, "0"),
        reference: `JM-L${String(orderNumber).padStart(5, "0")}`,
        holdExpiresAt: holdEndsIn === null ? null : new Date(now.getTime() + holdEndsIn * MINUTE),
        createdAt: now,
        updatedAt: now,
      }),
      db
        .update(flights)
        .set({ seatsHeld: sql`${flights.seatsHeld} + ${seats}` })
        .where(eq(flights.id, flightId)),
    ]);
    return id;
  }

  /** What the stored generated columns say (they count every hold, dead or not). */
  const stored = async (flightId: string) =>
    (await current()
      .db.select({ availableSeats: flights.availableSeats, isSoldOut: flights.isSoldOut })
      .from(flights)
      .where(eq(flights.id, flightId))
      .get())!;
  return { addFlight, hold, stored };
}

export const seatsOf = ({
  offeredSeats,
  heldSeats,
  availableSeats,
  isSoldOut,
}: {
  offeredSeats: number;
  heldSeats: number;
  availableSeats: number;
  isSoldOut: boolean;
}) => ({
  offeredSeats,
  heldSeats,
  availableSeats,
  isSoldOut,
});
