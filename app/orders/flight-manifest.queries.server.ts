// A flight's manifest as staff read it (docs/privacy.md 'Manifests'): the flight with its operator, and who
// viewed or exported it. The passengers' lines are manifest.server.ts's to open.
import { desc, eq } from "drizzle-orm";

import { arrivalAirport, departureAirport } from "#app/db/airport-aliases.server";
import type { Db } from "#app/db/client.server";
import { flights, manifestAccess, users } from "#app/db/schema";

/** The access records the page shows: the latest first. */
export const ACCESS_SHOWN = 20;

export function findManifestFlight(db: Db, flightId: string) {
  return db
    .select({
      id: flights.id,
      status: flights.status,
      departureDate: flights.departureDate,
      aircraftType: flights.aircraftType,
      operatorName: flights.operatorName,
      operatorAoc: flights.operatorAoc,
      aircraftRegistration: flights.aircraftRegistration,
      from: departureAirport.servedCity,
      fromIcao: departureAirport.icaoCode,
      to: arrivalAirport.servedCity,
      toIcao: arrivalAirport.icaoCode,
    })
    .from(flights)
    .innerJoin(departureAirport, eq(flights.departureAirportId, departureAirport.id))
    .innerJoin(arrivalAirport, eq(flights.arrivalAirportId, arrivalAirport.id))
    .where(eq(flights.id, flightId))
    .get();
}
export type ManifestFlight = NonNullable<Awaited<ReturnType<typeof findManifestFlight>>>;

export function listManifestAccess(db: Db, flightId: string, limit = ACCESS_SHOWN) {
  return db
    .select({
      id: manifestAccess.id,
      action: manifestAccess.action,
      createdAt: manifestAccess.createdAt,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(manifestAccess)
    .leftJoin(users, eq(manifestAccess.userId, users.id))
    .where(eq(manifestAccess.flightId, flightId))
    .orderBy(desc(manifestAccess.createdAt), desc(manifestAccess.id))
    .limit(limit)
    .all();
}
