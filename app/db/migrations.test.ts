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
