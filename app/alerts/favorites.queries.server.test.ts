import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { Db } from "#app/db/client.server";
import { upcomingFavoriteIdsSelect } from "#app/db/followed-flights.server";
import { airports, favorites, flights, users } from "#app/db/schema";
import { createTestD1 } from "#tests/d1";
import { testUser } from "#tests/user-rows";

import { toggleFavorite } from "./favorites.queries.server";

let db: Db;
let dispose: () => Promise<void>;
const now = new Date("2026-11-23T10:00:00Z");

beforeAll(async () => {
  ({ db, dispose } = await createTestD1());
  await db.insert(users).values(["anna", "bruno"].map((id) => testUser(id)));
  const [from, to] = await db
    .insert(airports)
    .values([
      { icaoCode: "LSGG", servedCity: "Genève" },
      { icaoCode: "LFMN", servedCity: "Nice" },
    ])
    .returning();
  await db.insert(flights).values(
    ["f1", "f2"].map((id, i) => ({
      id,
      departureAirportId: from!.id,
      arrivalAirportId: to!.id,
      departureDate: new Date(now.getTime() + (i + 1) * 86_400_000),
      arrivalDate: new Date(now.getTime() + (i + 1) * 86_400_000 + 3_600_000),
      flightTime: 60,
      aircraftType: "PC12",
      pricePerMinute: 50,
      feedSeats: 6,
      refreshedAt: now,
    })),
  );
});
afterAll(() => dispose());

describe("favourites", () => {
  it("toggles only the given user's favourite, whatever flight id is sent", async () => {
    expect(await toggleFavorite(db, { userId: "anna", flightId: "f1", now })).toBe("added");
    // Bruno sending Anna's flight toggles his own favourite, never hers.
    expect(await toggleFavorite(db, { userId: "bruno", flightId: "f1", now })).toBe("added");
    expect(await toggleFavorite(db, { userId: "bruno", flightId: "f1", now })).toBe("removed");
    expect(await upcomingFavoriteIdsSelect(db, "anna", now)).toEqual([{ flightId: "f1" }]);
    expect(await upcomingFavoriteIdsSelect(db, "bruno", now)).toEqual([]);
    // Once f1 has left, it is no heart of any list.
    expect(await upcomingFavoriteIdsSelect(db, "anna", new Date(now.getTime() + 86_400_000 + 1))).toEqual([]);
    expect(await toggleFavorite(db, { userId: "anna", flightId: "no-such-flight", now })).toBe("notFound");
    expect(await db.select({ userId: favorites.userId, flightId: favorites.flightId }).from(favorites)).toEqual([
      { userId: "anna", flightId: "f1" },
    ]);
  });
});
