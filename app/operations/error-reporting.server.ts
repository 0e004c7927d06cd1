// Errors to Sentry, on only in production with a DSN: docs/decisions/017-observability.md. Never the visitor's
// data: no body, cookie, header, query string or user, and messages redacted like the logs.
import { isRouteErrorResponse } from "@remix-run/react";
import { type Breadcrumb, captureException, type CloudflareOptions, type ErrorEvent } from "@sentry/cloudflare";

import type { Env } from "#app/utils/env.server";
import { loggablePath, redactText } from "#app/utils/request-log.server";

export function isErrorReportingOn(env: Env): boolean {
  return env.APP_ENV === "production" && Boolean(env.SENTRY_DSN?.trim());
}

/** Read from the raw env: the Worker decides whether to go through `withSentry` before the context exists. */
export function errorReportingOptions(env: Env): CloudflareOptions | null {
  if (!isErrorReportingOn(env)) return null;
  return {
    dsn: env.SENTRY_DSN!.trim(),
    environment: "production",
    // Errors only (no tracing, so no spans of D1 queries); Sentry 11 turns each switch below on by default.
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
 * Null for a visitor who left, the 4xx Remix answers itself (the request's line has the status) and its `?_data=`
 * warning; an internal error response gives the error inside it.
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
