/**
 * The operator feed's simulator (docs/sync.md), shipped so that local development and
 * the tests sync offline: `npm start` points FEED_URL at it (`simulator://feed`), the
 * HTTP tests serve it from a real node:http server. It answers like the real feed: a
 * JSON list of flights (docs/sync.md 'The simulator'), deterministic for a given day, and
 * faults on demand with `?fault=`:
 * - `slow`: answers after `delay` ms (default 65,000: past the client's 60 s timeout);
 * - `5xx`: 503 with a JSON error message; `401`: 401 with a message;
 * - `badjson`: a body that is not JSON; `empty`: an empty list;
 * - `missing`: every flight lacks an airport or aircraft code (all skipped).
 * - `truncated`: the list's JSON cut in the middle, as a dropped connection leaves it.
 * `?count=` sets how many flights (default 24, at most 20,000 for the bench). To show a
 * flight's end offline (decision 032): `?cancel=N` answers flight N (0-based, in the
 * list's order) with `status: "cancelled"`, `?drop=N` leaves it out of the list. Each flight
 * has a `leg_id` (`?legs=off` leaves them out); `?move=N&by=M` moves flight N by M minutes.
 */
import { DEMO_AIRPORTS, type DemoAirport } from "#app/db/demo-data";
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
  /** The feed's contract (docs/sync.md 'A cancelled flight'): absent or "scheduled", or "cancelled". */
  status?: "scheduled" | "cancelled";
  /** The operator's id of the leg, the same whatever its times (docs/sync.md 'A leg's identity'). */
  leg_id?: string;
};

export const SIMULATOR_DEFAULT_COUNT = 24;
const MAX_COUNT = 20_000;
const DAY_MS = 86_400_000;

/** Airports the simulator flies between: the demo's, and a few only the feed knows. */
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

/**
 * The feed of the UTC day of `now`: `count` flights spread over 60 days from today, every
 * departure on a quarter hour, so the same day always gives the same feed (a second sync
 * changes nothing) and no two flights share a route and departure. Each flight keeps its
 * date from one day to the next until that day is over (then it comes back 60 days
 * later), as a real operator's flight does: a flight still to leave is never missing from
 * the next day's feed, which would cancel it (docs/sync.md 'A missing flight').
 */
export function simulatedFlights(now: Date, count = SIMULATOR_DEFAULT_COUNT): FeedFlight[] {
  const dayStart = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  const flights: FeedFlight[] = [];
  for (let i = 0; i < count; i++) {
    const from = AIRPORTS[(i * 7) % AIRPORTS.length]!;
    let to = AIRPORTS[(i * 11 + 3) % AIRPORTS.length]!;
    if (to === from) to = AIRPORTS[(i * 11 + 4) % AIRPORTS.length]!;
    const pc24 = i % 3 === 0;
    // Spread over 60 days, 06:00 to 19:45 UTC, on quarter hours; `i` makes each slot unique.
    // Flight i flies on the absolute days congruent to i modulo 60: today's offset to the next one.
    const day = ((((i % 60) - Math.floor(dayStart / DAY_MS)) % 60) + 60) % 60;
    const quarter = 24 + (Math.floor(i / 60) % 56);
    const departure = dayStart + day * DAY_MS + quarter * 15 * 60_000 + Math.floor(i / (60 * 56)) * 60_000;
    const flightTime = estimatedFlightMinutes(from, to, pc24 ? "PC24" : "PC12");
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
    });
  }
  return flights;
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json; charset=utf-8" } });

/**
 * The simulator as a fetch handler. `now` is the clock (tests pass theirs); `sleep` lets
 * a test stand in for a slow feed without waiting a minute.
 */
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

/**
 * `?cancel=N`: flight N says it is cancelled; `?drop=N`: flight N is not listed; `?move=N&by=M`:
 * flight N leaves and lands M minutes later (earlier when negative); `?legs=off`: no leg ids.
 */
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
