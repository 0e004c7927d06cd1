// drizzle 0.45's `db.batch` cannot take raw SQL with parameters, and the bulk statements of the sync and the alerts
// are raw (json_each): they go through the binding here.
import type { SQL } from "drizzle-orm";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";

import type { Db } from "./client.server";

const dialect = new SQLiteAsyncDialect();

export type BatchResult<Row = Record<string, unknown>> = D1Result<Row>;

export async function runBatch(db: Db, statements: SQL[]): Promise<BatchResult[]> {
  if (statements.length === 0) return [];
  const d1 = db.$client;
  return d1.batch(
    statements.map((statement) => {
      const { sql, params } = dialect.sqlToQuery(statement);
      return d1.prepare(sql).bind(...params);
    }),
  );
}
