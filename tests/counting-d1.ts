/** A D1 binding with every round trip counted: a batch, or one statement's run/all/first/raw (the benches' measure). */
export function countingD1(d1: D1Database) {
  const counter = { roundTrips: 0 };
  const call = (value: unknown, target: object, args: unknown[]) =>
    (value as (...a: unknown[]) => unknown).apply(target, args);
  const wrapStatement = (statement: D1PreparedStatement): D1PreparedStatement =>
    new Proxy(statement, {
      get(target, name) {
        const value = Reflect.get(target, name, target) as unknown;
        if (name === "bind") return (...values: unknown[]) => wrapStatement(target.bind(...values));
        if (typeof value !== "function") return value;
        if (["all", "run", "first", "raw"].includes(String(name)))
          return (...args: unknown[]) => (counter.roundTrips++, call(value, target, args));
        return (value as (...a: unknown[]) => unknown).bind(target);
      },
    });
  const binding = new Proxy(d1, {
    get(target, name) {
      if (name === "batch")
        return (statements: D1PreparedStatement[]) => (counter.roundTrips++, target.batch(statements));
      if (name === "prepare") return (query: string) => wrapStatement(target.prepare(query));
      const value = Reflect.get(target, name, target) as unknown;
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { binding, counter };
}
