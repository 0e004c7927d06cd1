/**
 * A real, empty D1 for a test file: workerd's SQLite through wrangler's platform
 * proxy (in memory), with every migration of migrations/ applied, as in production.
 *
 * Starting workerd costs about half a second of CPU, more than most test files spend on
 * their tests; so each vitest worker (files share a worker's modules: `isolate: false` in
 * vitest.config.ts) starts it once, with the databases that tests/wrangler.test.toml
 * declares, and lends them. A database is emptied (every table, view and trigger dropped)
 * and migrated again when lent, so each file, and each fresh database a test asks for,
 * starts from what the migrations make, as before. A file that holds every database at
 * once gets a platform proxy of its own.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

import { getPlatformProxy } from "wrangler";

import { createDb } from "#app/db/client.server";

const MIGRATIONS_DIR = join(import.meta.dirname, "..", "migrations");
const CONFIG_PATH = join(import.meta.dirname, "wrangler.test.toml");
const BINDINGS = ["DB", "DB_2", "DB_3", "DB_4", "DB_5", "DB_6"] as const;
type Binding = (typeof BINDINGS)[number];

/** The statements of every migration, or of those whose file name sorts in [from, until) (e.g. "0007"). */
export function migrationStatements({ from = "", until }: { from?: string; until?: string } = {}): string[] {
  return readdirSync(MIGRATIONS_DIR)
    .filter((name) => name.endsWith(".sql") && name >= from && (until === undefined || name < until))
    .sort()
    .flatMap((name) => readFileSync(join(MIGRATIONS_DIR, name), "utf8").split("--> statement-breakpoint"))
    .map((statement) => statement.trim())
    .filter(Boolean);
}

type SharedEnv = Record<Binding, D1Database> & { DOCUMENTS: R2Bucket };
let shared: Promise<SharedEnv> | undefined;
let sharedBucket: R2Bucket | undefined;

/** The local R2 bucket of the workerd that lends the databases (decision 054); null before any `createTestD1`. */
export function testDocumentsBucket(): R2Bucket | null {
  return sharedBucket ?? null;
}
const lent = new Set<Binding>();
/** sqlite_master as every migration leaves it: a database in that state only needs its rows removed. */
let migratedSchema: string | undefined;

const SCHEMA = `SELECT group_concat(type || ' ' || name || ' ' || coalesce(sql, ''), ';') AS schema
  FROM (SELECT * FROM sqlite_master ORDER BY type, name)`;

/**
 * Empties a lent database: its rows only when its schema is what every migration makes
 * (the next file wants that schema), else everything the migrations and tests made
 * (tables, views, triggers; workerd's own `_cf_` tables stay).
 */
async function empty(d1: D1Database, { keepSchema }: { keepSchema: boolean }) {
  const [schema, objects, references] = await d1.batch<{ schema: string; type: string; name: string; parent: string }>([
    d1.prepare(SCHEMA),
    d1.prepare(
      `SELECT type, name FROM sqlite_master
       WHERE type IN ('table', 'view', 'trigger') AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'
         AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\'`,
    ),
    d1.prepare(
      `SELECT m.name AS name, r."table" AS parent
       FROM sqlite_master AS m, pragma_foreign_key_list(m.name) AS r
       WHERE m.type = 'table' AND m.name NOT LIKE '\\_cf\\_%' ESCAPE '\\'`,
    ),
  ]);
  // Rows are deleted (and a dropped table's rows first) with their references checked: a
  // table goes only once every table that refers to it is done.
  const children = new Map<string, Set<string>>();
  for (const { name, parent } of references!.results) {
    if (name !== parent) children.set(parent, (children.get(parent) ?? new Set()).add(name));
  }
  const order: string[] = [];
  const visited = new Set<string>();
  const visit = (table: string) => {
    if (visited.has(table)) return;
    visited.add(table);
    for (const child of children.get(table) ?? []) visit(child);
    order.push(table);
  };
  for (const { type, name } of objects!.results) if (type === "table") visit(name);
  const rowsOnly = keepSchema && migratedSchema !== undefined && schema!.results[0]?.schema === migratedSchema;
  if (rowsOnly) {
    await d1.batch([
      ...order.map((name) => d1.prepare(`DELETE FROM "${name}"`)),
      // AUTOINCREMENT counters start again, as in a new database.
      d1.prepare("DELETE FROM sqlite_sequence"),
    ]);
    return { migrated: true };
  }
  const others = objects!.results.filter(({ type }) => type !== "table");
  if (objects!.results.length > 0) {
    await d1.batch([
      ...others.map(({ type, name }) => d1.prepare(`DROP ${type.toUpperCase()} IF EXISTS "${name}"`)),
      ...order.map((name) => d1.prepare(`DROP TABLE IF EXISTS "${name}"`)),
    ]);
  }
  return { migrated: false };
}

async function lend(keepSchema: boolean) {
  shared ??= getPlatformProxy<SharedEnv>({ configPath: CONFIG_PATH, persist: false }).then((proxy) => proxy.env);
  const env = await shared;
  sharedBucket = env.DOCUMENTS;
  const binding = BINDINGS.find((name) => !lent.has(name));
  if (binding) {
    lent.add(binding);
    const d1 = env[binding];
    const { migrated } = await empty(d1, { keepSchema });
    return { d1, migrated, release: async () => void lent.delete(binding) };
  }
  const proxy = await getPlatformProxy<{ DB: D1Database }>({ configPath: CONFIG_PATH, persist: false });
  return { d1: proxy.env.DB, migrated: false, release: () => proxy.dispose() };
}

/** `statements`: the migrations to apply (all by default); a migration's test applies them in two steps. */
export async function createTestD1({ statements }: { statements?: string[] } = {}) {
  const everyMigration = statements === undefined;
  const { d1, migrated, release } = await lend(everyMigration);
  if (!migrated) {
    await d1.batch((statements ?? migrationStatements()).map((statement) => d1.prepare(statement)));
    if (everyMigration) migratedSchema ??= (await d1.prepare(SCHEMA).first<{ schema: string }>())!.schema;
  }
  return { d1, db: createDb(d1), dispose: release };
}
