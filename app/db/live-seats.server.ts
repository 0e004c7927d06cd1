/**
 * A flight's seats as they are at `now` (decision 003, docs/payments.md): an unpaid hold past its
 * `hold_expires_at` is dead, even while its order is still `pending` until the cron
 * cancels it (every 5 minutes), so no count shown or filtered on includes it. The
 * stored `available_seats` / `is_soldout` columns count every hold; the conditional
 * updates that take seats stay on them (checkout releases the flight's dead holds first).
 *
 * One rule for every reader: the traveller's list, cards and checkout
 * (flights.server.ts), the back-office's list, tiles and sold-out toggle
 * (admin-flights.server.ts), the alerts (flight-alerts.server.ts).
 */
import { sql } from "drizzle-orm";
import { flights } from "./schema";

/**
 * The SQL of the live counts, for WHERE clauses and aggregates. The subquery names
 * `flights.id` itself: drizzle writes a column unqualified when the query has no join,
 * which inside `from orders` would be the order's id. It runs only for a flight that
 * holds seats, on the orders' flight index.
 */
export function liveSeats(now: Date) {
  const offered = sql<number>`coalesce(${flights.seatsOverride}, ${flights.feedSeats})`;
  const dead = sql<number>`(select coalesce(sum(dead.seats), 0) from orders dead
    where dead.flight_id = flights.id and dead.status = 'pending' and dead.hold_expires_at <= ${now.getTime()})`;
  const held = sql<number>`(case when ${flights.seatsHeld} = 0 then 0 else max(0, ${flights.seatsHeld} - ${dead}) end)`;
  const available = sql<number>`max(0, ${offered} - ${held})`;
  const soldOut = sql<boolean>`coalesce(${flights.soldOutOverride}, ${available} = 0)`;
  return { offered, held, available, soldOut };
}

/**
 * The live counts as select columns (under names of their own: a D1 batch keys rows by
 * column name): the seats offered (staff's override, else the feed's), the seats held by
 * live orders, the seats left and whether the flight is sold out.
 */
export function liveSeatColumns(now: Date) {
  const seats = liveSeats(now);
  return {
    offeredSeats: sql<number>`${seats.offered}`.mapWith(Number).as("live_offered_seats"),
    heldSeats: sql<number>`${seats.held}`.mapWith(Number).as("live_held_seats"),
    availableSeats: sql<number>`${seats.available}`.mapWith(Number).as("live_available_seats"),
    isSoldOut: sql<boolean>`${seats.soldOut}`.mapWith((value) => Number(value) === 1).as("live_is_soldout"),
  };
}
