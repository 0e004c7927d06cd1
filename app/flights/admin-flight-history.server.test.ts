/**
 * A flight's history on a real D1: who changed what, newest first, whatever the rows hold.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { Db } from "#app/db/client.server";
import { flightLogs, users } from "#app/db/schema";

import { edit, flightHelpers, HOUR, now, openFlightsDatabase, STAFF } from "./admin-flights.fixtures";
import { saveEditPanel } from "./admin-flights.server";
import { toHistoryEntry } from "./flight-history";
import { listFlightLogs, listRecentFlightLogs } from "./flight-logs.queries.server";

let db: Db;
let dispose: () => Promise<void>;
let ids: Record<string, number>;
beforeAll(async () => {
  ({ db, dispose, ids } = await openFlightsDatabase());
});
afterAll(() => dispose());
const { addFlight } = flightHelpers(() => ({ db, ids }));

describe("the history", () => {
  it("names who changed what, newest first, and survives a damaged row", async () => {
    const id = await addFlight({ departure: new Date(now.getTime() + 90 * HOUR) });
    const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000);
    await db
      .insert(users)
      .values({ id: "gone", email: "gone@example.test", passwordHash: "x", firstName: "Paul", lastName: "Parti" });
    await db.insert(flightLogs).values([
      {
        flightId: id,
        flightLabel: "x",
        action: "UPDATE",
        changedFields: ["feed_seats"],
        oldValues: { feed_seats: 6 },
        newValues: { feed_seats: 5 },
        actor: "sync",
        changedBy: null,
        changedAt: at(1),
      },
      {
        flightId: id,
        flightLabel: "x",
        action: "UPDATE",
        changedFields: ["feed_seats"],
        oldValues: {},
        newValues: {},
        actor: "sync",
        changedBy: STAFF,
        changedAt: at(2),
      },
      {
        flightId: id,
        flightLabel: "x",
        action: "UPDATE",
        changedFields: ["seats_override"],
        oldValues: {},
        newValues: {},
        actor: "staff",
        changedBy: "gone",
        changedAt: at(3),
      },
      {
        flightId: id,
        flightLabel: "x",
        action: "UPDATE",
        changedFields: [],
        oldValues: {},
        newValues: {},
        actor: "system",
        changedBy: null,
        changedAt: at(4),
      },
    ]);
    await db.delete(users).where(eq(users.id, "gone"));
    await db.run(
      sql`insert into flight_logs (flight_id, flight_label, action, changed_fields, actor, changed_at) values (${id}, 'x', 'UPDATE', 'not json', 'staff', ${at(5).getTime()})`,
    );
    await saveEditPanel(db, { input: edit(id), staffId: STAFF, now: at(6) });

    const entries = (await listFlightLogs(db, id, 50)).map(toHistoryEntry);
    expect(entries.map((entry) => entry.changer)).toEqual([
      { kind: "person", name: "Gaston Gestionnaire" },
      { kind: "unknown" },
      { kind: "system" },
      { kind: "unknown" },
      { kind: "syncBy", name: "Gaston Gestionnaire" },
      { kind: "sync" },
    ]);
    expect(entries[1]!.changes).toBeNull();
    expect(entries[2]!.changes).toEqual([]);
    expect(entries[5]!.changes).toEqual([{ field: "feed_seats", from: 6, to: 5 }]);

    const recent = await listRecentFlightLogs(db, [id], 2);
    expect(recent.map((row) => row.changedAt)).toEqual([at(6).getTime(), at(5).getTime()]);
  });
});
