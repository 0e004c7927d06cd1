/**
 * The Worker's structured logs (docs/decisions/017-observability.md): one JSON line per
 * request, per cron task and per error, read in Cloudflare's Workers Logs. A line holds
 * ids, names and numbers, never what a visitor typed: no query string (it carries keys
 * and tokens), no cookie, no body, no name or email.
 */
import { matchRoutes } from "@remix-run/react";
import type { ServerBuild } from "@remix-run/cloudflare";
import { DrizzleQueryError } from "drizzle-orm";
import { InvalidEnvError } from "./env.server";

/** What the request's line needs from deeper down; entry.server fills it in for pages. */
export type RequestLogNotes = {
  /** The deepest matched route of a rendered page. */
  routeId: string | null;
  /** The render cache of decision 013: a page served from it, or rendered and kept. */
  cache: "hit" | "miss" | null;
  /** A client-side navigation or form (`.data`, `?_data=`): its error page cannot get the id from the document. */
  isDataRequest: boolean;
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
  error?: string;
  message?: string;
};

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

export type ErrorLogLine = {
  type: "error";
  requestId: string | undefined;
  error: string;
  message: string;
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
  return { routeId: null, cache: null, isDataRequest: isDataRequest(request) };
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
export function writeLogLine(line: RequestLogLine | CronLogLine | QueueLogLine | ErrorLogLine) {
  const failed = line.type === "error" || ((line.type === "cron" || line.type === "queue") && !line.ok);
  if (failed) console.error(JSON.stringify(line));
  else console.log(JSON.stringify(line));
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

/** A readable name and a message safe to log, for anything thrown. */
export function describeError(error: unknown): { error: string; message: string } {
  if (error instanceof Error) {
    const named = NAMED_ERRORS.find(([type]) => error instanceof type);
    // A failed query's own message lists the bound values; SQLite's reason is on `cause` (STACK.md trap 6).
    const message =
      error instanceof DrizzleQueryError && error.cause instanceof Error ? error.cause.message : error.message;
    return { error: named ? named[1] : error.name, message: redactText(message) };
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
