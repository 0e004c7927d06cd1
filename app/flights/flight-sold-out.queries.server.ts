import { sql } from "drizzle-orm";

import type { Db } from "#app/db/client.server";
import { liveSeats } from "#app/db/live-seats.server";
import { flights } from "#app/db/schema";

import { findStaffFlight, flightLabel } from "./admin-flights.queries.server";
import { flightLogInsert } from "./flight-logs.queries.server";

export type SoldOutResult = {
  status: "saved" | "unchanged" | "notFound" | "noSeats";
};

/** Back on sale only with a seat left (staff give it seats first); conditional on the status as the list shows it. */
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
