/** One value per isolate for a module that exists twice (under `vite dev`): docs/speed.md 'One copy'. */
export function isolateShared<T>(name: string, create: () => T): T {
  const registry = globalThis as unknown as Record<symbol, T | undefined>;
  const key = Symbol.for(`jetmalin.${name}`);
  return (registry[key] ??= create());
}
