/**
 * One value per isolate for a module that exists twice in the Worker: server.ts and
 * load-context.ts import app modules directly, and the Remix build (build/server) bundles
 * its own copy of the same modules. A per-request memo kept at module scope would then be
 * two memos, and a request would do the same work twice (docs/speed.md, 'One copy').
 */
export function isolateShared<T>(name: string, create: () => T): T {
  const registry = globalThis as unknown as Record<symbol, T | undefined>;
  const key = Symbol.for(`jetmalin.${name}`);
  return (registry[key] ??= create());
}
