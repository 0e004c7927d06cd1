// The map's routes, projected on the server: docs/catalogue.md 'The map, CO2 and similar flights'.
import { isOnMap, projectToMap } from "./map-projection";
import type { ListedAirport } from "./types";

export type MapRoute = {
  id: string;
  departureDate: Date;
  fromCity: string;
  toCity: string;
  start: [number, number];
  end: [number, number];
  path: string;
};

export type AirportPoint = { id: number; latitude: number; longitude: number };

type MappableFlight = {
  id: string;
  departureDate: Date;
  departureAirport: Pick<ListedAirport, "id" | "servedCity">;
  arrivalAirport: Pick<ListedAirport, "id" | "servedCity">;
};

export function routesOnMap(flights: MappableFlight[], airports: AirportPoint[]): MapRoute[] {
  const points = new Map<number, [number, number]>();
  for (const airport of airports) {
    if (airport.latitude === 0 && airport.longitude === 0) continue;
    const point = projectToMap(airport.longitude, airport.latitude);
    if (isOnMap(point)) points.set(airport.id, point);
  }
  return flights.flatMap((flight) => {
    const start = points.get(flight.departureAirport.id);
    const end = points.get(flight.arrivalAirport.id);
    if (!start || !end) return [];
    return [
      {
        id: flight.id,
        departureDate: flight.departureDate,
        fromCity: flight.departureAirport.servedCity,
        toCity: flight.arrivalAirport.servedCity,
        start,
        end,
        path: arc(start, end),
      },
    ];
  });
}

/** Bowed a sixth of its length to its right, so the two ways between two cities stay apart. */
function arc([x1, y1]: [number, number], [x2, y2]: [number, number]): string {
  const round = (value: number) => Math.round(value * 10) / 10;
  const [mx, my] = [(x1 + x2) / 2, (y1 + y2) / 2];
  const [cx, cy] = [mx + (y2 - y1) / 6, my - (x2 - x1) / 6];
  return `M${x1} ${y1}Q${round(cx)} ${round(cy)} ${x2} ${y2}`;
}
