/**
 * Migrations that move data, tested on a D1 migrated up to the one before, with rows in
 * the old shape, then migrated to the end.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createTestD1, migrationStatements } from "#tests/d1";

let testDb: Awaited<ReturnType<typeof createTestD1>>;
beforeAll(async () => {
  testDb = await createTestD1({ statements: migrationStatements({ until: "0007" }) });
});
afterAll(() => testDb.dispose());

describe("0007_alert_watches", () => {
  it("turns every alert country into a watch of departures from it, 7 days ahead, and drops the old table", async () => {
    const { d1 } = testDb;
    await d1.batch([
      d1.prepare(
        "insert into users (id, email, password_hash, first_name, last_name) values ('ana', 'ana@example.ch', 'x', 'Ana', 'T'), ('ben', 'ben@example.ch', 'x', 'Ben', 'T')",
      ),
      d1.prepare(
        "insert into notification_preferences (user_id, country, created_at) values ('ana', 'Switzerland', 1000), ('ana', 'France', 2000), ('ben', 'Italy', 3000)",
      ),
    ]);
    await d1.batch(migrationStatements({ from: "0007" }).map((statement) => d1.prepare(statement)));

    const { results } = await d1
      .prepare(
        "select user_id, from_kind, from_value, to_kind, to_value, window_days, created_at from alert_watches order by user_id, from_value",
      )
      .all();
    expect(results).toEqual([
      {
        user_id: "ana",
        from_kind: "country",
        from_value: "France",
        to_kind: null,
        to_value: null,
        window_days: 7,
        created_at: 2000,
      },
      {
        user_id: "ana",
        from_kind: "country",
        from_value: "Switzerland",
        to_kind: null,
        to_value: null,
        window_days: 7,
        created_at: 1000,
      },
      {
        user_id: "ben",
        from_kind: "country",
        from_value: "Italy",
        to_kind: null,
        to_value: null,
        window_days: 7,
        created_at: 3000,
      },
    ]);
    const tables = await d1
      .prepare("select name from sqlite_master where type = 'table' and name = 'notification_preferences'")
      .all();
    expect(tables.results).toEqual([]);
    // Nobody has a weekly cap until they choose one.
    expect(
      (await d1.prepare("select alert_weekly_cap from users where id = 'ana'").first())?.alert_weekly_cap,
    ).toBeNull();
  });
});

describe("0008_typed_notifications", () => {
  let before0008: Awaited<ReturnType<typeof createTestD1>>;
  beforeAll(async () => {
    before0008 = await createTestD1({ statements: migrationStatements({ until: "0008" }) });
  });
  afterAll(() => before0008.dispose());

  it("gives a notification whose flight is there that flight's params, and keeps the text of one whose flight is gone", async () => {
    const { d1 } = before0008;
    await d1.batch([
      d1.prepare(
        "insert into users (id, email, password_hash, first_name, last_name) values ('ana', 'ana@example.ch', 'x', 'Ana', 'T')",
      ),
      d1.prepare(
        "insert into airports (id, icao_code, served_city, country) values (1, 'LSGG', 'Genève', 'Switzerland'), (2, 'EGLF', 'Londres', 'United Kingdom')",
      ),
      d1.prepare(
        `insert into flights (id, departure_airport_id, arrival_airport_id, departure_date, arrival_date, flight_time, aircraft_type, price_per_minute, feed_seats, refreshed_at)
         values ('gva-lon', 1, 2, 1796000000000, 1796005400000, 90, 'PC24', 75, 8, 1)`,
      ),
      d1.prepare(
        `insert into notifications (id, user_id, type, title, message, flight_id, read, created_at) values
         (1, 'ana', 'flight_alert', 'Nouveau vol : Genève → Londres', 'Départ le …', 'gva-lon', 0, 1000),
         (2, 'ana', 'seat_released', 'Place libérée : Nice → Paris', 'Des places…', null, 1, 2000)`,
      ),
    ]);
    await d1.batch(migrationStatements({ from: "0008" }).map((statement) => d1.prepare(statement)));

    const { results } = await d1
      .prepare("select id, type, params, title, message, flight_id, read, created_at from notifications order by id")
      .all();
    expect(
      results.map((row) => ({ ...row, params: row.params === null ? null : JSON.parse(String(row.params)) })),
    ).toEqual([
      {
        id: 1,
        type: "flight_alert",
        params: { from: "Genève", to: "Londres", fromIcao: "LSGG", toIcao: "EGLF", departure: 1796000000000 },
        title: "Nouveau vol : Genève → Londres",
        message: "Départ le …",
        flight_id: "gva-lon",
        read: 0,
        created_at: 1000,
      },
      {
        id: 2,
        type: "seat_released",
        params: null,
        title: "Place libérée : Nice → Paris",
        message: "Des places…",
        flight_id: null,
        read: 1,
        created_at: 2000,
      },
    ]);
    // A new row needs its params or a text.
    await expect(
      d1.prepare("insert into notifications (user_id, type) values ('ana', 'flight_alert')").run(),
    ).rejects.toThrow(/CHECK constraint failed/);
  });
});

describe("0011_cancellations", () => {
  let before0011: Awaited<ReturnType<typeof createTestD1>>;
  beforeAll(async () => {
    before0011 = await createTestD1({ statements: migrationStatements({ until: "0011" }) });
  });
  afterAll(() => before0011.dispose());

  const count = async (d1: D1Database, table: string) =>
    (await d1.prepare(`select count(*) as n from ${table}`).first<{ n: number }>())?.n;

  it("keeps every order with its events and links, every flight with its favourites and waitlist, and adds the new columns", async () => {
    const { d1 } = before0011;
    await d1.batch([
      d1.prepare(
        "insert into users (id, email, password_hash, first_name, last_name) values ('ana', 'ana@example.ch', 'x', 'Ana', 'T')",
      ),
      d1.prepare(
        "insert into airports (id, icao_code, served_city, country) values (1, 'LSGG', 'Genève', 'Switzerland'), (2, 'LFMN', 'Nice', 'France')",
      ),
      d1.prepare(
        `insert into flights (id, departure_airport_id, arrival_airport_id, departure_date, arrival_date, flight_time, aircraft_type, price_per_minute, feed_seats, seats_held, refreshed_at)
         values ('gva-nce', 1, 2, 1796000000000, 1796004200000, 70, 'PC12', 50, 6, 2, 1)`,
      ),
      d1.prepare("insert into favorites (user_id, flight_id) values ('ana', 'gva-nce')"),
      d1.prepare("insert into waitlist (user_id, flight_id) values ('ana', 'gva-nce')"),
      d1.prepare(
        `insert into orders (id, user_id, flight_id, status, amount_cents, seats, customer_info, access_key_hash, reference, payment_state, payment_intent_id, created_at, updated_at)
         values ('o1', 'ana', 'gva-nce', 'completed', 350000, 2, '{}', 'hash-1', 'JM-AAAAAA', 'captured', 'pi_1', 1000, 2000),
                ('o2', null, 'gva-nce', 'cancelled', 175000, 1, '{}', 'hash-2', 'JM-BBBBBB', 'released', 'pi_2', 3000, 4000)`,
      ),
      d1.prepare(
        `insert into order_events (order_id, move, from_status, to_status, payment_state, actor, created_at) values
         ('o1', 'placed', null, 'pending', 'none', 'customer', 1000),
         ('o1', 'captured', 'processing', 'completed', 'captured', 'staff', 2000),
         ('o2', 'refused', 'processing', 'cancelled', 'released', 'staff', 4000)`,
      ),
      d1.prepare(
        "insert into order_links (key_hash, order_id, created_at) values ('hash-1', 'o1', 1000), ('hash-2', 'o2', 3000), ('hash-3', 'o1', 2500)",
      ),
    ]);
    await d1.batch(migrationStatements({ from: "0011" }).map((statement) => d1.prepare(statement)));

    expect(
      await d1.prepare("select id, status, payment_state, amount_cents from orders order by id").all(),
    ).toMatchObject({
      results: [
        { id: "o1", status: "completed", payment_state: "captured", amount_cents: 350000 },
        { id: "o2", status: "cancelled", payment_state: "released", amount_cents: 175000 },
      ],
    });
    expect((await d1.prepare("select order_id, move, created_at from order_events order by id").all()).results).toEqual(
      [
        { order_id: "o1", move: "placed", created_at: 1000 },
        { order_id: "o1", move: "captured", created_at: 2000 },
        { order_id: "o2", move: "refused", created_at: 4000 },
      ],
    );
    expect((await d1.prepare("select key_hash, order_id from order_links order by key_hash").all()).results).toEqual([
      { key_hash: "hash-1", order_id: "o1" },
      { key_hash: "hash-2", order_id: "o2" },
      { key_hash: "hash-3", order_id: "o1" },
    ]);
    expect(await count(d1, "favorites")).toBe(1);
    expect(await count(d1, "waitlist")).toBe(1);
    expect(
      await d1
        .prepare(
          "select status, cancel_reason, schedule_sequence, missing_syncs, available_seats, seats_held from flights where id = 'gva-nce'",
        )
        .first(),
    ).toEqual({
      status: "scheduled",
      cancel_reason: null,
      schedule_sequence: 0,
      missing_syncs: 0,
      available_seats: 4,
      seats_held: 2,
    });
    expect(
      await d1
        .prepare(
          "select capture_before, refunded_cents, cancellation_fee_cents, free_cancellation, cancelled_at from orders where id = 'o1'",
        )
        .first(),
    ).toEqual({
      capture_before: null,
      refunded_cents: 0,
      cancellation_fee_cents: null,
      free_cancellation: 0,
      cancelled_at: null,
    });
    expect(await count(d1, "sqlite_master where name like '__keep_%'")).toBe(0);
    // The foreign keys of the rebuilt orders still hold, both ways.
    expect((await d1.prepare("pragma foreign_key_check").all()).results).toEqual([]);
  });

  it("checks the new values", async () => {
    const { d1 } = before0011;
    await expect(d1.prepare("update flights set status = 'departed'").run()).rejects.toThrow(/CHECK constraint failed/);
    await expect(d1.prepare("update flights set cancel_reason = 'bored'").run()).rejects.toThrow(
      /CHECK constraint failed/,
    );
    await expect(d1.prepare("update orders set refunded_cents = amount_cents + 1").run()).rejects.toThrow(
      /CHECK constraint failed/,
    );
    await expect(
      d1.prepare("update orders set payment_state = 'refunded', refunded_cents = 1000").run(),
    ).resolves.toBeTruthy();
    await d1
      .prepare(
        "insert into receipts (order_id, kind, amount_cents, language, issued_at) values ('o1', 'receipt', 350000, 'fr', 1)",
      )
      .run();
    await expect(
      d1
        .prepare(
          "insert into receipts (order_id, kind, amount_cents, language, issued_at) values ('o1', 'receipt', 350000, 'fr', 2)",
        )
        .run(),
    ).rejects.toThrow(/UNIQUE constraint failed/);
    // An order with a document cannot go (accounting documents are kept).
    await d1.prepare("delete from order_links where order_id = 'o1'").run();
    await d1.prepare("delete from order_events where order_id = 'o1'").run();
    await expect(d1.prepare("delete from orders where id = 'o1'").run()).rejects.toThrow(
      /FOREIGN KEY constraint failed/,
    );
  });
});

describe("0012_nearby_alerts", () => {
  it("keeps every watch, each its city or country alone (radius 0)", async () => {
    const { d1, dispose } = await createTestD1({ statements: migrationStatements({ until: "0012" }) });
    try {
      await d1.batch([
        d1.prepare(
          "insert into users (id, email, password_hash, first_name, last_name) values ('ana', 'a@x.ch', 'x', 'A', 'T')",
        ),
        d1.prepare(
          "insert into alert_watches (id, user_id, from_kind, from_value, to_kind, to_value, window_days, created_at) values (7, 'ana', 'city', 'Genève', 'country', 'France', 14, 1000), (9, 'ana', 'country', 'Italy', null, null, 7, 2000)",
        ),
      ]);
      await d1.batch(migrationStatements({ from: "0012" }).map((statement) => d1.prepare(statement)));
      const { results } = await d1
        .prepare(
          "select id, from_value, to_value, window_days, from_radius_km, created_at from alert_watches order by id",
        )
        .all();
      expect(results).toEqual([
        { id: 7, from_value: "Genève", to_value: "France", window_days: 14, from_radius_km: 0, created_at: 1000 },
        { id: 9, from_value: "Italy", to_value: null, window_days: 7, from_radius_km: 0, created_at: 2000 },
      ]);
    } finally {
      await dispose();
    }
  });
});
