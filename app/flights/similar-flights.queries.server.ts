// Similar flights: docs/catalogue.md 'The map, CO2 and similar flights'. An airport without coordinates
// (0, 0, the column's default) is matched by country, since a distance from (0, 0) would mean nothing.
import { and, asc, eq, gte, ne, type SQL, sql } from "drizzle-orm";

import { arrivalAirport, departureAirport } from "#app/db/airport-aliases.server";
import { listingColumns } from "#app/db/flight-listing.server";
import { liveSeats } from "#app/db/live-seats.server";
import type { ReadDb } from "#app/db/read-session.server";
import { flights } from "#app/db/schema";

export const SIMILAR_RADIUS_KM = 200;
export const SIMILAR_WINDOW_MS = 3 * 24 * 60 * 60 * 1000;

/** A column of the given flight (`o`) or its departure airport (`oa`) as a scalar subquery: SQLite runs it once. */
const origin = (flightId: string, column: "o.departure_date" | "oa.latitude" | "oa.longitude" | "oa.country") =>
  sql`(select ${sql.raw(column)} from flights o join airports oa on oa.id = o.departure_airport_id where o.id = ${flightId})`;

export function listSimilarBookableFlights(
  db: ReadDb,
  { flightId, now, limit }: { flightId: string; now: Date; limit: number },
) {
  const at = origin(flightId, "o.departure_date");
  const lat = origin(flightId, "oa.latitude");
  const lon = origin(flightId, "oa.longitude");
  const country = origin(flightId, "oa.country");
  const located = (latitude: unknown, longitude: unknown) => sql`(${latitude} != 0 or ${longitude} != 0)`;
  // Haversine, in km, with the math functions D1 allows (sin, cos, asin, sqrt, radians; not power).
  const halfSine = (to: unknown, from: unknown) => sql`sin(radians(${to} - ${from}) / 2)`;
  const squared = (value: SQL) => sql`(${value} * ${value})`;
  const distanceKm = sql`2 * 6371 * asin(sqrt(${squared(halfSine(departureAirport.latitude, lat))}
      + cos(radians(${lat})) * cos(radians(${departureAirport.latitude}))
        * ${squared(halfSine(departureAirport.longitude, lon))}))`;
  const sameArea = sql`(case when ${located(lat, lon)} and ${located(departureAirport.latitude, departureAirport.longitude)}
      then ${distanceKm} <= ${SIMILAR_RADIUS_KM}
      else ${departureAirport.country} = ${country} and ${country} != 'Unknown' end)`;
  return db
    .select(listingColumns(now))
    .from(flights)
    .innerJoin(departureAirport, eq(flights.departureAirportId, departureAirport.id))
    .innerJoin(arrivalAirport, eq(flights.arrivalAirportId, arrivalAirport.id))
    .where(
      and(
        gte(flights.departureDate, now),
        eq(flights.status, "scheduled"),
        eq(flights.offerOnly, false),
        sql`not ${liveSeats(now).soldOut}`,
        ne(flights.id, flightId),
        sql`${flights.departureDate} between ${at} - ${SIMILAR_WINDOW_MS} and ${at} + ${SIMILAR_WINDOW_MS}`,
        sameArea,
      ),
    )
    .orderBy(sql`abs(${flights.departureDate} - ${at})`, asc(flights.departureDate), asc(flights.id))
    .limit(limit);
}
