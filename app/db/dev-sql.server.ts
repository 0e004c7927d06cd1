// Browser tests write through the running Worker, not the SQLite file beside it (SQLITE_BUSY): docs/testing.md 'One writer'.
import type { AppLoadContext } from "@remix-run/cloudflare";

import { getErrorMessage } from "#app/utils/error-message";
import { requireLocalDoor } from "#app/utils/local-door.server";

import { withCatalogueVersion } from "./catalogue-version.server";

export function requireLocalDatabase(context: AppLoadContext, request: Request) {
  requireLocalDoor(context, request);
}

export type DevSqlOutcome = { ok: true; changes: number[] } | { ok: false; reason: "failed"; message: string };

export async function runDevStatements(binding: D1Database, statements: string[]): Promise<DevSqlOutcome> {
  const d1 = withCatalogueVersion(binding);
  try {
    const results = await d1.batch(statements.map((statement) => d1.prepare(statement)));
    return { ok: true, changes: results.map((result) => result.meta.changes) };
  } catch (error) {
    return { ok: false, reason: "failed", message: getErrorMessage(error) };
  }
}
