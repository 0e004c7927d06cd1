// The operator feed's simulator, so that local development and the tests sync offline: docs/sync.md 'The simulator'.
import { DEMO_AIRPORTS, type DemoAirport, demoOperatorColumns } from "#app/db/demo-data";
import { estimatedFlightMinutes } from "#app/utils/aircraft";

export type FeedAirport = {
  icao_code: string;
  served_city: string;
  country?: string;
  latitude?: number;
  longitude?: number;
};

export type FeedFlight = {
  departure_airport: FeedAirport;
  arrival_airport: FeedAirport;
  aircraft_type: { icao_code: string };
  departure_date: string;
  arrival_date: string;
  flight_time: number;
  available_seats: number;
  probability?: number;
  status?: "scheduled" | "cancelled";
  leg_id?: string;
  operator?: { name: string; aoc_number: string; aoc_state: string };
  aircraft_registration?: string;
};

export const SIMULATOR_DEFAULT_COUNT = 24;
const MAX_COUNT = 20_000;
const DAY_MS = 86_400_000;

export const FEED_ONLY_AIRPORTS: DemoAirport[] = [
  { icaoCode: "LSZA", servedCity: "Lugano", country: "Switzerland", latitude: 46.0043, longitude: 8.9106 },
  { icaoCode: "LSZS", servedCity: "Samedan", country: "Switzerland", latitude: 46.5341, longitude: 9.8841 },
  { icaoCode: "LFLB", servedCity: "Chambéry", country: "France", latitude: 45.6381, longitude: 5.8803 },
  { icaoCode: "LOWW", servedCity: "Vienne", country: "Austria", latitude: 48.1103, longitude: 16.5697 },
];
const AIRPORTS = [...DEMO_AIRPORTS, ...FEED_ONLY_AIRPORTS];

function toFeedAirport(airport: DemoAirport): FeedAirport {
  return {
    icao_code: airport.icaoCode,
    served_city: airport.servedCity,
    country: airport.country,
    latitude: airport.latitude,
    longitude: airport.longitude,
  };
}

// Deterministic for the UTC day of `now`. A flight keeps its date until its day is over, as a real operator's does:
// missing from the next day's feed, it would be cancelled.
export function simulatedFlights(now: Date, count = SIMULATOR_DEFAULT_COUNT): FeedFlight[] {
  const dayStart = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  const flights: FeedFlight[] = [];
  for (let i = 0; i < count; i++) {
    const from = AIRPORTS[(i * 7) % AIRPORTS.length]!;
    let to = AIRPORTS[(i * 11 + 3) % AIRPORTS.length]!;
    if (to === from) to = AIRPORTS[(i * 11 + 4) % AIRPORTS.length]!;
    const pc24 = i % 3 === 0;
    // 06:00 to 19:45 UTC on quarter hours; flight i flies on the absolute days congruent to i modulo 60.
    const day = ((((i % 60) - Math.floor(dayStart / DAY_MS)) % 60) + 60) % 60;
    const quarter = 24 + (Math.floor(i / 60) % 56);
    const departure = dayStart + day * DAY_MS + quarter * 15 * 60_000 + Math.floor(i / (60 * 56)) * 60_000;
    const flightTime = estimatedFlightMinutes(from, to, pc24 ? "PC24" : "PC12");
    const carrier = demoOperatorColumns(i, pc24 ? "PC24" : "PC12");
    flights.push({
      leg_id: `SIM-${Math.floor(departure / DAY_MS)}-${i}`,
      departure_airport: toFeedAirport(from),
      arrival_airport: toFeedAirport(to),
      aircraft_type: { icao_code: pc24 ? "PC24" : "PC12" },
      departure_date: new Date(departure).toISOString(),
      arrival_date: new Date(departure + flightTime * 60_000).toISOString(),
      flight_time: flightTime,
      available_seats: 2 + (i % (pc24 ? 7 : 5)),
      probability: 40 + ((i * 13) % 61),
      operator: { name: carrier.operatorName, aoc_number: carrier.operatorAoc, aoc_state: carrier.operatorState },
      aircraft_registration: carrier.aircraftRegistration,
    });
  }
  return flights;
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json; charset=utf-8" } });

/** `sleep` lets a test stand in for a slow feed without waiting a minute. */
export async function handleFeedRequest(
  request: Request,
  { now = () => new Date(), sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms)) } = {},
): Promise<Response> {
  const url = new URL(request.url);
  if (!/^Bearer \S+/.test(request.headers.get("Authorization") ?? "")) {
    return json({ message: "Missing bearer token" }, 401);
  }
  const count = Math.min(MAX_COUNT, Math.max(0, Number(url.searchParams.get("count") ?? SIMULATOR_DEFAULT_COUNT) || 0));
  const list = () => withStories(simulatedFlights(now(), count), url.searchParams);
  switch (url.searchParams.get("fault")) {
    case "slow": {
      await sleep(Number(url.searchParams.get("delay") ?? 65_000));
      return json(list());
    }
    case "5xx":
      return json({ message: "Service temporarily unavailable" }, 503);
    case "401":
      return json({ message: "Invalid token" }, 401);
    case "badjson":
      return new Response("{ flights: [", { status: 200, headers: { "Content-Type": "application/json" } });
    case "empty":
      return json([]);
    case "truncated": {
      const text = JSON.stringify(list());
      return new Response(text.slice(0, Math.floor(text.length / 2)), {
        status: 200,
        headers: { "Content-Type": "application/json" },
      });
    }
    case "missing":
      return json(
        simulatedFlights(now(), count).map((flight, i) =>
          i % 2 === 0
            ? { ...flight, aircraft_type: { icao_code: "" } }
            : { ...flight, departure_airport: { ...flight.departure_airport, icao_code: "" } },
        ),
      );
    default:
      return json(list());
  }
}

function withStories(flights: FeedFlight[], params: URLSearchParams): FeedFlight[] {
  const index = (name: string) => {
    const value = params.get(name);
    return value === null || !/^\d+$/.test(value) ? -1 : Number(value);
  };
  const cancel = index("cancel");
  const drop = index("drop");
  const move = index("move");
  const by = /^-?\d+$/.test(params.get("by") ?? "") ? Number(params.get("by")) * 60_000 : 0;
  const shift = (date: string) => new Date(Date.parse(date) + by).toISOString();
  return flights
    .map((flight, i) => (i === cancel ? { ...flight, status: "cancelled" as const } : flight))
    .map((flight, i) =>
      i === move
        ? { ...flight, departure_date: shift(flight.departure_date), arrival_date: shift(flight.arrival_date) }
        : flight,
    )
    .map(({ leg_id, ...flight }) => (params.get("legs") === "off" ? flight : { leg_id, ...flight }))
    .filter((_, i) => i !== drop);
}
