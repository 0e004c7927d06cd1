/**
 * Live seats and prices that do not climb, on a real D1 (DECISIONS.md D2, D6): an unpaid
 * hold past its end is not counted by any reader, before the cron cancels it; the price
 * per person divides by the seats offered; the whole aircraft is for sale only while no
 * seat is held. The traveller's listings and the back-office's agree.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestD1 } from "#tests/d1";
import type { Db } from "./client.server";
import { airports, flights, orders, users, type ORDER_STATUSES } from "./schema";
import { pricePerPerson, wholeAircraftOffered } from "#app/flights/pricing";
import { dashboardFigures, queryAdminFlights } from "#app/flights/admin-flights.queries.server";
import { saveFlightEdit } from "#app/flights/flight-edit.queries.server";
import { setFlightSoldOut } from "#app/flights/flight-sold-out.queries.server";
import { listAlertableFlights } from "#app/alerts/flight-alerts.queries.server";
import {
  findFlightListing,
  listFlightsByIds,
  listUpcomingFlights,
  queryEmptyLegs,
} from "#app/flights/flights.queries.server";

let db: Db;
let dispose: () => Promise<void>;
const now = new Date("2026-11-23T10:00:00Z");
const MINUTE = 60_000;
const STAFF = "staff-user";
let from = 0;
let to = 0;

beforeAll(async () => {
  ({ db, dispose } = await createTestD1());
  const rows = await db
    .insert(airports)
    .values([
      { icaoCode: "LSGG", servedCity: "Genève", country: "Switzerland" },
      { icaoCode: "LFMN", servedCity: "Nice", country: "France" },
    ])
    .returning({ id: airports.id });
  [from, to] = [rows[0]!.id, rows[1]!.id];
  await db.insert(users).values({
    id: STAFF,
    email: "gaston@example.test",
    passwordHash: "x",
    firstName: "Gaston",
    lastName: "Gestionnaire",
    role: "gestionnaire",
  });
});
afterAll(() => dispose());

let flightNumber = 0;
/** A PC-12 flight tomorrow: 100 minutes at 50 EUR a minute (5,000 EUR), `seats` offered by the feed. */
async function addFlight({ seats = 4, seatsOverride = null }: { seats?: number; seatsOverride?: number | null } = {}) {
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
  (await db
    .select({ availableSeats: flights.availableSeats, isSoldOut: flights.isSoldOut })
    .from(flights)
    .where(eq(flights.id, flightId))
    .get())!;
const listing = async (flightId: string, at = now) => (await findFlightListing(db, flightId, at))!;
const seatsOf = ({
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

describe("the price per person and the whole aircraft (D2 revised)", () => {
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
