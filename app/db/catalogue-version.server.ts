// The catalogue's version (docs/decisions/040-page-cache.md), moved in the same batch as each write: the caller gets its
// own results only, so `meta.changes` and `changes()` read as before (a trigger's writes would count in both).
const CATALOGUE_WRITE =
  /\b(?:insert(?:\s+or\s+\w+)?\s+into|replace\s+into|update(?:\s+or\s+\w+)?|delete\s+from)\s+["`]?(?:flights|airports|orders)["`]?(?=[\s(;]|$)/i;
const MOVE_VERSION =
  "INSERT INTO catalogue_version (id, version) VALUES (1, 1) ON CONFLICT (id) DO UPDATE SET version = version + 1";
// After a write on its own, only when it changed a row (`changes()` reads the statement before, in the same batch).
const MOVE_VERSION_IF_CHANGED =
  "INSERT INTO catalogue_version (id, version) SELECT 1, 1 WHERE changes() > 0 ON CONFLICT (id) DO UPDATE SET version = version + 1";

export function writesCatalogue(sql: string): boolean {
  return CATALOGUE_WRITE.test(sql);
}

const writes = new WeakSet<D1PreparedStatement>();
const targets = new WeakMap<object, D1PreparedStatement>();
const instances = new WeakMap<D1Database, D1Database>();

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
