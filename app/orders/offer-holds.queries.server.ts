// The seats an open offer holds on a rerouted leg: docs/decisions/059-rerouted-legs.md. Statements for the offers'
// batches (offers.queries.server.ts), and the cron's release.
import { eq, type SQL, sql } from "drizzle-orm";

import type { Db } from "#app/db/client.server";
import { flights, offers, rerouteDetails } from "#app/db/schema";
import type { OfferRequestKind } from "#app/utils/constants";

/** The cron's: the seats held by open offers past their expiry go back on sale. */
export async function releaseExpiredOfferHolds(db: Db, now: Date) {
  const [released] = await db.batch(releaseHolds(db, sql`status = 'open' and expires_at <= ${now.getTime()}`));
  return (released as unknown as D1Result).meta.changes;
}

/**
 * The leg's seats back by what the offers matching `where` (a condition on `offers` columns) hold, then those offers
 * hold nothing: two statements for the caller's batch, so a seat is given back once.
 */
export function releaseHolds(db: Db, where: SQL) {
  return [
    db
      .update(flights)
      .set({
        seatsHeld: sql`seats_held - (select coalesce(sum(held_seats), 0) from offers
          where held_flight_id = flights.id and held_seats > 0 and ${where})`,
        updatedAt: sql`(unixepoch('subsec') * 1000)`,
      })
      .where(sql`id in (select held_flight_id from offers where held_seats > 0 and ${where})`),
    db
      .update(offers)
      .set({ heldSeats: 0 })
      .where(sql`held_seats > 0 and ${where}`),
  ] as const;
}

/**
 * The whole leg held for the new offer: only when nothing of it is sold or held, it is listed, scheduled and to come;
 * then the offer records what it holds (chained on the hold).
 */
export function holdLegStatements(
  db: Db,
  { offerId, legId, nowMs }: { offerId: string; legId: string; nowMs: number },
) {
  return [
    db
      .update(flights)
      .set({ seatsHeld: sql`coalesce(seats_override, feed_seats)`, updatedAt: new Date(nowMs) })
      .where(
        sql`id = ${legId} and seats_held = 0 and offer_only = 0 and status = 'scheduled' and departure_date > ${nowMs}
          and coalesce(seats_override, feed_seats) between 1 and 8 and not coalesce(soldout_override, 0)
          and exists (select 1 from offers where id = ${offerId})`,
      ),
    db
      .update(offers)
      .set({
        heldFlightId: legId,
        heldSeats: sql`(select coalesce(seats_override, feed_seats) from flights where id = ${legId})`,
      })
      .where(sql`id = ${offerId} and changes() = 1`)
      .returning({ id: offers.id }),
  ] as const;
}

/** The empty leg a rerouted request asks for (decision 059), if the request is one. */
export async function findRerouteLegId(db: Db, { kind, id }: { kind: OfferRequestKind; id: string }) {
  if (kind !== "custom") return null;
  const row = await db
    .select({ flightId: rerouteDetails.flightId })
    .from(rerouteDetails)
    .where(eq(rerouteDetails.requestId, id))
    .get();
  return row?.flightId ?? null;
}
