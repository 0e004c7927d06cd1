/**
 * The shared set-up of the privacy tests (privacy-*.server.test.ts): the clock, the two
 * customers (Zéphyrine and Barnabé) and everything personal about each, and helpers that
 * empty the database, scan every column of every table, read the orders CSV and count rows.
 * The rows each test starts from are seeded by privacy-seed.fixtures.ts.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { count, type SQL } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";

import type { CustomerInfo } from "#app/db/schema";
import { ordersCsvStream } from "#app/orders/orders-export.server";
import { parseCsv } from "#tests/csv";

export const NOW = new Date("2026-11-23T09:00:00Z");
export const PAST = new Date("2026-10-01T08:00:00Z");
export const FUTURE = new Date("2026-12-20T08:00:00Z");
export const PASSWORD = "Quenouille-2026";
export const IP = "203.0.113.50";
/** When a seeded row was made, `minutesAgo` before NOW. */
export const placed = (minutesAgo: number) => new Date(NOW.getTime() - minutesAgo * 60_000);
export const tomorrow = new Date(NOW.getTime() + 86_400_000);

/** Everything personal about each customer: what the scans look for. */
export const ZEPHYRINE = {
  id: "user-zephyrine",
  firstName: "Zéphyrine",
  lastName: "Quenouillard",
  email: "zephyrine.q@example.ch",
  phone: "+41 79 555 01 23",
  address: "12 chemin des Quenouilles",
  zipCode: "CH-4077",
  city: "Quenouilleville",
  passengers: ["Anatole Pamplemousse", "Hippolyte Tournesol"],
  newsletterIp: "198.51.100.77",
};
export const BARNABE = {
  id: "user-barnabe",
  firstName: "Barnabé",
  lastName: "Ostrogoth",
  email: "barnabe.o@example.ch",
  phone: "+41 79 555 09 87",
  address: "3 rue des Ostrogoths",
  zipCode: "CH-8088",
  city: "Gothenbourg",
  passengers: ["Clothilde Barbapapa"],
  newsletterIp: "198.51.100.88",
};
export type Person = typeof ZEPHYRINE;
export const needlesOf = (person: Person) => [
  person.id,
  person.firstName,
  person.lastName,
  person.email,
  person.phone,
  person.address,
  person.zipCode,
  person.city,
  person.newsletterIp,
  ...person.passengers,
];

export const customerOf = (person: Person, email = person.email): CustomerInfo => ({
  firstName: person.firstName,
  lastName: person.lastName,
  email,
  phone: person.phone,
  address: person.address,
  zipCode: person.zipCode,
  city: person.city,
  country: "Suisse",
});

/** Tables with foreign keys, children first; the others (no foreign key) are emptied before them. */
const CHILDREN_FIRST = [
  "order_events",
  "order_links",
  "favorites",
  "notifications",
  "alert_watches",
  "alert_deliveries",
  "sessions",
  "one_time_tokens",
  "flight_logs",
  "sync_runs",
  "exclusive_requests",
  "custom_requests",
  "orders",
  "flights",
  "airports",
  "users",
];

/** Columns a statement of `findEverywhere` scans, one result column each (D1 allows 100). */
const COLUMNS_PER_SCAN = 50;

/** Every table of the database, whoever added it. */
async function allTables(d1: D1Database) {
  const tables = await d1
    .prepare(
      "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '_cf_%'",
    )
    .all<{ name: string }>();
  return tables.results.map((table) => table.name);
}

/** Empties every table, children first: each test starts from the seed alone. */
export async function emptyDatabase(d1: D1Database) {
  const names = (await allTables(d1)).filter((name) => !CHILDREN_FIRST.includes(name));
  await d1.batch([...names, ...CHILDREN_FIRST].map((name) => d1.prepare(`delete from "${name}"`)));
}

/**
 * The helpers that read the test file's database and context, taken when called (the
 * file's hooks replace them before each test).
 */
export function privacyHelpers(current: () => { d1: D1Database; context: AppLoadContext }) {
  /**
   * Every "table.column: needle" where a column of a table holds one of `needles`
   * (case-insensitive), over every column of every table of the database, read from
   * SQLite's own catalogue so a table or column added later is scanned too. One batch of a
   * few statements, each scanning up to COLUMNS_PER_SCAN columns (one statement a column
   * cost hundreds of round trips to prepare them).
   */
  async function findEverywhere(needles: string[]) {
    const { d1 } = current();
    const columns = await d1
      .prepare(
        `select m.name as tableName, p.name as columnName from sqlite_master m join pragma_table_info(m.name) p
         where m.type = 'table' and m.name not like 'sqlite_%' and m.name not like '_cf_%' order by m.name, p.cid`,
      )
      .all<{ tableName: string; columnName: string }>();
    // One result column a scanned column (c<its index>): the needles it holds, as a JSON array.
    const scans = columns.results.map(
      ({ tableName, columnName }, index) =>
        `(select json_group_array(needle) from (select distinct n.value as needle from "${tableName}" t, json_each(?1) n where instr(lower(cast(t."${columnName}" as text)), lower(n.value)) > 0)) as c${index}`,
    );
    const statements = [];
    for (let start = 0; start < scans.length; start += COLUMNS_PER_SCAN)
      statements.push(
        d1.prepare(`select ${scans.slice(start, start + COLUMNS_PER_SCAN).join(", ")}`).bind(JSON.stringify(needles)),
      );
    const found = Object.assign(
      {},
      ...(await d1.batch<Record<string, string>>(statements)).map((result) => result.results[0]),
    );
    return columns.results.flatMap(({ tableName, columnName }, index) =>
      (JSON.parse(found[`c${index}`]) as string[]).map((needle) => `${tableName}.${columnName}: ${needle}`),
    );
  }

  /** The orders CSV as the back-office exports it: rows (header dropped) and the sum of the 'Montant' column in cents. */
  async function ordersCsv() {
    const text = new TextDecoder().decode(
      await new Response(ordersCsvStream(current().context, { status: null, search: "" })).arrayBuffer(),
    );
    // Semicolons and a decimal comma, for French-locale Excel (decision 026).
    const [header, ...rows] = parseCsv(text.replace(/^\uFEFF/, ""), ";");
    const amount = header!.indexOf("Montant");
    return {
      rows,
      totalCents: rows.reduce((sum, row) => sum + Math.round(Number(row[amount]!.replace(",", ".")) * 100), 0),
    };
  }

  const countOf = async (table: SQLiteTable, where?: SQL) =>
    (await current().context.db.select({ n: count() }).from(table).where(where))[0]!.n;

  return { findEverywhere, ordersCsv, countOf };
}

export const tablesOf = (hits: string[]) => [...new Set(hits.map((hit) => hit.split(".")[0]))].sort();
