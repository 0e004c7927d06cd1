/**
 * Loads the demo data into the LOCAL D1 (`npm start`, `npm run dev`), idempotently:
 * airports and accounts are inserted once; demo flights are inserted once and
 * moved forward when their date has passed, so the demo never goes stale.
 * It only ever opens the local D1 (wrangler's platform proxy over `--persist-to`'s folder):
 * it cannot touch production.
 *
 * The seed needs the schema: it first applies the migrations the local D1 lacks, as
 * `wrangler d1 migrations apply DB --local` does (each in one batch with its row in
 * `d1_migrations`, so a later `apply` finds nothing to do). One workerd for both, instead
 * of wrangler's one per migration and another for the seed: about 10 s of CPU less before
 * `npm start` and the browser tests serve (docs/testing.md "The suite's time").
 *
 * The flights are built from the demo instant (docs/testing.md): DEMO_INSTANT when set
 * (playwright.config.ts fixes one per run), else now. The instant used is recorded in
 * DIR/demo-instant.json, beside the local D1, for whoever checks the demo against it.
 *
 * Usage: [DEMO_INSTANT=2026-11-22T09:00:00.000Z] node scripts/seed-local.ts [--persist-to DIR]
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

import { hashPassword } from "../app/accounts/password.server.ts";
import {
  buildDemoFlights,
  DEMO_AIRPORTS,
  DEMO_INSTANT_FILE,
  DEMO_INSTANT_VARIABLE,
  DEMO_PASSWORD,
  DEMO_TOTP_SECRET,
  DEMO_USERS,
  parseDemoInstant,
} from "../app/db/demo-data.ts";

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
    // A database seeded before the carrier existed gets it; a carrier staff named is kept.
    statements.push(
      `UPDATE flights SET operator_name = ${quote(flight.operatorName)}, operator_aoc = ${quote(flight.operatorAoc)}, operator_state = ${quote(flight.operatorState)}, aircraft_registration = ${quote(flight.aircraftRegistration)} WHERE id = ${quote(flight.id)} AND operator_name IS NULL AND operator_aoc IS NULL AND operator_state IS NULL;`,
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
const MIGRATIONS_DIR = join(import.meta.dirname, "..", "migrations");
/** wrangler's bookkeeping of applied migrations, created as `wrangler d1 migrations apply` creates it. */
const MIGRATIONS_TABLE = `CREATE TABLE IF NOT EXISTS "d1_migrations"(
\t\tid         INTEGER PRIMARY KEY AUTOINCREMENT,
\t\tname       TEXT UNIQUE,
\t\tapplied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL
);`;

/** The migrations of migrations/ the database lacks, applied in order, each with its d1_migrations row in one batch. */
async function applyMigrations(db: D1Database): Promise<string[]> {
  await db.prepare(MIGRATIONS_TABLE).run();
  const { results } = await db.prepare(`SELECT name FROM "d1_migrations" ORDER BY id`).all<{ name: string }>();
  const applied = new Set(results.map(({ name }) => name));
  const pending = readdirSync(MIGRATIONS_DIR)
    .filter((name) => name.endsWith(".sql") && !applied.has(name))
    .sort();
  for (const name of pending) {
    const statements = readFileSync(join(MIGRATIONS_DIR, name), "utf8")
      .split("--> statement-breakpoint")
      .map((statement) => statement.trim())
      .filter(Boolean);
    await db.batch([
      ...statements.map((statement) => db.prepare(statement)),
      db.prepare(`INSERT INTO "d1_migrations" (name) VALUES (?)`).bind(name),
    ]);
  }
  return pending;
}

async function main() {
  const persistIndex = process.argv.indexOf("--persist-to");
  const stateDir = (persistIndex > 0 ? process.argv[persistIndex + 1] : undefined) ?? DEFAULT_PERSIST_TO;
  const instant = seedInstant(process.env);
  // Loaded here, not above: the unit tests import buildSeedSql without starting wrangler.
  const { getPlatformProxy } = await import("wrangler");
  // wrangler keeps a `--persist-to DIR` state in DIR/v3; the D1 binding of wrangler.toml names the same file.
  const { env, dispose } = await getPlatformProxy<{ DB: D1Database }>({
    persist: { path: join(stateDir, "v3") },
    remoteBindings: false,
  });
  try {
    const migrated = await applyMigrations(env.DB);
    const statements = (await buildSeedSql(instant)).split("\n").filter(Boolean);
    await env.DB.batch(statements.map((statement) => env.DB.prepare(statement)));
    mkdirSync(stateDir, { recursive: true });
    writeFileSync(join(stateDir, DEMO_INSTANT_FILE), `${JSON.stringify({ instant: instant.toISOString() })}\n`);
    console.log(
      `${migrated.length} migration(s) applied; demo data loaded into the local D1, built from ${instant.toISOString()} (accounts: see README.md).`,
    );
  } finally {
    await dispose();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
