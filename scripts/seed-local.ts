/**
 * Loads the demo data into the LOCAL D1 (`npm start`, `npm run dev`), idempotently:
 * airports and accounts are inserted once; demo flights are inserted once and
 * moved forward when their date has passed, so the demo never goes stale.
 * It only ever runs `wrangler d1 execute --local`: it cannot touch production.
 *
 * The flights are built from the demo instant (docs/testing.md): DEMO_INSTANT when set
 * (playwright.config.ts fixes one per run), else now. The instant used is recorded in
 * DIR/demo-instant.json, beside the local D1, for whoever checks the demo against it.
 *
 * Usage: [DEMO_INSTANT=2026-11-22T09:00:00.000Z] node scripts/seed-local.ts [--persist-to DIR]
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  DEMO_AIRPORTS,
  DEMO_INSTANT_FILE,
  DEMO_INSTANT_VARIABLE,
  DEMO_PASSWORD,
  DEMO_TOTP_SECRET,
  DEMO_USERS,
  buildDemoFlights,
  parseDemoInstant,
} from "../app/db/demo-data.ts";
import { hashPassword } from "../app/accounts/password.server.ts";

const quote = (value: string | number | boolean | null) =>
  value === null ? "NULL" : typeof value === "string" ? `'${value.replaceAll("'", "''")}'` : String(Number(value));

export async function buildSeedSql(now: Date): Promise<string> {
  const statements: string[] = [];
  const nowMs = now.getTime();
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const user of DEMO_USERS) {
    statements.push(
      `INSERT INTO users (id, email, password_hash, first_name, last_name, role, language, email_confirmed_at) VALUES (${[
        user.id,
        user.email,
        passwordHash,
        user.firstName,
        user.lastName,
        user.role,
        "fr",
        nowMs,
      ]
        .map(quote)
        .join(", ")}) ON CONFLICT(email) DO NOTHING;`,
    );
    // Staff open the back-office only with a second factor: the demo's is enrolled, with a known secret.
    if (user.role !== "client") {
      statements.push(
        `INSERT INTO second_factors (user_id, secret, confirmed_at) SELECT id, ${quote(DEMO_TOTP_SECRET)}, ${nowMs} FROM users WHERE email = ${quote(user.email)} ON CONFLICT(user_id) DO NOTHING;`,
      );
    }
  }
  for (const airport of DEMO_AIRPORTS) {
    statements.push(
      `INSERT INTO airports (icao_code, served_city, country, latitude, longitude) VALUES (${[
        airport.icaoCode,
        airport.servedCity,
        airport.country,
        airport.latitude,
        airport.longitude,
      ]
        .map(quote)
        .join(", ")}) ON CONFLICT(icao_code) DO NOTHING;`,
    );
  }
  const airportId = (code: string) => `(SELECT id FROM airports WHERE icao_code = ${quote(code)})`;
  for (const flight of buildDemoFlights(now)) {
    statements.push(
      `INSERT INTO flights (id, departure_airport_id, arrival_airport_id, departure_date, arrival_date, flight_time, aircraft_type, price_per_minute, feed_probability, feed_seats, soldout_override, source, refreshed_at) VALUES (${[
        quote(flight.id),
        airportId(flight.from),
        airportId(flight.to),
        flight.departureDate.getTime(),
        flight.arrivalDate.getTime(),
        flight.flightTime,
        quote(flight.aircraftType),
        flight.pricePerMinute,
        flight.feedProbability,
        flight.feedSeats,
        quote(flight.soldOutOverride),
        quote("demo"),
        nowMs,
      ].join(
        ", ",
      )}) ON CONFLICT(id) DO UPDATE SET departure_date = excluded.departure_date, arrival_date = excluded.arrival_date, refreshed_at = excluded.refreshed_at WHERE flights.departure_date < ${nowMs};`,
    );
  }
  return statements.join("\n") + "\n";
}

/** The instant the seed builds the demo from: the run's (DEMO_INSTANT) when one is fixed, else now. */
export function seedInstant(env: Record<string, string | undefined>, now = new Date()): Date {
  const fixed = env[DEMO_INSTANT_VARIABLE];
  return fixed ? parseDemoInstant(fixed) : now;
}

/** wrangler's own default for `--local` without `--persist-to`. */
const DEFAULT_PERSIST_TO = ".wrangler/state";

async function main() {
  const persistIndex = process.argv.indexOf("--persist-to");
  const persistTo = persistIndex > 0 ? process.argv[persistIndex + 1] : undefined;
  const instant = seedInstant(process.env);
  const dir = mkdtempSync(join(tmpdir(), "jetmalin-seed-"));
  const file = join(dir, "seed.sql");
  try {
    writeFileSync(file, await buildSeedSql(instant));
    execFileSync(
      "npx",
      ["wrangler", "d1", "execute", "DB", "--local", "--file", file, ...(persistTo ? ["--persist-to", persistTo] : [])],
      { stdio: ["ignore", "ignore", "inherit"], env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false" } },
    );
    const stateDir = persistTo ?? DEFAULT_PERSIST_TO;
    mkdirSync(stateDir, { recursive: true });
    writeFileSync(join(stateDir, DEMO_INSTANT_FILE), `${JSON.stringify({ instant: instant.toISOString() })}\n`);
    console.log(`Demo data loaded into the local D1, built from ${instant.toISOString()} (accounts: see README.md).`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
