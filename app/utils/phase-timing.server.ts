/**
 * The phases of a request, measured only when the bench asks (docs/speed.md): with
 * `PHASE_TIMING=1` in a local Worker (`wrangler dev --var PHASE_TIMING:1`, never in
 * wrangler.toml), server.ts runs the request inside a timer and answers its phases in a
 * `Server-Timing` header. Without the flag nothing here runs but `currentPhaseTimer`'s
 * lookup, which finds no timer: the production path pays that check and no more.
 *
 * The timer travels with the request through AsyncLocalStorage rather than the load
 * context, so that D1's binding (wrapped once per isolate) can count this request's round
 * trips without a drizzle client made per request.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { Env } from "./env.server";
import { isolateShared } from "./isolate-shared";
import { createPhaseTimer, serializeServerTiming, type PhaseTimer } from "./phase-timing";

// Shared by both copies of this module (utils/isolate-shared.ts): server.ts starts the timer, the build's modules add to it.
const requestTimer = isolateShared("phase-timer", () => new AsyncLocalStorage<PhaseTimer>());

/** On only in a local Worker started with PHASE_TIMING=1: production never sends the header. */
export function isPhaseTimingOn(env: Pick<Env, "APP_ENV" | "PHASE_TIMING">): boolean {
  return env.PHASE_TIMING === "1" && env.APP_ENV === "local";
}

/** Runs `work` with a new timer for its request, given to `work` (its phases go in the header). */
export function withPhaseTimer<T>(work: (timer: PhaseTimer) => Promise<T>): Promise<T> {
  const timer = createPhaseTimer();
  return requestTimer.run(timer, () => work(timer));
}

/** This request's timer, or undefined when phases are not measured. */
export function currentPhaseTimer(): PhaseTimer | undefined {
  return requestTimer.getStore();
}

/** `work`, timed as phase `name` when this request is measured; else `work` as it is. */
export function timePhase<T>(name: string, work: () => Promise<T>): Promise<T> {
  const timer = requestTimer.getStore();
  return timer ? timer.time(name, work) : work();
}

/**
 * Remix's handling of a page, as two phases: `render` (timed by entry.server.tsx) and
 * `loaders`, the rest (matching, loaders and actions, until the document's render starts).
 */
export async function timeRemix<T>(work: () => Promise<T>): Promise<T> {
  const timer = requestTimer.getStore();
  if (!timer) return work();
  const start = timer.now();
  const renderedBefore = renderTime(timer);
  try {
    return await work();
  } finally {
    timer.add("loaders", timer.now() - start - (renderTime(timer) - renderedBefore));
  }
}

/** A kept page goes out gzip-compressed (decision 044): its size is the one its gzip trailer gives (RFC 1952 ISIZE). */
function pageBytes(body: ArrayBuffer, headers: Headers) {
  if (headers.get("Content-Encoding") !== "gzip" || body.byteLength < 18) return body.byteLength;
  return new DataView(body).getUint32(body.byteLength - 4, true);
}

const renderTime = (timer: PhaseTimer) => timer.entries().find((phase) => phase.name === "render")?.durationMs ?? 0;

/**
 * The response with its phases in `Server-Timing`: `body` is the time from the headers to
 * the body's last byte and, as its count, the bytes of the page (the body is read whole
 * here, so a measured page is not streamed); `total` the whole request.
 */
export async function withServerTiming(response: Response, timer: PhaseTimer, startedAt: number): Promise<Response> {
  const headersAt = timer.now();
  const body = response.body ? await response.arrayBuffer() : null;
  timer.add("body", timer.now() - headersAt, body ? pageBytes(body, response.headers) : 0);
  timer.add("total", timer.now() - startedAt);
  const timed = new Response(body, response);
  timed.headers.set("Server-Timing", serializeServerTiming(timer.entries()));
  return timed;
}

const D1_RUNS = new Set(["first", "all", "run", "raw"]);
const statements = new WeakMap<object, D1PreparedStatement>();

/** A prepared statement whose runs are timed as `d1` round trips; `batch` unwraps it. */
function timedStatement(statement: D1PreparedStatement): D1PreparedStatement {
  const timed = new Proxy(statement, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== "function") return value;
      if (property === "bind") return (...values: unknown[]) => timedStatement(target.bind(...values));
      if (typeof property === "string" && D1_RUNS.has(property))
        return (...args: unknown[]) =>
          timePhase("d1", () => (value as (...a: unknown[]) => Promise<unknown>).apply(target, args));
      return (value as (...a: unknown[]) => unknown).bind(target);
    },
  });
  statements.set(timed, statement);
  return timed;
}

type D1Like = Pick<D1Database, "prepare" | "batch">;

/** `prepare` and `batch` of a database or session, timed; each batch is one round trip. */
function timedClient<T extends D1Like>(client: T, extra: Partial<T>): T {
  return new Proxy(client, {
    get(target, property) {
      if (property in extra) return extra[property as keyof T];
      if (property === "prepare") return (query: string) => timedStatement(target.prepare(query));
      if (property === "batch")
        return (list: D1PreparedStatement[]) =>
          timePhase("d1", () => target.batch(list.map((statement) => statements.get(statement) ?? statement)));
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

function timedD1(d1: D1Database): D1Database {
  return timedClient(d1, {
    withSession: (constraint?: string) => timedClient(d1.withSession(constraint), {}),
  } as Partial<D1Database>);
}

const timedEnvs = new WeakMap<Env, Env>();

/**
 * The env with its D1 binding timed, the same object for the same env (load-context.ts
 * validates an env and builds its drizzle client once per object, not per request).
 */
export function timedEnv(env: Env): Env {
  let timed = timedEnvs.get(env);
  if (!timed) timedEnvs.set(env, (timed = { ...env, DB: timedD1(env.DB) }));
  return timed;
}
