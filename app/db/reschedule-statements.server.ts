/**
 * The statements of a reschedule (docs/decisions/034-reschedules-and-deadlines.md), shared by
 * the feed sync and the back-office's edit panel: each goes into the same batch as the new
 * times, so the times, the `.ics` SEQUENCE and free cancellation change together or not at all.
 */
import { and, inArray, sql, type SQL } from "drizzle-orm";
import type { Db } from "./client.server";
import { flights, orders } from "./schema";

/** The orders a reschedule concerns: those with seats on the flight. */
export const LIVE_ORDER_STATUSES = ["pending", "processing", "completed"] as const;

/** The flights concerned: their ids, or a select of them (the batch's own, read when the statement runs). */
export type FlightIds = string[] | SQL;

/** `column` is one of the ids (one JSON parameter, whatever their number: D1 binds at most 100 values). */
const amongIds = (column: SQL | typeof flights.id | typeof orders.flightId, ids: FlightIds) =>
  Array.isArray(ids)
    ? sql`${column} in (select value from json_each(${JSON.stringify(ids)}))`
    : sql`${column} in (${ids})`;

const live = inArray(orders.status, [...LIVE_ORDER_STATUSES]);

/** True for a flight (`flightId`, a column of the statement) that has a live order. */
export function hasLiveOrders(flightId: SQL | typeof flights.id) {
  return sql`exists (select 1 from orders o where o.flight_id = ${flightId} and o.status in (select value from json_each(${JSON.stringify(LIVE_ORDER_STATUSES)})))`;
}

/** The `.ics` SEQUENCE of each flight with live orders, one higher: their calendars replace the event. */
export function raiseScheduleSequence(db: Db, flightIds: FlightIds) {
  return db
    .update(flights)
    .set({ scheduleSequence: sql`${flights.scheduleSequence} + 1` })
    .where(and(amongIds(flights.id, flightIds), hasLiveOrders(flights.id)));
}

/** The live orders of these flights may be cancelled free of charge (a move of 3 hours or more). `when`: the batch's own guard. */
export function grantFreeCancellation(
  db: Db,
  { flightIds, now, when }: { flightIds: FlightIds; now: Date; when?: SQL },
) {
  return db
    .update(orders)
    .set({ freeCancellation: true, updatedAt: now })
    .where(and(amongIds(orders.flightId, flightIds), live, when));
}

/** The live orders of these flights, read in the batch that moved them: the customers to tell. */
export function selectLiveOrders(db: Db, flightIds: string[]) {
  return db
    .select({ orderId: orders.id, flightId: orders.flightId })
    .from(orders)
    .where(and(amongIds(orders.flightId, flightIds), live));
}

/** The same read as raw SQL, for a batch of raw statements (`runBatch`): rows { orderId, flightId }. */
export function liveOrdersSql(flightIds: FlightIds) {
  return sql`select o.id as orderId, o.flight_id as flightId from orders o
    where ${amongIds(sql`o.flight_id`, flightIds)} and o.status in (select value from json_each(${JSON.stringify(LIVE_ORDER_STATUSES)}))`;
}
