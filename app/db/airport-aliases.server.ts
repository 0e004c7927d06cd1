import { alias } from "drizzle-orm/sqlite-core";

import { airports } from "./schema";

export const departureAirport = alias(airports, "departure_airport");
export const arrivalAirport = alias(airports, "arrival_airport");

export const airportColumns = (table: typeof departureAirport | typeof arrivalAirport) => ({
  id: table.id,
  icaoCode: table.icaoCode,
  servedCity: table.servedCity,
  country: table.country,
});
