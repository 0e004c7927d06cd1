// A flight's seats at `now` (decision 003): an unpaid hold past its end counts for nothing, even before the cron
// cancels its order. The stored columns count every hold; the conditional updates that take seats stay on them.
import { sql } from "drizzle-orm";

import { flights } from "./schema";

/** Names `flights` itself, so a query must not alias that table (drizzle writes a column unqualified without a join). */
export function liveSeats(now: Date) {
  const offered = sql<number>`coalesce(${flights.seatsOverride}, ${flights.feedSeats})`;
  const dead = sql<number>`(select coalesce(sum(dead.seats), 0) from orders dead
    where dead.flight_id = flights.id and dead.status = 'pending' and dead.hold_expires_at <= ${now.getTime()})`;
  const held = sql<number>`(case when ${flights.seatsHeld} = 0 then 0 else max(0, ${flights.seatsHeld} - ${dead}) end)`;
  const available = sql<number>`max(0, ${offered} - ${held})`;
  const soldOut = sql<boolean>`coalesce(${flights.soldOutOverride}, ${available} = 0)`;
  return { offered, held, available, soldOut };
}

export function liveSeatColumns(now: Date) {
  const seats = liveSeats(now);
  return {
    offeredSeats: sql<number>`${seats.offered}`.mapWith(Number).as("live_offered_seats"),
    heldSeats: sql<number>`${seats.held}`.mapWith(Number).as("live_held_seats"),
    availableSeats: sql<number>`${seats.available}`.mapWith(Number).as("live_available_seats"),
    isSoldOut: sql<boolean>`${seats.soldOut}`.mapWith((value) => Number(value) === 1).as("live_is_soldout"),
  };
}
