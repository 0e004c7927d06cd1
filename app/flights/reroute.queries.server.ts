// A leg flown from or to another airport: docs/decisions/059-rerouted-legs.md.
import { eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";

import { arrivalAirport, departureAirport } from "#app/db/airport-aliases.server";
import type { Db } from "#app/db/client.server";
import { airports, customRequests, flights, rerouteDetails } from "#app/db/schema";
import type { ProfileLanguage } from "#app/utils/constants";

const otherAirport = alias(airports, "other_airport");

const placed = (table: typeof departureAirport | typeof arrivalAirport) => ({
  id: table.id,
  icaoCode: table.icaoCode,
  servedCity: table.servedCity,
  latitude: table.latitude,
  longitude: table.longitude,
});

/** The leg as the page reads it: its two airports with their coordinates. */
export async function findRerouteLeg(db: Db, flightId: string) {
  const row = await db
    .select({
      id: flights.id,
      departureDate: flights.departureDate,
      flexibilityDays: flights.flexibilityDays,
      aircraftType: flights.aircraftType,
      pricePerMinute: flights.pricePerMinute,
      status: flights.status,
      offerOnly: flights.offerOnly,
      from: placed(departureAirport),
      to: placed(arrivalAirport),
    })
    .from(flights)
    .innerJoin(departureAirport, eq(flights.departureAirportId, departureAirport.id))
    .innerJoin(arrivalAirport, eq(flights.arrivalAirportId, arrivalAirport.id))
    .where(eq(flights.id, flightId))
    .get();
  return row ?? null;
}
export type RerouteLeg = NonNullable<Awaited<ReturnType<typeof findRerouteLeg>>>;

export type NewRerouteRequest = {
  request: Omit<typeof customRequests.$inferInsert, "id"> & { language: ProfileLanguage };
  details: Omit<typeof rerouteDetails.$inferInsert, "requestId">;
};

/** The custom request and its leg's details in one batch; the same form sent again stores nothing more. */
export async function insertRerouteRequest(db: Db, { request, details }: NewRerouteRequest) {
  const id = crypto.randomUUID();
  const [inserted] = await db.batch([
    db
      .insert(customRequests)
      .values({ ...request, id })
      .onConflictDoNothing({ target: customRequests.idempotencyKey })
      .returning({ id: customRequests.id }),
    // Every column in the table's order, only after the request's own insert.
    db.insert(rerouteDetails).select(
      sql`select ${id}, ${details.flightId}, ${details.end}, ${details.airportId}, ${details.departureAt.getTime()},
        ${details.km}, ${details.minutes}, ${details.estimateCents} where changes() = 1`,
    ),
  ]);
  return inserted.length === 1 ? { id, created: true as const } : { id: null, created: false as const };
}

/** The rerouted legs behind these custom requests, for the inbox and the request's page. */
export function listRerouteDetails(db: Db, requestIds: string[]) {
  return db
    .select({
      requestId: rerouteDetails.requestId,
      end: rerouteDetails.end,
      departureAt: rerouteDetails.departureAt,
      km: rerouteDetails.km,
      minutes: rerouteDetails.minutes,
      estimateCents: rerouteDetails.estimateCents,
      legFrom: departureAirport.servedCity,
      legTo: arrivalAirport.servedCity,
      legDeparture: flights.departureDate,
      airport: otherAirport.servedCity,
      airportCode: otherAirport.icaoCode,
    })
    .from(rerouteDetails)
    .innerJoin(flights, eq(flights.id, rerouteDetails.flightId))
    .innerJoin(departureAirport, eq(flights.departureAirportId, departureAirport.id))
    .innerJoin(arrivalAirport, eq(flights.arrivalAirportId, arrivalAirport.id))
    .innerJoin(otherAirport, eq(rerouteDetails.airportId, otherAirport.id))
    .where(sql`${rerouteDetails.requestId} in (select value from json_each(${JSON.stringify(requestIds)}))`);
}
export type RerouteDetail = Awaited<ReturnType<typeof listRerouteDetails>>[number];
