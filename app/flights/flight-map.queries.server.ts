import { airports } from "#app/db/schema";
import type { ReadDb } from "#app/db/read-session.server";

/** Every airport's coordinates (a few dozen rows): where the map's routes start and end. */
export function listAirportPoints(db: ReadDb) {
  return db.select({ id: airports.id, latitude: airports.latitude, longitude: airports.longitude }).from(airports);
}
