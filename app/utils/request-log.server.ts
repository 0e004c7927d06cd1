// The Worker's structured logs: docs/decisions/017-observability.md. Never what a visitor typed; the one server module
// allowed `console`.
import type { ServerBuild } from "@remix-run/cloudflare";
import { matchRoutes } from "@remix-run/react";
import { DrizzleQueryError } from "drizzle-orm";

import { InvalidEnvError } from "./env.server";

export type RequestLogNotes = {
  routeId: string | null;
  /** "page": the page cache of decision 040, without Remix; "hit" or "miss": the render cache of decision 013. */
  cache: "page" | "hit" | "miss" | null;
  isDataRequest: boolean;
  degraded: boolean;
};

export type RequestLogLine = {
  type: "request";
  requestId: string;
  method: string;
  path: string;
  routeId: string | null;
  status: number;
  durationMs: number;
  language: string | null;
  cache: RequestLogNotes["cache"];
};

export type CronLogLine = {
  type: "cron";
  runId: string | undefined;
  cron: string;
  task: string;
  ok: boolean;
  durationMs: number;
  result?: unknown;
} & Partial<ErrorFields>;

export type QueueLogLine = {
  type: "queue";
  runId: string | undefined;
  queue: string;
  messages: number;
  acked: number;
  retried: number;
  durationMs: number;
  outcomes: Record<string, number>;
  ok: boolean;
};

export type ErrorLogLine = { type: "error"; requestId: string | undefined } & ErrorFields;

export type EventField = string | number | boolean | null | undefined;

export type EventLevel = "info" | "warn" | "error";

export type EventFields = Record<string, EventField> & { type?: never; level?: never; event?: never };

export type EventLogLine = {
  type: "event";
  level: EventLevel;
  event: string;
  [field: string]: EventField;
};

const CF_RAY = /^[0-9a-f]{16}(-[A-Z]{3,4})?$/i;

export function requestIdFor(request: Request): string {
  const ray = request.headers.get("cf-ray");
  return ray && CF_RAY.test(ray) ? ray : crypto.randomUUID();
}

export function isDataRequest(request: Request): boolean {
  const url = new URL(request.url);
  return url.pathname.endsWith(".data") || url.searchParams.has("_data");
}

export function newRequestLogNotes(request: Request): RequestLogNotes {
  return { routeId: null, cache: null, isDataRequest: isDataRequest(request), degraded: false };
}

const MAX_PATH = 200;

export function loggablePath(url: string): string {
  const { pathname } = new URL(url);
  const path = pathname
    .split("/")
    .map((segment) => (/@|%40/i.test(segment) ? "[redacted]" : segment))
    .join("/");
  return path.length > MAX_PATH ? `${path.slice(0, MAX_PATH)}…` : path;
}

export function requestLogLine({
  requestId,
  request,
  status,
  durationMs,
  language,
  notes,
  routeId,
}: {
  requestId: string;
  request: Request;
  status: number;
  durationMs: number;
  language: string | null;
  notes: Pick<RequestLogNotes, "cache"> | null;
  routeId: string | null;
}): RequestLogLine {
  return {
    type: "request",
    requestId,
    method: request.method,
    path: loggablePath(request.url),
    routeId,
    status,
    durationMs: Math.max(0, Math.round(durationMs)),
    language,
    cache: notes?.cache ?? null,
  };
}

export function writeLogLine(line: RequestLogLine | CronLogLine | QueueLogLine | ErrorLogLine | EventLogLine) {
  const level =
    line.type === "event"
      ? line.level
      : line.type === "error" || ((line.type === "cron" || line.type === "queue") && !line.ok)
        ? "error"
        : "info";
  if (level === "error") console.error(JSON.stringify(line));
  else if (level === "warn") console.warn(JSON.stringify(line));
  else console.log(JSON.stringify(line));
}

export function logEvent(level: EventLevel, event: string, fields: EventFields = {}) {
  writeLogLine({ type: "event", level, event, ...fields });
}

export function logError(event: string, error: unknown, fields: EventFields = {}) {
  logEvent("error", event, { ...fields, ...describeError(error) });
}

export function createRouteIdFinder(routes: ServerBuild["routes"]) {
  type Tree = Parameters<typeof matchRoutes>[0];
  let tree: Tree | null = null;
  const childrenOf = (parentId: string | undefined): Tree =>
    Object.values(routes)
      .filter((route) => route?.parentId === parentId)
      .map((route) =>
        route!.index
          ? { id: route!.id, index: true, path: route!.path, caseSensitive: route!.caseSensitive }
          : { id: route!.id, path: route!.path, caseSensitive: route!.caseSensitive, children: childrenOf(route!.id) },
      );
  return (url: string): string | null => {
    const { pathname, searchParams } = new URL(url);
    const asked = searchParams.get("_data");
    if (asked !== null) return asked in routes ? asked : null;
    const path = pathname.endsWith(".data") ? pathname.slice(0, -".data".length).replace(/^\/_root$/, "/") : pathname;
    tree ??= childrenOf(undefined);
    return matchRoutes(tree, path)?.at(-1)?.route.id ?? null;
  };
}

/** Names a minified build would lose (`keep_names = false`, decision 017). */
const NAMED_ERRORS: ReadonlyArray<readonly [abstract new (...args: never[]) => Error, string]> = [
  [DrizzleQueryError, "DrizzleQueryError"],
  [InvalidEnvError, "InvalidEnvError"],
];

const MAX_MESSAGE = 500;

const SQLITE_CODE = /\bSQLITE_[A-Z_]+\b/;
const D1_CODE = /^D1_[A-Z_]+\b/;

/** Drizzle appends a failed query's bound values ("params: ..."), which are a user's fields. */
export function redactText(text: string): string {
  const redacted = text
    .replace(/^params: .*$/gm, "params: [redacted]")
    .replace(/(https?:\/\/[^\s?#"'<>]*)\?[^\s"'<>#]*/gi, "$1?[query]")
    .replace(/\b(key|token|password|secret|code)=[^\s&"'<>]+/gi, "$1=[redacted]")
    .replace(/[\w.%+-]+@[\w-]+(\.[\w-]+)*\.[a-z]{2,}/gi, "[email]");
  return redacted.length > MAX_MESSAGE ? `${redacted.slice(0, MAX_MESSAGE)}…` : redacted;
}

export type ErrorFields = { error: string; code?: string; message?: string };

function queryErrorCode(error: Error): string | null {
  if (error instanceof DrizzleQueryError) {
    const cause = error.cause;
    if (!(cause instanceof Error)) return "unknown";
    return queryErrorCode(cause) ?? cause.message.match(/^\w+/)?.[0] ?? cause.name;
  }
  return error.message.match(SQLITE_CODE)?.[0] ?? error.message.match(D1_CODE)?.[0] ?? null;
}

/** A query's error gives its code, never its message: drizzle's lists the bound values, and some of D1's quote them. */
export function describeError(error: unknown): ErrorFields {
  if (error instanceof Error) {
    const named = NAMED_ERRORS.find(([type]) => error instanceof type);
    const name = named ? named[1] : error.name;
    const code = queryErrorCode(error);
    return code === null ? { error: name, message: redactText(error.message) } : { error: name, code };
  }
  return { error: typeof error, message: redactText(String(error)) };
}

export function errorLogLine(requestId: string | undefined, error: unknown): ErrorLogLine {
  return { type: "error", requestId, ...describeError(error) };
}

export function cronLogLine({
  runId,
  cron,
  task,
  durationMs,
  outcome,
}: {
  runId: string | undefined;
  cron: string;
  task: string;
  durationMs: number;
  outcome: PromiseSettledResult<unknown>;
}): CronLogLine {
  const base = { type: "cron" as const, runId, cron, task, durationMs: Math.max(0, Math.round(durationMs)) };
  return outcome.status === "fulfilled"
    ? { ...base, ok: true, result: outcome.value }
    : { ...base, ok: false, ...describeError(outcome.reason) };
}
