/**
 * The Worker's structured logs (docs/decisions/017-observability.md): one JSON line per
 * request, per cron task, per error and per event of a service, read in Cloudflare's
 * Workers Logs. A line holds ids, names, codes and numbers, never what a visitor typed:
 * no query string (it carries keys and tokens), no cookie, no body, no name or email, no
 * value bound to a query. This module is the only place on the server that writes to
 * the console (eslint's `no-console`).
 */
import { matchRoutes } from "@remix-run/react";
import type { ServerBuild } from "@remix-run/cloudflare";
import { DrizzleQueryError } from "drizzle-orm";
import { InvalidEnvError } from "./env.server";

/** What the request's line needs from deeper down; entry.server fills it in for pages. */
export type RequestLogNotes = {
  /** The deepest matched route of a rendered page. */
  routeId: string | null;
  /**
   * The render cache of decision 013: a page served from it, or rendered and kept; "page":
   * the whole page from the page cache of decision 040, without Remix.
   */
  cache: "page" | "hit" | "miss" | null;
  /** A client-side navigation or form (`.data`, `?_data=`): its error page cannot get the id from the document. */
  isDataRequest: boolean;
  /** A page that still answered after a read failed (an error panel in place of the list): never kept. */
  degraded: boolean;
};

export type RequestLogLine = {
  type: "request";
  requestId: string;
  method: string;
  path: string;
  routeId: string | null;
  status: number;
  /** Until the response's headers were ready; a Worker's clock moves only on I/O. */
  durationMs: number;
  language: string | null;
  cache: RequestLogNotes["cache"];
};

export type CronLogLine = {
  type: "cron";
  /** Shared by the lines of one run of one cron. */
  runId: string | undefined;
  cron: string;
  task: string;
  ok: boolean;
  durationMs: number;
  result?: unknown;
} & Partial<ErrorFields>;

/** One line per queue batch (app/operations/queue.server.ts): what was done, never a message's body. */
export type QueueLogLine = {
  type: "queue";
  runId: string | undefined;
  queue: string;
  messages: number;
  acked: number;
  retried: number;
  durationMs: number;
  /** What the jobs did, counted by outcome (e.g. `{"mail:sent": 9, "alerts:notified": 1}`). */
  outcomes: Record<string, number>;
  ok: boolean;
};

export type ErrorLogLine = { type: "error"; requestId: string | undefined } & ErrorFields;

/** A field of an event line: an id, a name, a code, a count. Never a customer's field or free text. */
export type EventField = string | number | boolean | null | undefined;

export type EventLevel = "info" | "warn" | "error";

/** The fields an event adds to its line; `type`, `level` and `event` are the line's own. */
export type EventFields = Record<string, EventField> & { type?: never; level?: never; event?: never };

/** One thing a service did or failed to do, named by a stable `event` (`domain.what-happened`). */
export type EventLogLine = {
  type: "event";
  level: EventLevel;
  event: string;
  [field: string]: EventField;
};

/** Cloudflare's ray id (16 hex digits, then the data centre): one per request, also in Cloudflare's own logs. */
const CF_RAY = /^[0-9a-f]{16}(-[A-Z]{3,4})?$/i;

/** The id of a request: Cloudflare's `cf-ray` when it is there, else a random UUID. */
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

/**
 * The path of a URL without its query and fragment. A path segment holding an `@` (a
 * visitor may type an address into the bar) is replaced, and a long path is cut.
 */
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

/** Writes one line, at error level for an error or a failed task; Workers Logs indexes the JSON fields. */
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

/**
 * Logs an event of a service: `logEvent("info", "mail.sent", { outboxId, attempts })`.
 * Pass the request's id (`context.requestId`) where there is one.
 */
export function logEvent(level: EventLevel, event: string, fields: EventFields = {}) {
  writeLogLine({ type: "event", level, event, ...fields });
}

/** Logs a failure at error level: the event, the error as safe fields (`describeError`), and ids. */
export function logError(event: string, error: unknown, fields: EventFields = {}) {
  logEvent("error", event, { ...fields, ...describeError(error) });
}

/**
 * Finds the route a URL goes to with the build's own routes, for what entry.server does
 * not see (client-side loads `.data`, resource routes, redirects, refused requests).
 * Pages give theirs for free: matching costs a fraction of a millisecond.
 */
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
    // `/home.data` loads /home; `/_root.data` loads /.
    const path = pathname.endsWith(".data") ? pathname.slice(0, -".data".length).replace(/^\/_root$/, "/") : pathname;
    tree ??= childrenOf(undefined);
    return matchRoutes(tree, path)?.at(-1)?.route.id ?? null;
  };
}

/**
 * Error names that a minified build would lose (decision 017: `keep_names = false`): a
 * class of ours or of a library that does not set `name` itself. Built-in errors
 * (TypeError, RangeError...) and classes that set `name` keep theirs.
 */
const NAMED_ERRORS: ReadonlyArray<readonly [abstract new (...args: never[]) => Error, string]> = [
  [DrizzleQueryError, "DrizzleQueryError"],
  [InvalidEnvError, "InvalidEnvError"],
];

const MAX_MESSAGE = 500;

/** SQLite's result code, which D1 appends to its messages ("...: SQLITE_CONSTRAINT"). */
const SQLITE_CODE = /\bSQLITE_[A-Z_]+\b/;
/** A D1 error's own prefix: "D1_ERROR: ...", "D1_TYPE_ERROR: ..." (which quotes the bound value). */
const D1_CODE = /^D1_[A-Z_]+\b/;

/**
 * A message with what could name a person taken out: email addresses, query strings,
 * `key=`/`token=`/`password=` values, and the bound values drizzle appends to a failed
 * query ("params: ..."), which are a user's fields.
 */
export function redactText(text: string): string {
  const redacted = text
    .replace(/^params: .*$/gm, "params: [redacted]")
    .replace(/(https?:\/\/[^\s?#"'<>]*)\?[^\s"'<>#]*/gi, "$1?[query]")
    .replace(/\b(key|token|password|secret|code)=[^\s&"'<>]+/gi, "$1=[redacted]")
    .replace(/[\w.%+-]+@[\w-]+(\.[\w-]+)*\.[a-z]{2,}/gi, "[email]");
  return redacted.length > MAX_MESSAGE ? `${redacted.slice(0, MAX_MESSAGE)}…` : redacted;
}

/** What a log line says of an error: its name, a database code, a message only when it is not a query's. */
export type ErrorFields = { error: string; code?: string; message?: string };

/** A D1 or SQLite code for an error of a query, or null when the error is not one. */
function queryErrorCode(error: Error): string | null {
  if (error instanceof DrizzleQueryError) {
    const cause = error.cause;
    if (!(cause instanceof Error)) return "unknown";
    return queryErrorCode(cause) ?? cause.message.match(/^\w+/)?.[0] ?? cause.name;
  }
  return error.message.match(SQLITE_CODE)?.[0] ?? error.message.match(D1_CODE)?.[0] ?? null;
}

/**
 * The one way an error reaches a log line: a readable name and, for an error of a query
 * (drizzle's `DrizzleQueryError`, or D1's own `D1_...` errors from a batch), its D1 or
 * SQLite code and no message at all: drizzle's message lists the bound values (a
 * customer's name, email, passengers) and some of D1's quote them. Any other error keeps
 * its message, redacted.
 */
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
