// Measured only when the bench asks (docs/speed.md 'Phases'). AsyncLocalStorage, not the load context: D1's binding,
// wrapped once per isolate, counts this request's round trips.
import { AsyncLocalStorage } from "node:async_hooks";

import type { Env } from "./env.server";
import { isolateShared } from "./isolate-shared";
import { createPhaseTimer, type PhaseTimer, serializeServerTiming } from "./phase-timing";

const requestTimer = isolateShared("phase-timer", () => new AsyncLocalStorage<PhaseTimer>());

export function isPhaseTimingOn(env: Pick<Env, "APP_ENV" | "PHASE_TIMING">): boolean {
  return env.PHASE_TIMING === "1" && env.APP_ENV === "local";
}

export function withPhaseTimer<T>(work: (timer: PhaseTimer) => Promise<T>): Promise<T> {
  const timer = createPhaseTimer();
  return requestTimer.run(timer, () => work(timer));
}

export function currentPhaseTimer(): PhaseTimer | undefined {
  return requestTimer.getStore();
}

export function timePhase<T>(name: string, work: () => Promise<T>): Promise<T> {
  const timer = requestTimer.getStore();
  return timer ? timer.time(name, work) : work();
}

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

/** A kept page goes out gzipped (decision 044): its size is its gzip trailer's (RFC 1952 ISIZE). */
function pageBytes(body: ArrayBuffer, headers: Headers) {
  if (headers.get("Content-Encoding") !== "gzip" || body.byteLength < 18) return body.byteLength;
  return new DataView(body).getUint32(body.byteLength - 4, true);
}

const renderTime = (timer: PhaseTimer) => timer.entries().find((phase) => phase.name === "render")?.durationMs ?? 0;

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

/** The same object for the same env: load-context.ts builds a drizzle client once per env object. */
export function timedEnv(env: Env): Env {
  let timed = timedEnvs.get(env);
  if (!timed) timedEnvs.set(env, (timed = { ...env, DB: timedD1(env.DB) }));
  return timed;
}
