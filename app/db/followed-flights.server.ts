/**
 * The flights a signed-in visitor follows, as the flight lists mark them: the hearts
 * (alerts' favourites) and the waitlist's buttons. Selects not yet run: the list sends
 * them in its own round trip (flights/empty-legs.server.ts).
 */
import { and, eq, gte } from "drizzle-orm";

import type { ReadDb } from "./read-session.server";
import { favorites, flights, waitlist } from "./schema";

/**
 * The flights still to leave that the user keeps as favourites (the hearts of a list), as
 * a select not yet run.
 */
export function upcomingFavoriteIdsSelect(db: ReadDb, userId: string, now: Date) {
  return db
    .select({ flightId: favorites.flightId })
    .from(favorites)
    .innerJoin(flights, eq(flights.id, favorites.flightId))
    .where(and(eq(favorites.userId, userId), gte(flights.departureDate, now)));
}

/**
 * The flights still to leave that the user waits for (the buttons of a list's sold-out
 * cards), as a select not yet run.
 */
export function upcomingWaitlistIdsSelect(db: ReadDb, userId: string, now: Date) {
  return db
    .select({ flightId: waitlist.flightId })
    .from(waitlist)
    .innerJoin(flights, eq(flights.id, waitlist.flightId))
    .where(and(eq(waitlist.userId, userId), gte(flights.departureDate, now)));
}
