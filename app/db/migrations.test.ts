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
      d1.prepare("insert into users (id, email, password_hash, first_name, last_name) values ('ana', 'ana@example.ch', 'x', 'Ana', 'T'), ('ben', 'ben@example.ch', 'x', 'Ben', 'T')"),
      d1.prepare(
        "insert into notification_preferences (user_id, country, created_at) values ('ana', 'Switzerland', 1000), ('ana', 'France', 2000), ('ben', 'Italy', 3000)",
      ),
    ]);
    await d1.batch(migrationStatements({ from: "0007" }).map((statement) => d1.prepare(statement)));

    const { results } = await d1
      .prepare("select user_id, from_kind, from_value, to_kind, to_value, window_days, created_at from alert_watches order by user_id, from_value")
      .all();
    expect(results).toEqual([
      { user_id: "ana", from_kind: "country", from_value: "France", to_kind: null, to_value: null, window_days: 7, created_at: 2000 },
      { user_id: "ana", from_kind: "country", from_value: "Switzerland", to_kind: null, to_value: null, window_days: 7, created_at: 1000 },
      { user_id: "ben", from_kind: "country", from_value: "Italy", to_kind: null, to_value: null, window_days: 7, created_at: 3000 },
    ]);
    const tables = await d1.prepare("select name from sqlite_master where type = 'table' and name = 'notification_preferences'").all();
    expect(tables.results).toEqual([]);
    // Nobody has a weekly cap until they choose one.
    expect((await d1.prepare("select alert_weekly_cap from users where id = 'ana'").first())?.alert_weekly_cap).toBeNull();
  });
});
