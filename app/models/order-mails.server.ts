/**
 * What the order mails and the calendar file read besides `findOrderWithFlight`
 * (models/orders.server.ts): the flight's times, and the history rows a staff mail quotes.
 */
import { desc, eq } from "drizzle-orm";
import type { Db } from "#app/db/client.server";
import { flights, orderEvents, orders } from "#app/db/schema";
import { arrivalAirport, departureAirport } from "./airport-aliases.server";

/** An order's flight as its calendar event needs it. */
export async function findOrderFlightTimes(db: Db, orderId: string) {
  const row = await db
    .select({
      id: orders.id,
      status: orders.status,
      reference: orders.reference,
      language: orders.language,
      departureDate: flights.departureDate,
      arrivalDate: flights.arrivalDate,
      flightTime: flights.flightTime,
      from: { servedCity: departureAirport.servedCity, icaoCode: departureAirport.icaoCode },
      to: { servedCity: arrivalAirport.servedCity, icaoCode: arrivalAirport.icaoCode },
    })
    .from(orders)
    .innerJoin(flights, eq(orders.flightId, flights.id))
    .innerJoin(departureAirport, eq(flights.departureAirportId, departureAirport.id))
    .innerJoin(arrivalAirport, eq(flights.arrivalAirportId, arrivalAirport.id))
    .where(eq(orders.id, orderId))
    .get();
  return row ?? null;
}

export type OrderFlightTimes = NonNullable<Awaited<ReturnType<typeof findOrderFlightTimes>>>;

/** An order's latest history rows, newest first. */
export function listLatestOrderEvents(db: Db, orderId: string, limit = 5) {
  return db
    .select({ move: orderEvents.move, detail: orderEvents.detail, createdAt: orderEvents.createdAt })
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(desc(orderEvents.id))
    .limit(limit);
}
