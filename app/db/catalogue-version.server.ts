/**
 * The catalogue's version (docs/decisions/040-page-cache.md): one row that moves with every
 * write to `flights`, `airports` or `orders` made through the app's D1 clients (drizzle's,
 * client.server.ts, and /dev/sql's). The write's statement is sent with one more that moves
 * the row, in the same batch: one transaction, one round trip, and the caller gets its own
 * results only, so `meta.changes` and `changes()` read as before (a trigger's writes would
 * count in both). A write on its own moves it only when it changed a row; a batch moves it
 * once, after its last statement, changed or not. A write made around these clients
 * (wrangler's console) does not move it: a kept page then lasts until its minute ends.
 */
const CATALOGUE_WRITE =
  /\b(?:insert(?:\s+or\s+\w+)?\s+into|replace\s+into|update(?:\s+or\s+\w+)?|delete\s+from)\s+["`]?(?:flights|airports|orders)["`]?(?=[\s(;]|$)/i;
// An upsert, so that emptied tables (the tests' databases between files) get the row back.
const MOVE_VERSION =
  "INSERT INTO catalogue_version (id, version) VALUES (1, 1) ON CONFLICT (id) DO UPDATE SET version = version + 1";
// Right after a write on its own: only when it changed a row (`changes()` reads the
// statement before, in the same batch), so a task that finds nothing to do writes nothing.
const MOVE_VERSION_IF_CHANGED =
  "INSERT INTO catalogue_version (id, version) SELECT 1, 1 WHERE changes() > 0 ON CONFLICT (id) DO UPDATE SET version = version + 1";

/** Whether `sql` writes a table the catalogue lists show. */
export function writesCatalogue(sql: string): boolean {
  return CATALOGUE_WRITE.test(sql);
}

const writes = new WeakSet<D1PreparedStatement>();
/** The real statement behind a marked one (the proxy's target), for D1's own batch. */
const targets = new WeakMap<object, D1PreparedStatement>();
const instances = new WeakMap<D1Database, D1Database>();

/** `d1` whose writes to the catalogue's tables also move its version (one wrapper per binding). */
export function withCatalogueVersion(d1: D1Database): D1Database {
  let wrapped = instances.get(d1);
  if (!wrapped) instances.set(d1, (wrapped = wrap(d1)));
  return wrapped;
}

function wrap(d1: D1Database): D1Database {
  const move = () => d1.prepare(MOVE_VERSION);
  const moveIfChanged = () => d1.prepare(MOVE_VERSION_IF_CHANGED);
  const mark = (statement: D1PreparedStatement): D1PreparedStatement => {
    writes.add(statement);
    const bind = statement.bind.bind(statement);
    const marked = new Proxy(statement, {
      get(target, key) {
        if (key === "bind") return (...values: unknown[]) => mark(bind(...values));
        // A write on its own: sent with the version's move, its own result given back.
        if (key === "run" || key === "all") return async () => (await d1.batch([target, moveIfChanged()]))[0];
        // first() and raw() shape rows that a batch does not give: the move follows.
        if (key === "first" || key === "raw")
          return async (...args: unknown[]) => {
            const result = await (target[key] as (...a: unknown[]) => Promise<unknown>)(...args);
            await move().run();
            return result;
          };
        const value = Reflect.get(target, key, target);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    targets.set(marked, statement);
    return marked;
  };
  return new Proxy(d1, {
    get(target, key) {
      if (key === "prepare")
        return (query: string) => {
          const statement = target.prepare(query);
          return writesCatalogue(query) ? mark(statement) : statement;
        };
      if (key === "batch")
        return async <T>(statements: D1PreparedStatement[]) => {
          const inner = statements.map(unwrapped);
          if (!statements.some((statement) => writes.has(unwrapped(statement)))) return target.batch<T>(inner);
          const results = await target.batch<T>([...inner, move()]);
          return results.slice(0, statements.length);
        };
      const value = Reflect.get(target, key, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

function unwrapped(statement: D1PreparedStatement): D1PreparedStatement {
  return targets.get(statement) ?? statement;
}
