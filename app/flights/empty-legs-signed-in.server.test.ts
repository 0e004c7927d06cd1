/**
 * A signed-in visitor's list (/home, /empty-legs): the cards' hearts and waitlist buttons
 * come in the list's own D1 round trip, for this visitor only and for the cards shown.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createDb } from "#app/db/client.server";
import { favorites, flights, users, waitlist } from "#app/db/schema";
import { countingD1 } from "#tests/counting-d1";
import { createTestD1 } from "#tests/d1";
import { insertAirportsByCity, testFlight } from "#tests/flight-rows";
import { testUser } from "#tests/user-rows";

import { loadEmptyLegs, loadEmptyLegsWithMap } from "./empty-legs.server";

let d1: D1Database;
let dispose: () => Promise<void>;
const now = new Date("2026-06-01T00:00:00Z");
const DAY = 86_400_000;

beforeAll(async () => {
  let db;
  ({ d1, db, dispose } = await createTestD1());
  await db.insert(users).values(["anna", "bruno"].map((id) => testUser(id)));
  const id = await insertAirportsByCity(db, { Genève: { icaoCode: "LSGG" }, Nice: { icaoCode: "LFMN" } });
  const flight = (flightId: string, days: number, feedSeats = 6) =>
    testFlight(flightId, {
      from: id("Genève"),
      to: id("Nice"),
      departure: new Date(now.getTime() + days * DAY),
      refreshedAt: now,
      feedSeats,
    });
  // Seven bookable flights, b1 soonest; two sold out (no seat), which the list puts last; one gone.
  // One row an insert: D1 binds at most 100 values a statement.
  for (const row of [
    ...[1, 2, 3, 4, 5, 6, 7].map((day) => flight(`b${day}`, day)),
    flight("s1", 1.5, 0),
    flight("s2", 2.5, 0),
    flight("gone", -1),
  ])
    await db.insert(flights).values(row);
  await db.insert(favorites).values([
    { userId: "anna", flightId: "b1" },
    { userId: "anna", flightId: "b7" },
    { userId: "anna", flightId: "s1" },
    { userId: "anna", flightId: "gone" },
    { userId: "bruno", flightId: "b2" },
  ]);
  await db.insert(waitlist).values([
    { userId: "anna", flightId: "s1" },
    // Joined when it was sold out; seats came back since: no waitlist button on its card.
    { userId: "anna", flightId: "b3" },
    { userId: "bruno", flightId: "s2" },
  ]);
});
afterAll(() => dispose());

async function list(userId: string | null, query = "") {
  const { binding, counter } = countingD1(d1);
  const emptyLegs = await loadEmptyLegs(createDb(binding), { now, searchParams: new URLSearchParams(query), userId });
  return { emptyLegs, roundTrips: counter.roundTrips };
}

describe("a signed-in visitor's list", () => {
  it("has the hearts and waitlist buttons of the cards shown, in the list's one round trip", async () => {
    const first = await list("anna");
    expect(first.roundTrips).toBe(1);
    expect(first.emptyLegs.flights.map((flight) => flight.id)).toEqual(["b1", "b2", "b3", "b4", "b5", "b6"]);
    expect(first.emptyLegs.favoriteIds).toEqual(["b1"]);
    expect(first.emptyLegs.waitlistIds).toEqual([]);

    const more = await list("anna", "show=12");
    expect(more.roundTrips).toBe(1);
    expect(more.emptyLegs.flights.map((flight) => flight.id)).toEqual([
      "b1",
      "b2",
      "b3",
      "b4",
      "b5",
      "b6",
      "b7",
      "s1",
      "s2",
    ]);
    expect(more.emptyLegs.favoriteIds).toEqual(["b1", "b7", "s1"]);
    expect(more.emptyLegs.waitlistIds).toEqual(["s1"]);
  });

  it("shows each visitor their own, and a signed-out visitor none, in one round trip too", async () => {
    const bruno = await list("bruno", "show=12");
    expect(bruno.emptyLegs.favoriteIds).toEqual(["b2"]);
    expect(bruno.emptyLegs.waitlistIds).toEqual(["s2"]);
    const signedOut = await list(null, "show=12");
    expect(signedOut.roundTrips).toBe(1);
    expect(signedOut.emptyLegs.favoriteIds).toEqual([]);
    expect(signedOut.emptyLegs.waitlistIds).toEqual([]);
  });

  it("does the same on /empty-legs, whose map's airports come in that round trip too", async () => {
    const { binding, counter } = countingD1(d1);
    const page = await loadEmptyLegsWithMap(createDb(binding), {
      now,
      searchParams: new URLSearchParams("show=12"),
      userId: "anna",
    });
    expect(counter.roundTrips).toBe(1);
    expect(page.emptyLegs.favoriteIds).toEqual(["b1", "b7", "s1"]);
    expect(page.emptyLegs.waitlistIds).toEqual(["s1"]);
  });
});
