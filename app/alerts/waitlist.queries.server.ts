/**
 * The waitlist of sold-out flights (docs/orders.md 'Waitlist', decision 021) as
 * D1 statements. A user waits at most once per flight (unique pair), joins only a flight
 * that is sold out now (live seats) and still to leave, and is told of a release once:
 * `notified_at` is claimed by a conditional update in the same batch as the
 * notification, and cleared again when the flight is sold out once more.
 */
import { and, desc, eq, inArray, type SQL, sql } from "drizzle-orm";

import type { Db } from "#app/db/client.server";
import { runBatch } from "#app/db/d1-batch.server";
import { listFlightsByIds } from "#app/db/flight-listing.server";
import { liveSeats } from "#app/db/live-seats.server";
import type { ReadDb } from "#app/db/read-session.server";
import { type NotificationParams, waitlist } from "#app/db/schema";

/** Any number of ids as one bound value, read with json_each. */
const onlyFlights = (column: SQL, flightIds: string[] | undefined) =>
  flightIds ? sql`and ${column} in (select value from json_each(${JSON.stringify(flightIds)}))` : sql``;

export type JoinResult = "joined" | "already" | "notSoldOut" | "notFound" | "tooMany";

export async function joinWaitlist(
  db: Db,
  { userId, flightId, now, maxEntries }: { userId: string; flightId: string; now: Date; maxEntries: number },
): Promise<JoinResult> {
  const nowMs = now.getTime();
  const inserted = await db.all<{ id: number }>(sql`insert into waitlist (user_id, flight_id, created_at)
    select ${userId}, flights.id, ${nowMs} from flights
    where flights.id = ${flightId} and flights.departure_date > ${nowMs} and flights.status = 'scheduled'
      and ${liveSeats(now).soldOut}
      and (select count(*) from waitlist mine where mine.user_id = ${userId}) < ${maxEntries}
    on conflict (user_id, flight_id) do nothing
    returning id`);
  if (inserted.length === 1) return "joined";
  const [state] = await db.all<{ flightExists: number; waiting: number; entries: number; soldOut: number }>(sql`select
      exists (select 1 from flights where flights.id = ${flightId} and flights.departure_date > ${nowMs}
        and flights.status = 'scheduled') as flightExists,
      exists (select 1 from waitlist where user_id = ${userId} and flight_id = ${flightId}) as waiting,
      (select count(*) from waitlist where user_id = ${userId}) as entries,
      coalesce((select ${liveSeats(now).soldOut} from flights where flights.id = ${flightId}), 0) as soldOut`);
  if (state?.waiting) return "already";
  if (!state?.flightExists) return "notFound";
  if (!state.soldOut) return "notSoldOut";
  return "tooMany";
}

export async function leaveWaitlist(db: Db, { userId, flightId }: { userId: string; flightId: string }) {
  const removed = await db
    .delete(waitlist)
    .where(and(eq(waitlist.userId, userId), eq(waitlist.flightId, flightId)))
    .returning({ id: waitlist.id });
  return removed.length === 1;
}

/** Which of these flights the user waits for (the checkout of a sold-out flight). */
export async function waitlistedFlightIds(db: ReadDb, userId: string, flightIds: string[]) {
  if (flightIds.length === 0) return [];
  const rows = await db
    .select({ flightId: waitlist.flightId })
    .from(waitlist)
    .where(and(eq(waitlist.userId, userId), inArray(waitlist.flightId, flightIds)));
  return rows.map((row) => row.flightId);
}

export async function listWaitlistFlights(db: Db, userId: string, now: Date) {
  const rows = await db
    .select({ flightId: waitlist.flightId, joinedAt: waitlist.createdAt })
    .from(waitlist)
    .where(eq(waitlist.userId, userId))
    .orderBy(desc(waitlist.createdAt), desc(waitlist.id));
  if (rows.length === 0) return [];
  const listings = await listFlightsByIds(
    db,
    rows.map((row) => row.flightId),
    now,
  );
  const byId = new Map(listings.map((flight) => [flight.id, flight]));
  return rows.flatMap(({ flightId, joinedAt }) => {
    const flight = byId.get(flightId);
    return flight && flight.departureDate.getTime() > now.getTime() ? [{ ...flight, joinedAt }] : [];
  });
}

/** A flight sold out again starts a new release: its told users wait for the next one. */
export async function rearmWaitlist(db: Db, { now, flightIds }: { now: Date; flightIds?: string[] }) {
  const [result] = await runBatch(db, [
    sql`update waitlist set notified_at = null
      where notified_at is not null ${onlyFlights(sql.raw("waitlist.flight_id"), flightIds)}
        and exists (select 1 from flights where flights.id = waitlist.flight_id and ${liveSeats(now).soldOut})`,
  ]);
  return result?.meta.changes ?? 0;
}

export type ReleasedEntry = {
  id: number;
  userId: string;
  flightId: string;
  email: string;
  firstName: string;
  language: string;
  fromCity: string;
  toCity: string;
  fromIcao: string;
  toIcao: string;
  departureMs: number;
};

const releasable = (now: Date) => sql`w.notified_at is null and exists (select 1 from flights
  where flights.id = w.flight_id and flights.departure_date > ${now.getTime()} and flights.status = 'scheduled'
    and not ${liveSeats(now).soldOut})`;

/** Oldest first: who joined first hears first. */
export function listReleasedEntries(
  db: Db,
  { now, flightIds, limit = 500 }: { now: Date; flightIds?: string[]; limit?: number },
) {
  return db.all<ReleasedEntry>(sql`select w.id, w.user_id as userId, w.flight_id as flightId, u.email, u.first_name as firstName,
      u.language, d.served_city as fromCity, a.served_city as toCity, d.icao_code as fromIcao, a.icao_code as toIcao,
      f.departure_date as departureMs
    from waitlist w join users u on u.id = w.user_id join flights f on f.id = w.flight_id
      join airports d on d.id = f.departure_airport_id join airports a on a.id = f.arrival_airport_id
    where ${releasable(now)} ${onlyFlights(sql.raw("w.flight_id"), flightIds)}
    order by w.created_at, w.id
    limit ${limit}`);
}

export async function claimReleasedEntry(
  db: Db,
  { entryId, now, params }: { entryId: number; now: Date; params: NotificationParams },
): Promise<boolean> {
  const nowMs = now.getTime();
  const [claim] = await runBatch(db, [
    sql`update waitlist as w set notified_at = ${nowMs} where w.id = ${entryId} and ${releasable(now)}`,
    sql`insert into notifications (user_id, type, params, flight_id, read, created_at)
      select user_id, 'seat_released', ${JSON.stringify(params)}, flight_id, 0, ${nowMs} from waitlist where id = ${entryId} and changes() = 1`,
  ]);
  return claim?.meta.changes === 1;
}
