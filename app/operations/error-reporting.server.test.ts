import { data } from "@remix-run/cloudflare";
import { createTransport, type ErrorEvent, withSentry } from "@sentry/cloudflare";
import { describe, expect, it, vi } from "vitest";

import type { Env } from "#app/utils/env.server";

import {
  errorReportingOptions,
  errorToReport,
  isErrorReportingOn,
  reportError,
  scrubEvent,
} from "./error-reporting.server";

const DSN = "https://0123456789abcdef0123456789abcdef@o123456.ingest.de.sentry.io/4508000000000000";
const EMAIL = "claire.dubois@example.ch";
const ORDER_KEY = "k3y-0f-th3-0rd3r-7a1b2c";
const SESSION = "s3ss10n-t0k3n-9f8e7d";
const PASSWORD = "Tr0ub4dor&3";
const SECRETS = [EMAIL, encodeURIComponent(EMAIL), ORDER_KEY, SESSION, PASSWORD, "Claire"];

const production = { DB: {} as D1Database, APP_ENV: "production", SENTRY_DSN: DSN } satisfies Env;

describe("errorReportingOptions", () => {
  it("is off locally, even with a DSN, and in production without one", () => {
    expect(errorReportingOptions({ ...production, APP_ENV: "local" })).toBeNull();
    expect(errorReportingOptions({ ...production, SENTRY_DSN: undefined })).toBeNull();
    expect(errorReportingOptions({ ...production, SENTRY_DSN: "  " })).toBeNull();
    expect(isErrorReportingOn({ ...production, APP_ENV: "local" })).toBe(false);
    expect(isErrorReportingOn(production)).toBe(true);
  });

  it("in production with a DSN, collects nothing of the visitor", () => {
    const options = errorReportingOptions(production)!;
    expect(options.dsn).toBe(DSN);
    expect(options.dataCollection).toMatchObject({
      userInfo: false,
      cookies: false,
      httpHeaders: false,
      httpBodies: [],
      urlQueryParams: false,
      databaseQueryData: false,
      stackFrameVariables: false,
    });
    expect(options.tracesSampleRate).toBeUndefined();
    expect(options.beforeSend).toBe(scrubEvent);
  });
});

describe("scrubEvent", () => {
  it("keeps the error, its stack and the request id; drops the request's data, the user and the extras", () => {
    const event: ErrorEvent = {
      type: undefined,
      tags: { requestId: "req-42" },
      transaction: `GET /confirmation/ord_1?key=${ORDER_KEY}`,
      request: {
        method: "POST",
        url: `https://jetmalin.ch/confirmation/ord_1?key=${ORDER_KEY}&email=${encodeURIComponent(EMAIL)}`,
        query_string: `key=${ORDER_KEY}`,
        cookies: { "__Host-jm_session": SESSION },
        headers: { cookie: `__Host-jm_session=${SESSION}`, "x-user": EMAIL },
        data: { email: EMAIL, password: PASSWORD },
      },
      user: { email: EMAIL, ip_address: "203.0.113.9", username: "Claire" },
      extra: { body: PASSWORD },
      breadcrumbs: [
        { category: "console", level: "error", message: `sending to ${EMAIL}` },
        {
          category: "fetch",
          type: "http",
          data: { method: "GET", url: `https://api.example.com/x?token=${SESSION}`, status_code: 500, body: PASSWORD },
        },
      ],
      exception: {
        values: [
          {
            type: "DrizzleQueryError",
            value: `Failed query: select * from users where email = ?\nparams: ${EMAIL},${PASSWORD}`,
            stacktrace: { frames: [{ function: "loader", lineno: 3, vars: { password: PASSWORD } }] },
          },
        ],
      },
    };
    const scrubbed = scrubEvent(event);
    const sent = JSON.stringify(scrubbed);
    for (const secret of SECRETS) expect(sent, secret).not.toContain(secret);
    expect(scrubbed.request).toEqual({ method: "POST", url: "https://jetmalin.ch/confirmation/ord_1" });
    expect(scrubbed.user).toBeUndefined();
    expect(scrubbed.tags).toEqual({ requestId: "req-42" });
    expect(scrubbed.transaction).toBe("GET /confirmation/ord_1");
    expect(scrubbed.exception?.values?.[0]).toMatchObject({
      type: "DrizzleQueryError",
      value: "Failed query: select * from users where email = ?\nparams: [redacted]",
      stacktrace: { frames: [{ function: "loader", lineno: 3 }] },
    });
    expect(scrubbed.breadcrumbs?.[1]).toEqual({
      category: "fetch",
      type: "http",
      data: { method: "GET", url: "https://api.example.com/x", status_code: 500 },
    });
  });
});

describe("errorToReport", () => {
  const request = new Request("https://jetmalin.ch/home");

  it("passes a loader's error on, and the error inside an internal error response", () => {
    const error = new Error("D1 is down");
    expect(errorToReport(error, request)).toBe(error);
    const inner = new Error("inner");
    const internal = Object.assign(new (class {})(), {
      status: 500,
      statusText: "Internal",
      internal: true,
      data: "",
      error: inner,
    });
    expect(errorToReport(internal, request)).toBe(inner);
  });

  it("leaves out the 4xx answers, an aborted request and Remix's warning about `?_data=`", () => {
    const notFound = {
      status: 404,
      statusText: "Not Found",
      internal: true,
      data: "",
      error: new Error("No route matches URL"),
    };
    expect(errorToReport(notFound, request)).toBeNull();
    const aborted = new AbortController();
    aborted.abort();
    expect(
      errorToReport(new Error("gone"), new Request("https://jetmalin.ch/home", { signal: aborted.signal })),
    ).toBeNull();
    const warning = new Error(
      "Warning: Single fetch-enabled apps should not be making ?_data requests, this is likely to break in the future",
    );
    expect(errorToReport(warning, new Request("https://jetmalin.ch/home?_data=root"))).toBeNull();
    // A thrown `data(...)` is a response Remix answers, never passed to handleError; a plain object is an error.
    expect(errorToReport(data("x", { status: 500 }), request)).not.toBeNull();
  });
});

describe("a report through Sentry's own pipeline", () => {
  it("sends the error with the request id as a tag, and nothing of the request but its method and path", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const sent: string[] = [];
    const pending: Promise<unknown>[] = [];
    const options = errorReportingOptions(production)!;
    const app: ExportedHandler<Env> = {
      async fetch() {
        console.error(`could not mail ${EMAIL}`);
        reportError(new Error(`no order for ${EMAIL} with key=${ORDER_KEY}`), { requestId: "req-7" });
        return new Response("sorry", { status: 500 });
      },
    };
    const handler = withSentry(
      () => ({
        ...options,
        // One client for this test; the envelopes are kept instead of sent.
        cacheClient: false,
        transport: (transportOptions) =>
          createTransport(transportOptions, async (request) => {
            sent.push(typeof request.body === "string" ? request.body : new TextDecoder().decode(request.body));
            return { statusCode: 200 };
          }),
      }),
      app,
    );
    const ctx = {
      waitUntil: (promise: Promise<unknown>) => void pending.push(promise),
      passThroughOnException: () => {},
      props: {},
    } as unknown as ExecutionContext;
    const request = new Request(
      `https://jetmalin.ch/confirmation/ord_1?key=${ORDER_KEY}&email=${encodeURIComponent(EMAIL)}`,
      {
        method: "POST",
        headers: { Cookie: `__Host-jm_session=${SESSION}`, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ email: EMAIL, password: PASSWORD }),
      },
    );
    const response = await handler.fetch!(request as Request<unknown, IncomingRequestCfProperties>, production, ctx);
    await response.text();
    await Promise.all(pending);

    const envelope = sent.join("\n");
    expect(envelope).toContain('"requestId":"req-7"');
    expect(envelope).toContain("no order for [email] with key=[redacted]");
    expect(envelope).toContain("https://jetmalin.ch/confirmation/ord_1");
    for (const secret of SECRETS) expect(envelope, secret).not.toContain(secret);
    expect(envelope).not.toContain("jm_session");
  });
});
