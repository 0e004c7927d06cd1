/**
 * The shared set-up of the retention tests (retention-*.server.test.ts): the fixed clock,
 * each limit worked out by hand, and helpers that empty the database and compare a
 * snapshot of every table before and after a run. The rows are seeded by
 * retention-seed.fixtures.ts.
 */

/** The fixed clock: 13:00 in Zurich (CET), a month after the end of summer time. */
export const NOW = new Date("2026-11-22T12:00:00Z");
// Each limit worked out by hand, in Zurich calendar time:
/** 30 days before: 23 October 2026, 13:00 in Zurich, still summer time (UTC+2). */
export const THIRTY_DAYS_AGO = "2026-10-23T11:00:00.000Z";
/** 90 days before: 24 August 2026, 13:00 summer time. */
export const NINETY_DAYS_AGO = "2026-08-24T11:00:00.000Z";
/** 7 days before: 15 November 2026, 13:00 winter time. */
export const SEVEN_DAYS_AGO = "2026-11-15T12:00:00.000Z";
/** 12 months, or 1 year, before: 22 November 2025, 13:00 winter time. */
export const A_YEAR_AGO = "2025-11-22T12:00:00.000Z";
/** 2 years before. */
export const TWO_YEARS_AGO = "2024-11-22T12:00:00.000Z";
/** It is 2026: flights of 2015 are past the 10 years after their year's end; 2016 is not. New Year 2016 in Zurich (UTC+1). */
export const START_OF_2016_IN_ZURICH = "2015-12-31T23:00:00.000Z";

/** At the limit: kept (a rule removes what is older). */
export const at = (iso: string) => new Date(iso);
/** One millisecond older than the limit: removed. */
export const justBefore = (iso: string) => new Date(Date.parse(iso) - 1);
export const LONG_AGO = new Date("2020-01-01T12:00:00Z");

export const customer = (firstName: string, country = "CH") => ({
  firstName,
  lastName: "Muller",
  email: `${firstName.toLowerCase()}@example.ch`,
  phone: "+41 79 123 45 67",
  address: "Rue du Rhône 1",
  zipCode: "1204",
  city: "Genève",
  country,
});

/** Every table's rows, by primary key, as SQLite stores them. */
export type Snapshot = Record<string, Map<string, Record<string, unknown>>>;

async function tableNames(d1: D1Database) {
  const { results } = await d1
    .prepare(
      // Not the catalogue's version: a write to the catalogue moves it (db/catalogue-version.server.ts).
      "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '\\_cf\\_%' escape '\\' and name <> 'catalogue_version' order by name",
    )
    .all<{ name: string }>();
  return results.map((row) => row.name);
}

async function snapshot(d1: D1Database): Promise<Snapshot> {
  // Two batches, not two round trips a table: the keys of every table, then every row.
  const names = await tableNames(d1);
  const columns = await d1.batch<{ name: string; pk: number }>(
    names.map((table) => d1.prepare(`select name, pk from pragma_table_info('${table}')`)),
  );
  const rows = await d1.batch<Record<string, unknown>>(names.map((table) => d1.prepare(`select * from "${table}"`)));
  const tables: Snapshot = {};
  names.forEach((table, index) => {
    const keys = columns[index]!.results.filter((column) => column.pk > 0)
      .sort((a, b) => a.pk - b.pk)
      .map((column) => column.name);
    tables[table] = new Map(rows[index]!.results.map((row) => [keys.map((key) => String(row[key])).join("|"), row]));
  });
  return tables;
}

type TableChanges = { deleted?: string[]; inserted?: string[]; updated?: Record<string, Record<string, unknown>> };

/** Empties every table: each test starts from the seed alone. */
export async function wipe(d1: D1Database) {
  // Children first: orders take their events and links, users and flights the rest of theirs.
  const tables = (await tableNames(d1)).filter((name) => name !== "orders" && name !== "airports");
  await d1.batch(["orders", ...tables, "airports"].map((table) => d1.prepare(`delete from "${table}"`)));
}

/**
 * The helpers that read the test file's database, taken when called (created by the
 * file's hooks).
 */
export function retentionHelpers(current: () => { d1: D1Database }) {
  /** What `run` changed in the whole database: rows deleted, inserted, and the new values of updated columns. */
  async function changesMadeBy(run: () => Promise<unknown>): Promise<Record<string, TableChanges>> {
    const before = await snapshot(current().d1);
    await run();
    const after = await snapshot(current().d1);
    const changes: Record<string, TableChanges> = {};
    for (const [table, rows] of Object.entries(after)) {
      const old = before[table]!;
      const deleted = [...old.keys()].filter((key) => !rows.has(key));
      const inserted = [...rows.keys()].filter((key) => !old.has(key));
      const updated: Record<string, Record<string, unknown>> = {};
      for (const [key, row] of rows) {
        const previous = old.get(key);
        if (!previous) continue;
        const moved = Object.entries(row).filter(([column, value]) => previous[column] !== value);
        if (moved.length > 0) updated[key] = Object.fromEntries(moved);
      }
      const tableChanges: TableChanges = {
        ...(deleted.length > 0 && { deleted }),
        ...(inserted.length > 0 && { inserted }),
        ...(Object.keys(updated).length > 0 && { updated }),
      };
      if (Object.keys(tableChanges).length > 0) changes[table] = tableChanges;
    }
    return changes;
  }

  return { changesMadeBy };
}
