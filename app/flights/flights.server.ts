/** The flights as the traveller pages and the checkout read them. */
export { findFlightListing, listAirportCities } from "./flights.queries.server";
