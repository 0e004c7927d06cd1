/**
 * Errors reported to Sentry (`@sentry/cloudflare`), on only in production with a
 * SENTRY_DSN secret (docs/decisions/017-observability.md). What leaves is the error, its
 * stack and the request id, never the visitor's data: no body, cookie, header, query
 * string or user, and messages pass through the same redaction as the logs.
 */
import { captureException, type Breadcrumb, type CloudflareOptions, type ErrorEvent } from "@sentry/cloudflare";
import { isRouteErrorResponse } from "@remix-run/react";
import type { Env } from "#app/utils/env.server";
import { loggablePath, redactText } from "#app/utils/request-log.server";

/** On only in production, with a DSN. */
export function isErrorReportingOn(env: Env): boolean {
  return env.APP_ENV === "production" && Boolean(env.SENTRY_DSN?.trim());
}

/**
 * Sentry's options for this env, or null when reporting is off: locally always, and in
 * production without a DSN. Read from the raw env: the Worker decides before the
 * request's context exists whether to go through `withSentry` at all.
 */
export function errorReportingOptions(env: Env): CloudflareOptions | null {
  if (!isErrorReportingOn(env)) return null;
  return {
    dsn: env.SENTRY_DSN!.trim(),
    environment: "production",
    // Errors only: no tracing (tracesSampleRate left unset), so no spans of D1 queries.
    // Version 11 replaced `sendDefaultPii` with these switches, each on by default.
    dataCollection: {
      userInfo: false,
      cookies: false,
      httpHeaders: false,
      httpBodies: [],
      urlQueryParams: false,
      databaseQueryData: false,
      queues: false,
      stackFrameVariables: false,
      genAI: { inputs: false, outputs: false },
      graphQL: { document: false, variables: false },
    },
    beforeSend: scrubEvent,
    beforeBreadcrumb: scrubBreadcrumb,
  };
}

/**
 * What of an error Remix passes to `handleError` is worth a log line and a report, or
 * null: not a visitor who left mid-request, not the 4xx answers Remix gives itself (no
 * such route, no action: the request's line has the status), not its warning about the
 * legacy `?_data=` path. Of an internal error response, the error inside it.
 */
export function errorToReport(error: unknown, request: Request): unknown {
  if (request.signal.aborted) return null;
  if (isRouteErrorResponse(error)) {
    if (error.status < 500) return null;
    const inner = (error as { error?: unknown }).error;
    return inner ?? error;
  }
  if (
    error instanceof Error &&
    error.message.startsWith("Warning: Single fetch-enabled apps should not be making ?_data requests")
  ) {
    return null;
  }
  return error;
}

/** Reports an error with the request's id as a tag; does nothing when reporting is off (no client). */
export function reportError(error: unknown, { requestId }: { requestId: string | undefined }) {
  captureException(error, requestId ? { tags: { requestId } } : undefined);
}

const pathOf = (url: string) => {
  try {
    return new URL(url).origin + loggablePath(url);
  } catch {
    return undefined;
  }
};

/** A breadcrumb keeps its kind, level and redacted message; of its data only method, status and path. */
export function scrubBreadcrumb(breadcrumb: Breadcrumb): Breadcrumb {
  const data = breadcrumb.data ?? {};
  const kept: Record<string, unknown> = {};
  if (typeof data.method === "string") kept.method = data.method;
  if (typeof data.status_code === "number") kept.status_code = data.status_code;
  if (typeof data.url === "string") kept.url = pathOf(data.url);
  return {
    type: breadcrumb.type,
    category: breadcrumb.category,
    level: breadcrumb.level,
    timestamp: breadcrumb.timestamp,
    ...(breadcrumb.message === undefined ? {} : { message: redactText(breadcrumb.message) }),
    ...(Object.keys(kept).length > 0 ? { data: kept } : {}),
  };
}

/**
 * The last word before an event leaves: the request shrinks to its method and path,
 * the user, extras and stack-frame variables go, and every message is redacted.
 */
export function scrubEvent(event: ErrorEvent): ErrorEvent {
  const scrubbed: ErrorEvent = { ...event };
  if (event.request) {
    scrubbed.request = {
      method: event.request.method,
      ...(event.request.url ? { url: pathOf(event.request.url) } : {}),
    };
  }
  delete scrubbed.user;
  delete scrubbed.extra;
  if (event.transaction) scrubbed.transaction = redactText(event.transaction.replace(/\?.*$/, ""));
  if (event.message) scrubbed.message = redactText(event.message);
  if (event.logentry) scrubbed.logentry = { message: event.logentry.message && redactText(event.logentry.message) };
  if (event.exception?.values) {
    scrubbed.exception = {
      values: event.exception.values.map((exception) => ({
        ...exception,
        ...(exception.value === undefined ? {} : { value: redactText(exception.value) }),
        ...(exception.stacktrace?.frames
          ? {
              stacktrace: {
                ...exception.stacktrace,
                frames: exception.stacktrace.frames.map(({ vars: _vars, ...frame }) => frame),
              },
            }
          : {}),
      })),
    };
  }
  if (event.breadcrumbs) scrubbed.breadcrumbs = event.breadcrumbs.map(scrubBreadcrumb);
  return scrubbed;
}
