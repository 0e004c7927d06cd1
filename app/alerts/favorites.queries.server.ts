import { and, desc, eq, sql } from "drizzle-orm";

import type { Db } from "#app/db/client.server";
import { listFlightsByIds } from "#app/db/flight-listing.server";
import { favorites, flights } from "#app/db/schema";

export async function toggleFavorite(
  db: Db,
  { userId, flightId, now }: { userId: string; flightId: string; now: Date },
) {
  const removed = await db
    .delete(favorites)
    .where(and(eq(favorites.userId, userId), eq(favorites.flightId, flightId)))
    .returning({ id: favorites.id });
  if (removed.length > 0) return "removed" as const;
  const added = await db
    .insert(favorites)
    .select(sql`select null, ${userId}, id, ${now.getTime()} from ${flights} where id = ${flightId}`)
    .onConflictDoNothing()
    .returning({ id: favorites.id });
  return added.length > 0 ? ("added" as const) : ("notFound" as const);
}

/** The user's favourite flights as cards show them at `now`, newest favourite first. */
export async function listFavoriteFlights(db: Db, userId: string, now: Date) {
  const rows = await db
    .select({ flightId: favorites.flightId })
    .from(favorites)
    .where(eq(favorites.userId, userId))
    .orderBy(desc(favorites.createdAt), desc(favorites.id));
  const ids = rows.map((row) => row.flightId);
  if (ids.length === 0) return [];
  const listings = await listFlightsByIds(db, ids, now);
  const byId = new Map(listings.map((flight) => [flight.id, flight]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
