// A reschedule's statements (decision 034): each goes in the batch of the new times, so all change together or not at all.
import { and, inArray, type SQL, sql } from "drizzle-orm";

import type { Db } from "./client.server";
import { flights, orders } from "./schema";

export const LIVE_ORDER_STATUSES = ["pending", "processing", "completed"] as const;

export type FlightIds = string[] | SQL;

const amongIds = (column: SQL | typeof flights.id | typeof orders.flightId, ids: FlightIds) =>
  Array.isArray(ids)
    ? sql`${column} in (select value from json_each(${JSON.stringify(ids)}))`
    : sql`${column} in (${ids})`;

const live = inArray(orders.status, [...LIVE_ORDER_STATUSES]);

export function hasLiveOrders(flightId: SQL | typeof flights.id) {
  return sql`exists (select 1 from orders o where o.flight_id = ${flightId} and o.status in (select value from json_each(${JSON.stringify(LIVE_ORDER_STATUSES)})))`;
}

/** Their calendars replace the event. */
export function raiseScheduleSequence(db: Db, flightIds: FlightIds) {
  return db
    .update(flights)
    .set({ scheduleSequence: sql`${flights.scheduleSequence} + 1` })
    .where(and(amongIds(flights.id, flightIds), hasLiveOrders(flights.id)));
}

export function grantFreeCancellation(
  db: Db,
  { flightIds, now, when }: { flightIds: FlightIds; now: Date; when?: SQL },
) {
  return db
    .update(orders)
    .set({ freeCancellation: true, updatedAt: now })
    .where(and(amongIds(orders.flightId, flightIds), live, when));
}

export function selectLiveOrders(db: Db, flightIds: string[]) {
  return db
    .select({ orderId: orders.id, flightId: orders.flightId })
    .from(orders)
    .where(and(amongIds(orders.flightId, flightIds), live));
}

export function liveOrdersSql(flightIds: FlightIds) {
  return sql`select o.id as orderId, o.flight_id as flightId from orders o
    where ${amongIds(sql`o.flight_id`, flightIds)} and o.status in (select value from json_each(${JSON.stringify(LIVE_ORDER_STATUSES)}))`;
}
