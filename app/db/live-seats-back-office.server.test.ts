/**
 * Live seats on a real D1 (decision 003): the back-office's list, tiles, alerts,
 * sold-out toggle and edit panel count an unpaid hold past its end as the traveller's
 * listings do (live-seats.server.test.ts): not at all.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { listAlertableFlights } from "#app/alerts/flight-alerts.queries.server";
import { dashboardFigures, queryAdminFlights } from "#app/flights/admin-flights.queries.server";
import { saveFlightEdit } from "#app/flights/flight-edit.queries.server";
import { setFlightSoldOut } from "#app/flights/flight-sold-out.queries.server";

import type { Db } from "./client.server";
import { findFlightListing } from "./flight-listing.server";
import { liveSeatsHelpers, MINUTE, now, openLiveSeatsDatabase, seatsOf, STAFF } from "./live-seats.fixtures";
import { flights, orders } from "./schema";

let db: Db;
let dispose: () => Promise<void>;
let from = 0;
let to = 0;
beforeAll(async () => {
  ({ db, dispose, from, to } = await openLiveSeatsDatabase());
});
afterAll(() => dispose());
const { addFlight, hold } = liveSeatsHelpers(() => ({ db, from, to }));
const listing = async (flightId: string, at = now) => (await findFlightListing(db, flightId, at))!;

describe("the back-office agrees", () => {
  it("lists, counts and filters with the same live seats", async () => {
    // Only this test's flights, so the tiles can be counted by hand.
    await db.delete(orders);
    await db.delete(flights);
    const deadOnly = await addFlight({ seats: 4 });
    await hold(deadOnly, 4, { holdEndsIn: -1 });
    const liveFull = await addFlight({ seats: 4 });
    await hold(liveFull, 4, { holdEndsIn: 20 });
    const mixed = await addFlight({ seats: 6 });
    await hold(mixed, 2, { holdEndsIn: -3 });
    await hold(mixed, 1, { holdEndsIn: 3 });

    const { flights: listed, total } = await queryAdminFlights(db, { now, airportIds: null, page: 1, pageSize: 20 });
    expect(total).toBe(3);
    const byId = new Map(listed.map((flight) => [flight.id, seatsOf(flight)]));
    expect(Object.fromEntries(byId)).toEqual({
      [deadOnly]: { offeredSeats: 4, heldSeats: 0, availableSeats: 4, isSoldOut: false },
      [liveFull]: { offeredSeats: 4, heldSeats: 4, availableSeats: 0, isSoldOut: true },
      [mixed]: { offeredSeats: 6, heldSeats: 1, availableSeats: 5, isSoldOut: false },
    });
    // The traveller's listing says the same of each.
    for (const [id, seats] of byId) expect(seatsOf(await listing(id))).toEqual(seats);

    // Tiles: the active flights are deadOnly (4 left) and mixed (5 left), each of 100 minutes.
    const day = { start: new Date(now.getTime() + 12 * 60 * MINUTE), end: new Date(now.getTime() + 36 * 60 * MINUTE) };
    const figures = await dashboardFigures(db, { now, today: { start: now, end: day.start }, chartDays: [day] });
    expect(figures.tiles).toEqual({ activeFlights: 2, availableSeats: 9, flightsToday: 0, averageMinutes: 100 });
    expect(figures.seatsPerDay).toEqual([9]);

    // The alerts skip only the flight that is really full.
    const alertable = await listAlertableFlights(db, {
      from: now,
      until: new Date(now.getTime() + 7 * 24 * 60 * MINUTE),
    });
    expect(alertable.map((flight) => flight.id).sort()).toEqual([deadOnly, mixed].sort());

    // The sold-out toggle reads the status the list shows: deadOnly is on sale, so it can
    // be marked sold out and put back (its stored seats, all held, would refuse that).
    expect(await setFlightSoldOut(db, { flightId: deadOnly, soldOut: true, staffId: STAFF, now })).toEqual({
      status: "saved",
    });
    expect((await listing(deadOnly)).isSoldOut).toBe(true);
    expect(await setFlightSoldOut(db, { flightId: deadOnly, soldOut: false, staffId: STAFF, now })).toEqual({
      status: "saved",
    });
    expect((await listing(deadOnly)).isSoldOut).toBe(false);
    expect(await setFlightSoldOut(db, { flightId: liveFull, soldOut: false, staffId: STAFF, now })).toEqual({
      status: "noSeats",
    });
    expect(await setFlightSoldOut(db, { flightId: liveFull, soldOut: true, staffId: STAFF, now })).toEqual({
      status: "unchanged",
    });

    // The edit panel refuses fewer seats than the live holds only: mixed holds 1 live seat.
    const seatsTo = (seatsOverride: number) => (flight: { departureDate: Date; arrivalDate: Date }) => ({
      probabilityOverride: 90,
      seatsOverride,
      departureDate: flight.departureDate,
      arrivalDate: flight.arrivalDate,
      departureTimeType: "exact" as const,
      timeSlot: null,
    });
    expect(await saveFlightEdit(db, { flightId: mixed, edit: seatsTo(0), staffId: STAFF, now })).toEqual({
      status: "seatsHeld",
      held: 1,
    });
    expect(await saveFlightEdit(db, { flightId: mixed, edit: seatsTo(2), staffId: STAFF, now })).toEqual({
      status: "saved",
      changed: true,
    });
    expect(seatsOf(await listing(mixed))).toEqual({
      offeredSeats: 2,
      heldSeats: 1,
      availableSeats: 1,
      isSoldOut: false,
    });
  });
});
