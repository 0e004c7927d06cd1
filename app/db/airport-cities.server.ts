/** The airports as the searches match them: what a visitor typed, a radius, a route alert's places. */
import type { ReadDb } from "./read-session.server";
import { airports } from "./schema";

const airportCityColumns = {
  id: airports.id,
  servedCity: airports.servedCity,
  latitude: airports.latitude,
  longitude: airports.longitude,
};

/** Every airport's id, city and coordinates: a few dozen rows, matched against what a visitor typed. */
export function listAirportCities(db: ReadDb) {
  return db.select(airportCityColumns).from(airports);
}
