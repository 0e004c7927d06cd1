import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createTestD1 } from "#tests/d1";

import type { Db } from "./client.server";
import * as schema from "./schema";

let db: Db;
let d1: D1Database;
let dispose: () => Promise<void>;

beforeAll(async () => {
  ({ db, d1, dispose } = await createTestD1());
  await db.insert(schema.users).values([
    { id: "u1", email: "a@example.ch", passwordHash: "x", firstName: "A", lastName: "A" },
    { id: "u2", email: "b@example.ch", passwordHash: "x", firstName: "B", lastName: "B" },
  ]);
  await db.insert(schema.airports).values([
    { id: 1, icaoCode: "LSGG", servedCity: "Genève", country: "Switzerland" },
    { id: 2, icaoCode: "LFTZ", servedCity: "St-Tropez", country: "France" },
  ]);
  await db.insert(schema.flights).values(flight("f1"));
});

afterAll(() => dispose());

const departure = new Date("2026-12-04T08:00:00Z");
function flight(id: string, overrides: Partial<typeof schema.flights.$inferInsert> = {}) {
  return {
    id,
    departureAirportId: 1,
    arrivalAirportId: 2,
    departureDate: departure,
    arrivalDate: new Date(departure.getTime() + 80 * 60_000),
    flightTime: 80,
    aircraftType: "PC12",
    pricePerMinute: 50,
    feedSeats: 6,
    refreshedAt: departure,
    ...overrides,
  } satisfies typeof schema.flights.$inferInsert;
}

/** The SQLite message of a failed statement (drizzle wraps it: it is on `cause`). */
async function failure(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    const cause = (error as { cause?: Error }).cause;
    return String(cause?.message ?? (error as Error).message);
  }
  throw new Error("expected the statement to fail");
}

describe("schema: unique keys", () => {
  it("one account per email", async () => {
    expect(
      await failure(
        db
          .insert(schema.users)
          .values({ id: "u3", email: "a@example.ch", passwordHash: "x", firstName: "C", lastName: "C" }),
      ),
    ).toMatch(/UNIQUE constraint failed: users.email/);
  });

  it("one flight per departure airport + arrival airport + departure date", async () => {
    expect(await failure(db.insert(schema.flights).values(flight("f2")))).toMatch(
      /UNIQUE constraint failed: flights.departure_airport_id, flights.arrival_airport_id, flights.departure_date/,
    );
    await db.insert(schema.flights).values(flight("f3", { departureDate: new Date(departure.getTime() + 60_000) }));
  });

  it("one airport per ICAO code", async () => {
    expect(await failure(db.insert(schema.airports).values({ icaoCode: "LSGG", servedCity: "Genf" }))).toMatch(
      /UNIQUE constraint failed: airports.icao_code/,
    );
  });

  it("one favourite per user and flight", async () => {
    await db.insert(schema.favorites).values({ userId: "u1", flightId: "f1" });
    expect(await failure(db.insert(schema.favorites).values({ userId: "u1", flightId: "f1" }))).toMatch(/UNIQUE/);
    await db.insert(schema.favorites).values({ userId: "u2", flightId: "f1" });
  });

  it("one alert per user and flight", async () => {
    const row = { userId: "u1", flightId: "f1", alertedAt: new Date() };
    await db.insert(schema.alertDeliveries).values(row);
    expect(await failure(db.insert(schema.alertDeliveries).values(row))).toMatch(/UNIQUE/);
  });

  it("a watch leaves from a city or a country, goes nowhere or to a named place, within 7, 14 or 30 days", async () => {
    const watch = { userId: "u1", fromKind: "country", fromValue: "France" } as const;
    await db.insert(schema.alertWatches).values({ ...watch, toKind: "city", toValue: "Londres", windowDays: 30 });
    expect(await failure(db.insert(schema.alertWatches).values({ ...watch, windowDays: 10 }))).toMatch(/CHECK/);
    expect(await failure(db.insert(schema.alertWatches).values({ ...watch, fromKind: "airport" as "city" }))).toMatch(
      /CHECK/,
    );
    expect(await failure(db.insert(schema.alertWatches).values({ ...watch, toKind: "city" }))).toMatch(/CHECK/);
    expect(await failure(db.insert(schema.alertWatches).values({ ...watch, toValue: "Londres" }))).toMatch(/CHECK/);
  });

  it("one newsletter subscription per email and per unsubscribe token", async () => {
    await db.insert(schema.newsletterSubscribers).values({ email: "n@example.ch", unsubscribeTokenHash: "h1" });
    expect(
      await failure(
        db.insert(schema.newsletterSubscribers).values({ email: "n@example.ch", unsubscribeTokenHash: "h2" }),
      ),
    ).toMatch(/UNIQUE constraint failed: newsletter_subscribers.email/);
    expect(
      await failure(
        db.insert(schema.newsletterSubscribers).values({ email: "m@example.ch", unsubscribeTokenHash: "h1" }),
      ),
    ).toMatch(/UNIQUE constraint failed: newsletter_subscribers.unsubscribe_token_hash/);
  });

  it("one-time tokens, sessions and rate-limit keys are unique", async () => {
    const expiresAt = new Date(Date.now() + 60_000);
    await db
      .insert(schema.oneTimeTokens)
      .values({ userId: "u1", purpose: "password_reset", tokenHash: "t", expiresAt });
    expect(
      await failure(
        db.insert(schema.oneTimeTokens).values({ userId: "u2", purpose: "password_reset", tokenHash: "t", expiresAt }),
      ),
    ).toMatch(/UNIQUE/);
    await db.insert(schema.sessions).values({ idHash: "s", userId: "u1", expiresAt });
    expect(await failure(db.insert(schema.sessions).values({ idHash: "s", userId: "u2", expiresAt }))).toMatch(
      /UNIQUE/,
    );
    await db.insert(schema.rateLimits).values({ key: "login:ip:1", count: 1, windowEndsAt: expiresAt });
    expect(
      await failure(db.insert(schema.rateLimits).values({ key: "login:ip:1", count: 1, windowEndsAt: expiresAt })),
    ).toMatch(/UNIQUE/);
  });

  it("an idempotency key creates one order and one request only", async () => {
    const order = {
      flightId: "f1",
      amountCents: 100,
      seats: 1,
      linkKeyHash: "k",
      idempotencyKey: "same",
      customerInfo: {
        firstName: "A",
        lastName: "A",
        email: "a@example.ch",
        phone: "1",
        address: "a",
        zipCode: "1",
        city: "c",
        country: "CH",
      },
    };
    await db.insert(schema.orders).values({ id: "o1", ...order });
    expect(await failure(db.insert(schema.orders).values({ id: "o2", ...order }))).toMatch(
      /UNIQUE constraint failed: orders.idempotency_key/,
    );

    const contact = { firstName: "A", lastName: "A", email: "a@example.ch", phone: "0791234567", idempotencyKey: "k1" };
    const exclusive = {
      exclusiveFlightId: "geneva-sttropez",
      address: "a",
      zipCode: "1",
      city: "c",
      country: "CH",
      ...contact,
    };
    await db.insert(schema.exclusiveRequests).values({ id: "e1", ...exclusive });
    expect(await failure(db.insert(schema.exclusiveRequests).values({ id: "e2", ...exclusive }))).toMatch(/UNIQUE/);
    const custom = { departure: "Genève", arrival: "Nice", date: "2026-12-24", passengers: 2, ...contact };
    await db.insert(schema.customRequests).values({ id: "c1", ...custom });
    expect(await failure(db.insert(schema.customRequests).values({ id: "c2", ...custom }))).toMatch(/UNIQUE/);
  });

  it("at most one sync runs at a time", async () => {
    await db.insert(schema.syncRuns).values({ trigger: "cron", startedAt: new Date() });
    expect(await failure(db.insert(schema.syncRuns).values({ trigger: "manual", startedAt: new Date() }))).toMatch(
      /UNIQUE constraint failed: sync_runs.status/,
    );
    await db.update(schema.syncRuns).set({ status: "success" });
    await db.insert(schema.syncRuns).values({ trigger: "manual", startedAt: new Date() });
  });
});

describe("schema: rules SQLite enforces", () => {
  it("foreign keys are on", async () => {
    expect(await failure(db.insert(schema.favorites).values({ userId: "nobody", flightId: "f1" }))).toMatch(
      /FOREIGN KEY/,
    );
  });

  it("deleting a user deletes their sessions and favourites", async () => {
    await db
      .insert(schema.users)
      .values({ id: "gone", email: "gone@example.ch", passwordHash: "x", firstName: "G", lastName: "G" });
    await db.insert(schema.sessions).values({ idHash: "gone-session", userId: "gone", expiresAt: new Date() });
    await db.insert(schema.favorites).values({ userId: "gone", flightId: "f1" });
    await db.delete(schema.users).where(eq(schema.users.id, "gone"));
    const left = await d1
      .prepare(
        "select (select count(*) from sessions where user_id = 'gone') + (select count(*) from favorites where user_id = 'gone') as n",
      )
      .first<{ n: number }>();
    expect(left?.n).toBe(0);
  });

  it("rejects a role, a status or a passenger count outside their allowed values", async () => {
    expect(
      await failure(
        d1
          .prepare(
            "insert into users (id, email, password_hash, first_name, last_name, role) values ('r', 'r@x.ch', 'x', 'R', 'R', 'root')",
          )
          .run(),
      ),
    ).toMatch(/CHECK constraint failed/);
    expect(await failure(d1.prepare("update orders set status = 'lost' where id = 'o1'").run())).toMatch(
      /CHECK constraint failed/,
    );
    expect(await failure(d1.prepare("update custom_requests set passengers = 9").run())).toMatch(
      /CHECK constraint failed/,
    );
  });

  it("computes available seats and sold-out from feed, staff override and orders", async () => {
    const read = () =>
      db.query.flights.findFirst({
        where: eq(schema.flights.id, "f1"),
        columns: { availableSeats: true, isSoldOut: true, probability: true },
      });
    expect(await read()).toEqual({ availableSeats: 6, isSoldOut: false, probability: 80 });
    await db.update(schema.flights).set({ seatsHeld: 2, probabilityOverride: 95 }).where(eq(schema.flights.id, "f1"));
    expect(await read()).toEqual({ availableSeats: 4, isSoldOut: false, probability: 95 });
    await db.update(schema.flights).set({ seatsOverride: 3 }).where(eq(schema.flights.id, "f1"));
    expect(await read()).toEqual({ availableSeats: 1, isSoldOut: false, probability: 95 });
    await db.update(schema.flights).set({ seatsHeld: 5 }).where(eq(schema.flights.id, "f1"));
    expect(await read()).toEqual({ availableSeats: 0, isSoldOut: true, probability: 95 });
    await db
      .update(schema.flights)
      .set({ seatsHeld: 0, seatsOverride: null, soldOutOverride: true })
      .where(eq(schema.flights.id, "f1"));
    expect(await read()).toMatchObject({ availableSeats: 6, isSoldOut: true });
  });

  it("reserves the last seat once only with a conditional update", async () => {
    await db.update(schema.flights).set({ seatsHeld: 5, soldOutOverride: null }).where(eq(schema.flights.id, "f1"));
    const reserve = () =>
      d1.prepare("update flights set seats_held = seats_held + 1 where id = 'f1' and available_seats >= 1").run();
    const [first, second] = await Promise.all([reserve(), reserve()]);
    expect([first.meta.changes, second.meta.changes].sort()).toEqual([0, 1]);
    const row = await db
      .select({ n: sql<number>`available_seats` })
      .from(schema.flights)
      .where(eq(schema.flights.id, "f1"));
    expect(row[0]?.n).toBe(0);
  });
});
