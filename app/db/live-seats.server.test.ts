/**
 * Live seats and prices that do not climb, on a real D1 (docs/payments.md 'Prices'): an unpaid
 * hold past its end is not counted by any reader, before the cron cancels it; the price
 * per person divides by the seats offered; the whole aircraft is for sale only while no
 * seat is held. The back-office's agreement with the traveller's listings is in
 * live-seats-back-office.server.test.ts.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { listUpcomingFlights, queryEmptyLegs } from "#app/flights/flights.queries.server";
import { pricePerPerson, wholeAircraftOffered } from "#app/flights/pricing";

import type { Db } from "./client.server";
import { findFlightListing } from "./flight-listing.server";
import { listFlightsByIds } from "./flight-listing.server";
import { liveSeatsHelpers, MINUTE, now, openLiveSeatsDatabase, seatsOf } from "./live-seats.fixtures";
import { flights } from "./schema";

let db: Db;
let dispose: () => Promise<void>;
let from = 0;
let to = 0;
beforeAll(async () => {
  ({ db, dispose, from, to } = await openLiveSeatsDatabase());
});
afterAll(() => dispose());
const { addFlight, hold, stored } = liveSeatsHelpers(() => ({ db, from, to }));
const listing = async (flightId: string, at = now) => (await findFlightListing(db, flightId, at))!;

describe("the price per person and the whole aircraft", () => {
  it("keeps 1,250 EUR a seat after a 2-seat order, and takes the whole aircraft off sale", async () => {
    const id = await addFlight({ seats: 4 });
    // 100 min x 50 EUR = 5,000 EUR over the 4 seats offered = 1,250 EUR.
    const before = await listing(id);
    expect(seatsOf(before)).toEqual({ offeredSeats: 4, heldSeats: 0, availableSeats: 4, isSoldOut: false });
    expect(pricePerPerson(before)).toBe(1250);
    expect(wholeAircraftOffered(before)).toBe(true);

    await hold(id, 2);
    const after = await listing(id);
    expect(seatsOf(after)).toEqual({ offeredSeats: 4, heldSeats: 2, availableSeats: 2, isSoldOut: false });
    // Still 5,000 / 4, not 5,000 / 2 = 2,500.
    expect(pricePerPerson(after)).toBe(1250);
    expect(wholeAircraftOffered(after)).toBe(false);
  });

  it("divides by staff's seat override when there is one", async () => {
    const id = await addFlight({ seats: 4, seatsOverride: 5 });
    const flight = await listing(id);
    expect(flight.offeredSeats).toBe(5);
    // 5,000 / 5.
    expect(pricePerPerson(flight)).toBe(1000);
  });

  it("shows a sold-out flight at the price it had", async () => {
    const id = await addFlight({ seats: 4 });
    await hold(id, 4);
    const flight = await listing(id);
    expect(seatsOf(flight)).toEqual({ offeredSeats: 4, heldSeats: 4, availableSeats: 0, isSoldOut: true });
    expect(pricePerPerson(flight)).toBe(1250);
    expect(wholeAircraftOffered(flight)).toBe(false);
  });
});

describe("a dead hold (unpaid, past its end, not yet cancelled by the cron)", () => {
  it("is not counted in the listing's seats or sold-out, a live one is", async () => {
    const dead = await addFlight({ seats: 4 });
    await hold(dead, 4, { holdEndsIn: -1 });
    const live = await addFlight({ seats: 4 });
    await hold(live, 4, { holdEndsIn: 1 });
    // The stored columns still count both holds: the listing must not read them.
    expect(await stored(dead)).toEqual({ availableSeats: 0, isSoldOut: true });

    const deadListing = await listing(dead);
    expect(seatsOf(deadListing)).toEqual({ offeredSeats: 4, heldSeats: 0, availableSeats: 4, isSoldOut: false });
    expect(wholeAircraftOffered(deadListing)).toBe(true);
    expect(seatsOf(await listing(live))).toEqual({ offeredSeats: 4, heldSeats: 4, availableSeats: 0, isSoldOut: true });
    // A minute later the live hold is past its end too.
    expect(seatsOf(await listing(live, new Date(now.getTime() + MINUTE)))).toEqual({
      offeredSeats: 4,
      heldSeats: 0,
      availableSeats: 4,
      isSoldOut: false,
    });
  });

  it("ends at its hold_expires_at: a hold ending now is dead", async () => {
    const id = await addFlight({ seats: 4 });
    await hold(id, 3, { holdEndsIn: 0 });
    expect((await listing(id)).availableSeats).toBe(4);
    expect((await listing(id, new Date(now.getTime() - 1))).availableSeats).toBe(1);
  });

  it("counts only unpaid pending holds as dead: paid orders hold their seats whatever their old hold said", async () => {
    const id = await addFlight({ seats: 6 });
    await hold(id, 1, { holdEndsIn: -10 }); // dead
    await hold(id, 2, { holdEndsIn: 10 }); // live
    await hold(id, 1, { holdEndsIn: -10, status: "processing" }); // paid, awaiting staff
    await hold(id, 1, { holdEndsIn: null, status: "completed" });
    // 5 stored, 1 of them dead: 4 held, 6 - 4 = 2 left.
    expect(seatsOf(await listing(id))).toEqual({ offeredSeats: 6, heldSeats: 4, availableSeats: 2, isSoldOut: false });
    expect(await stored(id)).toEqual({ availableSeats: 1, isSoldOut: false });
  });

  it("leaves staff's sold-out override in charge", async () => {
    const id = await addFlight({ seats: 4 });
    await hold(id, 4, { holdEndsIn: -1 });
    await db.update(flights).set({ soldOutOverride: true }).where(eq(flights.id, id));
    expect(seatsOf(await listing(id))).toEqual({ offeredSeats: 4, heldSeats: 0, availableSeats: 4, isSoldOut: true });
  });

  it("is not counted by any traveller listing: the list, the empty-leg page, the favourites", async () => {
    const id = await addFlight({ seats: 4 });
    await hold(id, 3, { holdEndsIn: -5 });
    await hold(id, 1, { holdEndsIn: 5 });
    const expected = { offeredSeats: 4, heldSeats: 1, availableSeats: 3, isSoldOut: false };
    const upcoming = await listUpcomingFlights(db, { now, where: eq(flights.id, id) });
    expect(upcoming.map(seatsOf)).toEqual([expected]);
    // Through a D1 batch, where rows are keyed by column name.
    const page = await queryEmptyLegs(db, {
      now,
      departureAirportIds: [from],
      arrivalAirportIds: [to],
      departureRange: null,
      limit: 100,
    });
    expect(seatsOf(page.flights.find((flight) => flight.id === id)!)).toEqual(expected);
    expect((await listFlightsByIds(db, [id], now)).map(seatsOf)).toEqual([expected]);
  });
});
