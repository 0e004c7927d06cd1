/**
 * Route alerts with a radius around the departure city (decision 036), on a real D1: the
 * airports' published coordinates, the distances checked by the spherical law of
 * cosines written here, never by the code under test.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import type { Db } from "#app/db/client.server";
import { airports, alertDeliveries, alertWatches, flights, users } from "#app/db/schema";
import { createTestContext } from "#tests/context";
import { createTestD1 } from "#tests/d1";
import { testFlight } from "#tests/flight-rows";

import { listUserWatches } from "./alert-watches.queries.server";
import { changeAlerts } from "./alert-watches.server";
import { sendFlightAlerts } from "./flight-alerts.server";

const NOW = new Date("2026-11-23T09:00:00Z");
const HOUR = 3_600_000;
let d1: D1Database;
let db: Db;
let dispose: () => Promise<void>;

const AIRPORTS = [
  { id: 1, icaoCode: "LSGG", servedCity: "Genève", country: "Switzerland", latitude: 46.2381, longitude: 6.109 },
  { id: 2, icaoCode: "LSGL", servedCity: "Lausanne", country: "Switzerland", latitude: 46.5453, longitude: 6.6167 },
  { id: 3, icaoCode: "LSGS", servedCity: "Sion", country: "Switzerland", latitude: 46.2196, longitude: 7.3268 },
  { id: 4, icaoCode: "LFMN", servedCity: "Nice", country: "France", latitude: 43.6584, longitude: 7.2159 },
  { id: 5, icaoCode: "LFMD", servedCity: "Cannes", country: "France", latitude: 43.5421, longitude: 6.9535 },
];

/** The spherical law of cosines on a 6371 km sphere. */
function expectedKm(a: number, b: number) {
  const rad = (degrees: number) => (degrees * Math.PI) / 180;
  const [p, q] = [AIRPORTS[a - 1]!, AIRPORTS[b - 1]!];
  return (
    6371 *
    Math.acos(
      Math.sin(rad(p.latitude)) * Math.sin(rad(q.latitude)) +
        Math.cos(rad(p.latitude)) * Math.cos(rad(q.latitude)) * Math.cos(rad(q.longitude - p.longitude)),
    )
  );
}

beforeAll(async () => {
  ({ d1, db, dispose } = await createTestD1());
  await db.insert(airports).values(AIRPORTS);
});
afterAll(() => dispose());

beforeEach(async () => {
  await d1.batch(
    ["alert_deliveries", "notifications", "mail_outbox", "alert_watches", "flights", "users"].map((table) =>
      d1.prepare(`delete from ${table}`),
    ),
  );
});

async function addFlight(id: string, from: number, to: number) {
  await db
    .insert(flights)
    .values(testFlight(id, { from, to, departure: new Date(NOW.getTime() + 48 * HOUR), refreshedAt: NOW }));
}

async function addWatcher(userId: string, watch: Partial<typeof alertWatches.$inferInsert>) {
  await db
    .insert(users)
    .values({ id: userId, email: `${userId}@example.ch`, passwordHash: "x", firstName: userId, lastName: "T" });
  await db.insert(alertWatches).values({ userId, fromKind: "city", fromValue: "Lausanne", ...watch });
}

const alerted = async (userId: string) =>
  (await db.select().from(alertDeliveries).where(eq(alertDeliveries.userId, userId))).map((row) => row.flightId).sort();

describe("a route alert with a radius", () => {
  it("takes the departures within the radius of its city, by the great-circle distance", async () => {
    // Geneva is about 52 km from Lausanne, Sion about 65 km; Nice and Cannes are about 25 km apart.
    expect(expectedKm(2, 1)).toBeGreaterThan(50);
    expect(expectedKm(2, 1)).toBeLessThan(55);
    expect(expectedKm(2, 3)).toBeLessThan(100);
    expect(expectedKm(4, 5)).toBeLessThan(50);
    await addFlight("geneva-nice", 1, 4);
    await addFlight("sion-nice", 3, 4);
    await addFlight("lausanne-nice", 2, 4);
    await addFlight("cannes-geneva", 5, 1);
    await addWatcher("exact", { fromRadiusKm: 0 });
    await addWatcher("fifty", { fromRadiusKm: 50 });
    await addWatcher("hundred", { fromRadiusKm: 100 });
    await addWatcher("nice-area", { fromValue: "Nice", fromRadiusKm: 50, toKind: "city", toValue: "Genève" });

    const result = await sendFlightAlerts(createTestContext({ d1, now: NOW }));

    expect(result).toMatchObject({ ok: true, kind: "sent" });
    expect(await alerted("exact")).toEqual(["lausanne-nice"]);
    expect(await alerted("fifty")).toEqual(["lausanne-nice"]);
    expect(await alerted("hundred")).toEqual(["geneva-nice", "lausanne-nice", "sion-nice"]);
    expect(await alerted("nice-area")).toEqual(["cannes-geneva"]);
  });

  it("is saved from the profile's form for a city, and never for a country", async () => {
    await db
      .insert(users)
      .values({ id: "ana", email: "ana@example.ch", passwordHash: "x", firstName: "Ana", lastName: "T" });
    const context = createTestContext({ d1, now: NOW });
    const add = (from: { kind: "city" | "country"; value: string }, radiusKm?: number) =>
      changeAlerts(context, { userId: "ana", change: { intent: "addWatch", from, windowDays: 7, radiusKm } });

    expect(await add({ kind: "city", value: "Lausanne" }, 100)).toEqual({ ok: true, done: "watchAdded" });
    expect(await add({ kind: "country", value: "France" }, 200)).toEqual({ ok: true, done: "watchAdded" });
    expect(await add({ kind: "city", value: "Sion" })).toEqual({ ok: true, done: "watchAdded" });
    expect((await listUserWatches(db, "ana")).map((watch) => [watch.from.value, watch.radiusKm])).toEqual([
      ["Lausanne", 100],
      ["France", 0],
      ["Sion", 0],
    ]);
    // A city to itself is no route, with or without a radius; a country to itself is (inside France).
    const route = (from: string, to: string, radiusKm?: number) =>
      changeAlerts(context, {
        userId: "ana",
        change: {
          intent: "addWatch",
          from: { kind: "city", value: from },
          to: { kind: "city", value: to },
          windowDays: 7,
          radiusKm,
        },
      });
    expect(await route("Nice", "Nice")).toEqual({ ok: false, reason: "sameCity" });
    expect(await route("Genève", "Genève", 100)).toEqual({ ok: false, reason: "sameCity" });
    expect(
      await changeAlerts(context, {
        userId: "ana",
        change: {
          intent: "addWatch",
          from: { kind: "country", value: "France" },
          to: { kind: "country", value: "France" },
          windowDays: 7,
        },
      }),
    ).toEqual({ ok: true, done: "watchAdded" });
    expect(await listUserWatches(db, "ana")).toHaveLength(4);
    // The table refuses a radius that is not offered, and a radius around a country.
    await expect(
      d1
        .prepare(
          "insert into alert_watches (user_id, from_kind, from_value, from_radius_km) values ('ana', 'city', 'Sion', 73)",
        )
        .run(),
    ).rejects.toThrow(/CHECK/);
    await expect(
      d1
        .prepare(
          "insert into alert_watches (user_id, from_kind, from_value, from_radius_km) values ('ana', 'country', 'France', 50)",
        )
        .run(),
    ).rejects.toThrow(/CHECK/);
  });
});
