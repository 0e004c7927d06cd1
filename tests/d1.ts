/**
 * A real, empty D1 for a test file: workerd's SQLite through wrangler's platform
 * proxy (in memory), with every migration of migrations/ applied, as in production.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { getPlatformProxy } from "wrangler";
import { createDb } from "#app/db/client.server";

const MIGRATIONS_DIR = join(import.meta.dirname, "..", "migrations");

/** The statements of every migration, or of those whose file name sorts in [from, until) (e.g. "0007"). */
export function migrationStatements({ from = "", until }: { from?: string; until?: string } = {}): string[] {
  return readdirSync(MIGRATIONS_DIR)
    .filter((name) => name.endsWith(".sql") && name >= from && (until === undefined || name < until))
    .sort()
    .flatMap((name) => readFileSync(join(MIGRATIONS_DIR, name), "utf8").split("--> statement-breakpoint"))
    .map((statement) => statement.trim())
    .filter(Boolean);
}

/** `statements`: the migrations to apply (all by default); a migration's test applies them in two steps. */
export async function createTestD1({ statements = migrationStatements() }: { statements?: string[] } = {}) {
  const proxy = await getPlatformProxy<{ DB: D1Database }>({
    configPath: join(import.meta.dirname, "wrangler.test.toml"),
    persist: false,
  });
  const d1 = proxy.env.DB;
  await d1.batch(statements.map((statement) => d1.prepare(statement)));
  return { d1, db: createDb(d1), dispose: () => proxy.dispose() };
}
