/**
 * The back-office's sold-out toggle (docs/back-office.md 'Edit panel, sold-out, history'): one
 * `db.batch` of a conditional update and its flight_logs row.
 */
import { sql } from "drizzle-orm";
import type { Db } from "#app/db/client.server";
import { flights } from "#app/db/schema";
import { liveSeats } from "#app/db/live-seats.server";
import { flightLogInsert } from "./flight-logs.queries.server";
import { findStaffFlight, flightLabel } from "./admin-flights.queries.server";

export type SoldoutResult = {
  status: "saved" | "unchanged" | "not-found" | "no-seats";
};

/**
 * Marks a flight sold out (soldout_override true) or puts it back on sale (the override
 * cleared, so the seats decide again). A flight without a seat left cannot be put back
 * on sale: staff first give it seats. The update is conditional on the status it
 * changes, as the list shows it (live seats), and logged in the same batch.
 */
export async function setFlightSoldout(
  db: Db,
  { flightId, soldout, staffId, now }: { flightId: string; soldout: boolean; staffId: string; now: Date },
): Promise<SoldoutResult> {
  const flight = await findStaffFlight(db, flightId, now);
  if (!flight) return { status: "not-found" };
  if (flight.isSoldout === soldout) return { status: "unchanged" };
  if (!soldout && flight.availableSeats === 0) return { status: "no-seats" };
  const live = liveSeats(now);
  const update = db
    .update(flights)
    .set({
      soldoutOverride: soldout ? true : null,
      refreshedAt: now,
      updatedAt: now,
    })
    .where(
      sql`${flights.id} = ${flightId} and ${live.soldOut} = ${soldout ? 0 : 1} and ${live.available} >= ${soldout ? 0 : 1}`,
    );
  const log = flightLogInsert(
    db,
    {
      flightId,
      flightLabel: flightLabel(flight),
      action: "UPDATE",
      changedFields: ["is_soldout"],
      oldValues: { is_soldout: !soldout },
      newValues: { is_soldout: soldout },
      actor: "staff",
      changedBy: staffId,
      changedAt: now,
    },
    { afterChange: true },
  );
  const [result] = await db.batch([update, log]);
  return { status: result.meta.changes === 1 ? "saved" : "unchanged" };
}
