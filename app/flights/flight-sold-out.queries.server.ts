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

export type SoldOutResult = {
  status: "saved" | "unchanged" | "notFound" | "noSeats";
};

/**
 * Marks a flight sold out (soldout_override true) or puts it back on sale (the override
 * cleared, so the seats decide again). A flight without a seat left cannot be put back
 * on sale: staff first give it seats. The update is conditional on the status it
 * changes, as the list shows it (live seats), and logged in the same batch.
 */
export async function setFlightSoldOut(
  db: Db,
  { flightId, soldOut, staffId, now }: { flightId: string; soldOut: boolean; staffId: string; now: Date },
): Promise<SoldOutResult> {
  const flight = await findStaffFlight(db, flightId, now);
  if (!flight) return { status: "notFound" };
  if (flight.isSoldOut === soldOut) return { status: "unchanged" };
  if (!soldOut && flight.availableSeats === 0) return { status: "noSeats" };
  const live = liveSeats(now);
  const update = db
    .update(flights)
    .set({
      soldOutOverride: soldOut ? true : null,
      refreshedAt: now,
      updatedAt: now,
    })
    .where(
      sql`${flights.id} = ${flightId} and ${live.soldOut} = ${soldOut ? 0 : 1} and ${live.available} >= ${soldOut ? 0 : 1}`,
    );
  const log = flightLogInsert(
    db,
    {
      flightId,
      flightLabel: flightLabel(flight),
      action: "UPDATE",
      changedFields: ["is_soldout"],
      oldValues: { is_soldout: !soldOut },
      newValues: { is_soldout: soldOut },
      actor: "staff",
      changedBy: staffId,
      changedAt: now,
    },
    { afterChange: true },
  );
  const [result] = await db.batch([update, log]);
  return { status: result.meta.changes === 1 ? "saved" : "unchanged" };
}
