// Local demo data, dated from `now` (README "Demo accounts"); never in production. Explicit .ts imports: the seed
// script runs this file directly under Node.
import { TZDate } from "@date-fns/tz";

import { estimatedFlightMinutes, pricePerMinuteFor, seatCapacityFor } from "../utils/aircraft.ts";

export const DEMO_PASSWORD = "JetMalin-demo-2026";

/** docs/testing.md 'The demo instant'. */
export const DEMO_INSTANT_VARIABLE = "DEMO_INSTANT";
export const DEMO_INSTANT_FILE = "demo-instant.json";

export function fixDemoInstant(env: Record<string, string | undefined>, now = new Date()): Date {
  env[DEMO_INSTANT_VARIABLE] ??= now.toISOString();
  return parseDemoInstant(env[DEMO_INSTANT_VARIABLE]);
}

export function parseDemoInstant(value: string): Date {
  const instant = new Date(value);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(value) || Number.isNaN(instant.getTime()))
    throw new Error(`${DEMO_INSTANT_VARIABLE} must be an ISO date such as 2026-11-22T09:00:00.000Z, not "${value}"`);
  return instant;
}
/** Public on purpose: README "Demo accounts". */
export const DEMO_TOTP_SECRET = "JETMALINDEMOSTAFFSECRETKEY234567";

export const DEMO_USERS = [
  { id: "demo-user-admin", email: "admin@jetmalin.test", firstName: "Alice", lastName: "Admin", role: "admin" },
  {
    id: "demo-user-gestionnaire",
    email: "gestionnaire@jetmalin.test",
    firstName: "Gaston",
    lastName: "Gestionnaire",
    role: "gestionnaire",
  },
  { id: "demo-user-client", email: "client@jetmalin.test", firstName: "Claire", lastName: "Client", role: "client" },
] as const;

export type DemoAirport = {
  icaoCode: string;
  servedCity: string;
  country: string;
  latitude: number;
  longitude: number;
};

export const DEMO_AIRPORTS: DemoAirport[] = [
  { icaoCode: "LSGG", servedCity: "Genève", country: "Switzerland", latitude: 46.2381, longitude: 6.109 },
  { icaoCode: "LSGL", servedCity: "Lausanne", country: "Switzerland", latitude: 46.5453, longitude: 6.6167 },
  { icaoCode: "LSGS", servedCity: "Sion", country: "Switzerland", latitude: 46.2196, longitude: 7.3268 },
  { icaoCode: "LSZH", servedCity: "Zurich", country: "Switzerland", latitude: 47.4582, longitude: 8.5555 },
  { icaoCode: "LFTZ", servedCity: "St-Tropez", country: "France", latitude: 43.2054, longitude: 6.482 },
  { icaoCode: "LFMN", servedCity: "Nice", country: "France", latitude: 43.6584, longitude: 7.2159 },
  { icaoCode: "LFMD", servedCity: "Cannes", country: "France", latitude: 43.5421, longitude: 6.9535 },
  { icaoCode: "LFPB", servedCity: "Paris", country: "France", latitude: 48.9694, longitude: 2.4414 },
  { icaoCode: "LFLJ", servedCity: "Courchevel", country: "France", latitude: 45.3967, longitude: 6.6347 },
  { icaoCode: "EGLF", servedCity: "Londres", country: "United Kingdom", latitude: 51.2758, longitude: -0.7763 },
  { icaoCode: "LIML", servedCity: "Milan", country: "Italy", latitude: 45.4451, longitude: 9.2767 },
  { icaoCode: "LIRA", servedCity: "Rome", country: "Italy", latitude: 41.7994, longitude: 12.5949 },
  { icaoCode: "LIEO", servedCity: "Olbia", country: "Italy", latitude: 40.8987, longitude: 9.5176 },
  { icaoCode: "LEIB", servedCity: "Ibiza", country: "Spain", latitude: 38.8729, longitude: 1.3731 },
  { icaoCode: "LEPA", servedCity: "Palma", country: "Spain", latitude: 39.5517, longitude: 2.7388 },
  { icaoCode: "LEBL", servedCity: "Barcelone", country: "Spain", latitude: 41.2971, longitude: 2.0785 },
  { icaoCode: "LETO", servedCity: "Madrid", country: "Spain", latitude: 40.4967, longitude: -3.4458 },
  { icaoCode: "EDDM", servedCity: "Munich", country: "Germany", latitude: 48.3538, longitude: 11.7861 },
  { icaoCode: "LNMC", servedCity: "Monaco", country: "Monaco", latitude: 43.7253, longitude: 7.4197 },
  { icaoCode: "LGMK", servedCity: "Mykonos", country: "Greece", latitude: 37.4351, longitude: 25.3481 },
];

const ROUTES: Array<[string, string]> = [
  ["LSGG", "LFTZ"],
  ["LFTZ", "LSGG"],
  ["LSGG", "LFMN"],
  ["LFMN", "LSGG"],
  ["LSGG", "LFPB"],
  ["LFPB", "LSGG"],
  ["LSZH", "EGLF"],
  ["EGLF", "LSGG"],
  ["LSGL", "LFMD"],
  ["LFMD", "LSGL"],
  ["LSGS", "LFLJ"],
  ["LSZH", "LIML"],
  ["LIML", "LSZH"],
  ["LSGG", "LIRA"],
  ["LIRA", "LSGG"],
  ["LSGG", "LIEO"],
  ["LIEO", "LSGG"],
  ["LSZH", "LEIB"],
  ["LEIB", "LSGG"],
  ["LSGG", "LEPA"],
  ["LEPA", "LSZH"],
  ["LSGG", "LEBL"],
  ["LEBL", "LSGG"],
  ["LSZH", "LETO"],
  ["EDDM", "LSGG"],
  ["LSGG", "EDDM"],
  ["LSGG", "LNMC"],
  ["LNMC", "LSZH"],
  ["LSZH", "LGMK"],
  ["LGMK", "LSGG"],
  ["LSGL", "LFPB"],
  ["LFLJ", "LSGG"],
  ["LSGS", "LSZH"],
  ["LFMN", "LSZH"],
  ["LSGG", "EGLF"],
  ["EGLF", "LSZH"],
  ["LSGG", "LSGS"],
  ["LIML", "LFMN"],
  ["LSZH", "LFTZ"],
  ["LFTZ", "LSZH"],
];

function splitmix32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x9e3779b9) >>> 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x21f0aaad);
    z = Math.imul(z ^ (z >>> 15), 0x735a2d97);
    return (z ^ (z >>> 15)) >>> 0;
  };
}

/** The same on every seed; the order reference is its first 8 characters, so they must differ from flight to flight. */
export function demoFlightId(index: number): string {
  const next = splitmix32(index);
  const hex = Array.from({ length: 4 }, () => next().toString(16).padStart(8, "0")).join("");
  const variant = ((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20)}`;
}

export type DemoFlight = {
  id: string;
  from: string;
  to: string;
  departureDate: Date;
  arrivalDate: Date;
  flightTime: number;
  aircraftType: "PC12" | "PC24";
  pricePerMinute: number;
  feedProbability: number;
  feedSeats: number;
  soldOutOverride: boolean | null;
} & DemoOperatorColumns;

/**
 * Fictional operating carriers for the demo and the feed simulator (docs/sync.md 'The simulator'): no company of
 * these names holds these AOCs, and the registrations, though in the Swiss and French formats, stand for no aircraft.
 */
export const DEMO_OPERATORS = [
  { name: "Alpina Executive Jets SA", aoc: "CH.AOC.1042", state: "CH", prefixes: { PC12: "HB-FA", PC24: "HB-VA" } },
  { name: "Léman Air Services SA", aoc: "CH.AOC.1077", state: "CH", prefixes: { PC12: "HB-FL", PC24: "HB-VL" } },
  { name: "Azur Jet Services SAS", aoc: "FR.AOC.0419", state: "FR", prefixes: { PC12: "F-HAZ", PC24: "F-HVZ" } },
] as const;

export type DemoOperatorColumns = {
  operatorName: string;
  operatorAoc: string;
  operatorState: string;
  aircraftRegistration: string;
};

/** The `index`th flight's carrier and aircraft: the same on every run. */
export function demoOperatorColumns(index: number, aircraftType: string): DemoOperatorColumns {
  const operator = DEMO_OPERATORS[index % DEMO_OPERATORS.length]!;
  const prefix = aircraftType === "PC24" ? operator.prefixes.PC24 : operator.prefixes.PC12;
  return {
    operatorName: operator.name,
    operatorAoc: operator.aoc,
    operatorState: operator.state,
    aircraftRegistration: `${prefix}${"ABCDEFGH"[Math.floor(index / DEMO_OPERATORS.length) % 8]}`,
  };
}

export function buildDemoFlights(now: Date): DemoFlight[] {
  const airportByCode = new Map(DEMO_AIRPORTS.map((airport) => [airport.icaoCode, airport]));
  const today = new TZDate(now.getTime(), "Europe/Zurich");
  return ROUTES.map(([from, to], index) => {
    const aircraftType = index % 3 === 1 ? "PC24" : "PC12";
    const dayOffset = 1 + ((index * 7) % 29);
    const hour = 7 + ((index * 5) % 12);
    const minute = (index * 15) % 60;
    const departure = new TZDate(
      today.getFullYear(),
      today.getMonth(),
      today.getDate() + dayOffset,
      hour,
      minute,
      "Europe/Zurich",
    );
    const flightTime = estimatedFlightMinutes(airportByCode.get(from)!, airportByCode.get(to)!, aircraftType);
    const capacity = seatCapacityFor(aircraftType);
    const soldOut = index % 9 === 4;
    return {
      id: demoFlightId(index),
      from,
      to,
      departureDate: new Date(departure.getTime()),
      arrivalDate: new Date(departure.getTime() + flightTime * 60_000),
      flightTime,
      aircraftType,
      pricePerMinute: pricePerMinuteFor(aircraftType),
      feedProbability: 40 + ((index * 15) % 61),
      feedSeats: index % 13 === 6 ? 0 : capacity - (index % 3),
      soldOutOverride: soldOut ? true : null,
      ...demoOperatorColumns(index, aircraftType),
    };
  });
}
