/**
 * The single writer's door (docs/testing.md "One writer"): browser tests put the rows no
 * form can make through the running Worker (POST /dev/sql) instead of writing the local
 * SQLite file beside it, where the Worker's own writes met theirs (SQLITE_BUSY). Local
 * development and tests only: a 404 anywhere else, like /dev/mail.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { getErrorMessage } from "#app/utils/error-message";
import { requireLocalDoor } from "#app/utils/local-door.server";
import { withCatalogueVersion } from "./catalogue-version.server";

/** /dev/sql exists only in local development (APP_ENV=local): a 404 anywhere else. */
export function requireLocalDatabase(context: AppLoadContext, request: Request) {
  requireLocalDoor(context, request);
}

export type DevSqlOutcome = { ok: true; changes: number[] } | { ok: false; reason: "failed"; message: string };

/** Runs the statements in one D1 batch: all of them, or none when one fails. */
export async function runDevStatements(binding: D1Database, statements: string[]): Promise<DevSqlOutcome> {
  // As the app's own writes: one to the catalogue's tables moves its version.
  const d1 = withCatalogueVersion(binding);
  try {
    const results = await d1.batch(statements.map((statement) => d1.prepare(statement)));
    return { ok: true, changes: results.map((result) => result.meta.changes) };
  } catch (error) {
    return { ok: false, reason: "failed", message: getErrorMessage(error) };
  }
}
