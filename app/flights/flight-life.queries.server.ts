// The flight's life in D1: docs/payments.md 'The flight's life'.
import { and, eq, ne, sql } from "drizzle-orm";

import type { Db } from "#app/db/client.server";
import { runBatch } from "#app/db/d1-batch.server";
import { liveSeats } from "#app/db/live-seats.server";
import { flights } from "#app/db/schema";
import type { FlightCancelReason, FlightLogActor } from "#app/utils/constants";

import { listUpcomingFlights } from "./flights.queries.server";
import type { FlightToCancel } from "./types";

export async function findFlightToCancel(db: Db, flightId: string): Promise<FlightToCancel | null> {
  const [row] = await db.all<FlightToCancel>(sql`select f.id, f.status, f.departure_date as departureMs,
      f.departure_airport_id as departureAirportId, d.served_city as fromCity, a.served_city as toCity,
      d.icao_code as fromIcao, a.icao_code as toIcao, f.aircraft_type as aircraftType,
      f.cancel_reason as cancelReason, f.cancel_note as cancelNote, f.cancelled_by as cancelledBy,
      trim(u.first_name || ' ' || u.last_name) as cancelledByName
    from flights f join airports d on d.id = f.departure_airport_id join airports a on a.id = f.arrival_airport_id
    left join users u on u.id = f.cancelled_by
    where f.id = ${flightId}`);
  return row ?? null;
}

export type FlightCancelMove = {
  flightId: string;
  label: string;
  reason: FlightCancelReason;
  note: string | null;
  actor: Extract<FlightLogActor, "staff" | "sync">;
  changedBy: string | null;
  notification: string;
  now: Date;
};

// Everything after the update is written only if this batch made the move (its `cancelled_at` is this instant):
// a replay writes nothing. Watchers with a live order hear of their order instead.
export async function cancelFlightMove(db: Db, move: FlightCancelMove): Promise<boolean> {
  const nowMs = move.now.getTime();
  const values = JSON.stringify({ status: "cancelled", cancel_reason: move.reason, cancel_note: move.note });
  const thisMove = sql`exists (select 1 from flights where id = ${move.flightId} and status = 'cancelled' and cancelled_at = ${nowMs})`;
  const [update] = await runBatch(db, [
    sql`update flights set status = 'cancelled', cancelled_at = ${nowMs}, cancel_reason = ${move.reason},
        cancel_note = ${move.note}, cancelled_by = ${move.changedBy}, updated_at = ${nowMs}
      where id = ${move.flightId} and status = 'scheduled'`,
    sql`insert into flight_logs (flight_id, flight_label, action, changed_fields, old_values, new_values, actor, changed_by, changed_at)
      select ${move.flightId}, ${move.label}, 'DELETE', '["status","cancel_reason","cancel_note"]', '{"status":"scheduled"}',
        ${values}, ${move.actor}, ${move.changedBy}, ${nowMs}
      where changes() = 1`,
    sql`insert into notifications (user_id, type, params, flight_id, read, created_at)
      select distinct watcher.user_id, 'flight_cancelled', ${move.notification}, ${move.flightId}, 0, ${nowMs}
      from (select user_id from waitlist where flight_id = ${move.flightId}
            union select user_id from favorites where flight_id = ${move.flightId}) watcher
      where ${thisMove} and not exists (select 1 from orders o where o.flight_id = ${move.flightId}
        and o.user_id = watcher.user_id and o.status in ('pending', 'processing', 'completed'))`,
    sql`delete from waitlist where flight_id = ${move.flightId} and ${thisMove}`,
  ]);
  return update?.meta.changes === 1;
}

export type WaitingUser = { userId: string; email: string; firstName: string; language: string };

export function listWaitingUsers(db: Db, flightId: string) {
  return db.all<WaitingUser>(sql`select u.id as userId, u.email, u.first_name as firstName, u.language
    from waitlist w join users u on u.id = w.user_id
    where w.flight_id = ${flightId} and not exists (select 1 from orders o where o.flight_id = ${flightId}
      and o.user_id = w.user_id and o.status in ('pending', 'processing', 'completed'))
    order by w.created_at, w.id`);
}

export function listSimilarFlights(
  db: Db,
  {
    flightId,
    departureAirportId,
    now,
    limit,
  }: { flightId: string; departureAirportId: number; now: Date; limit: number },
) {
  return listUpcomingFlights(db, {
    now,
    where: and(
      eq(flights.departureAirportId, departureAirportId),
      ne(flights.id, flightId),
      sql`not ${liveSeats(now).soldOut}`,
    ),
    limit,
  });
}
