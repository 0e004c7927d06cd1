import { DrizzleQueryError } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { InvalidEnvError } from "./env.server";
import {
  createRouteIdFinder,
  cronLogLine,
  describeError,
  errorLogLine,
  loggablePath,
  redactText,
  requestIdFor,
  requestLogLine,
} from "./request-log.server";

const EMAIL = "claire.dubois@example.ch";
const ORDER_KEY = "k3y-0f-th3-0rd3r-7a1b2c";
const SESSION = "s3ss10n-t0k3n-9f8e7d";

/** What a visitor sends that must never reach a log: an email and a key in the query, a session cookie, a password in the body. */
function requestWithPersonalData() {
  return new Request(
    `https://jetmalin.ch/confirmation/ord_123?key=${ORDER_KEY}&email=${encodeURIComponent(EMAIL)}&lng=de#top`,
    {
      method: "POST",
      headers: {
        Cookie: `__Host-jm_session=${SESSION}; i18nextLng=de`,
        Authorization: `Bearer ${SESSION}`,
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ email: EMAIL, password: "Tr0ub4dor&3", firstName: "Claire" }),
    },
  );
}

describe("the request's log line", () => {
  it("holds the request's id, method, path, route, status, duration, language and cache, and nothing the visitor sent", () => {
    const line = requestLogLine({
      requestId: "4f1c2a9e-1111-4222-8333-444455556666",
      request: requestWithPersonalData(),
      status: 303,
      durationMs: 41.6,
      language: "de",
      notes: { cache: null },
      routeId: "routes/confirmation.$orderId",
    });
    expect(line).toEqual({
      type: "request",
      requestId: "4f1c2a9e-1111-4222-8333-444455556666",
      method: "POST",
      path: "/confirmation/ord_123",
      routeId: "routes/confirmation.$orderId",
      status: 303,
      durationMs: 42,
      language: "de",
      cache: null,
    });
    const written = JSON.stringify(line);
    for (const secret of [
      EMAIL,
      encodeURIComponent(EMAIL),
      ORDER_KEY,
      SESSION,
      "Tr0ub4dor",
      "Claire",
      "key=",
      "?",
      "#top",
    ]) {
      expect(written, secret).not.toContain(secret);
    }
  });

  it("keeps the render cache's outcome of a page", () => {
    const line = requestLogLine({
      requestId: "id",
      request: new Request("https://jetmalin.ch/home?page=2"),
      status: 200,
      durationMs: 3,
      language: "fr",
      notes: { cache: "hit" },
      routeId: "routes/home",
    });
    expect(line).toMatchObject({ path: "/home", cache: "hit", method: "GET" });
  });

  it("takes out a path segment holding an address, typed or encoded, and cuts a long path", () => {
    expect(loggablePath(`https://jetmalin.ch/${EMAIL}/orders`)).toBe("/[redacted]/orders");
    expect(loggablePath(`https://jetmalin.ch/u/${encodeURIComponent(EMAIL)}`)).toBe("/u/[redacted]");
    const long = loggablePath(`https://jetmalin.ch/${"a".repeat(500)}`);
    expect(long.length).toBeLessThanOrEqual(201);
    expect(long.endsWith("…")).toBe(true);
  });
});

describe("requestIdFor", () => {
  it("uses Cloudflare's ray id when there is one", () => {
    const request = new Request("https://jetmalin.ch/", { headers: { "cf-ray": "8f3a2b1c4d5e6f70-ZRH" } });
    expect(requestIdFor(request)).toBe("8f3a2b1c4d5e6f70-ZRH");
  });

  it("makes a fresh UUID otherwise, also when the header is not a ray id", () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    const first = requestIdFor(new Request("https://jetmalin.ch/"));
    const second = requestIdFor(new Request("https://jetmalin.ch/"));
    const forged = requestIdFor(new Request("https://jetmalin.ch/", { headers: { "cf-ray": `"},{"type":"x` } }));
    for (const id of [first, second, forged]) expect(id).toMatch(uuid);
    expect(first).not.toBe(second);
  });
});

describe("createRouteIdFinder", () => {
  // The shape of the build's `routes`: flat, each with its parent.
  const route = (id: string, parentId: string | undefined, path?: string, index?: boolean) => ({
    id,
    parentId,
    path,
    index,
    caseSensitive: undefined,
    module: {} as never,
  });
  const routes = {
    root: route("root", undefined, ""),
    "routes/_index": route("routes/_index", "root", undefined, true),
    "routes/home": route("routes/home", "root", "home"),
    "routes/confirmation.$orderId": route("routes/confirmation.$orderId", "root", "confirmation/:orderId"),
    "routes/admin": route("routes/admin", "root", "admin"),
    "routes/admin._index": route("routes/admin._index", "routes/admin", undefined, true),
    "routes/admin.orders": route("routes/admin.orders", "routes/admin", "orders"),
    "routes/$": route("routes/$", "root", "*"),
  };
  const find = createRouteIdFinder(routes);

  it("gives the deepest route of a page, of its `.data` load and of a `?_data=` load", () => {
    expect(find("https://jetmalin.ch/home?page=2")).toBe("routes/home");
    expect(find("https://jetmalin.ch/home.data")).toBe("routes/home");
    expect(find("https://jetmalin.ch/_root.data")).toBe("routes/_index");
    expect(find("https://jetmalin.ch/confirmation/ord_123.data?key=abc")).toBe("routes/confirmation.$orderId");
    expect(find("https://jetmalin.ch/admin")).toBe("routes/admin._index");
    expect(find("https://jetmalin.ch/admin/orders")).toBe("routes/admin.orders");
    expect(find("https://jetmalin.ch/nowhere/at/all")).toBe("routes/$");
    expect(find("https://jetmalin.ch/home?_data=routes%2Fhome")).toBe("routes/home");
    expect(find("https://jetmalin.ch/home?_data=routes%2Fnope")).toBeNull();
  });
});

describe("describeError", () => {
  it("gives a failed query's name and SQLite code, never a message: drizzle's lists the values it bound", () => {
    const failed = new DrizzleQueryError(
      "insert into users (email, password_hash) values (?, ?)",
      [EMAIL, "pbkdf2$100000$hash"],
      new Error("D1_ERROR: UNIQUE constraint failed: users.email: SQLITE_CONSTRAINT"),
    );
    expect(describeError(failed)).toEqual({ error: "DrizzleQueryError", code: "SQLITE_CONSTRAINT" });
    // Without SQLite's code, the first word of the cause; without a cause, no code to give.
    const lost = new DrizzleQueryError("select 1", [], new Error("D1_ERROR: Network connection lost."));
    expect(describeError(lost)).toEqual({ error: "DrizzleQueryError", code: "D1_ERROR" });
    const bare = describeError(new DrizzleQueryError("select * from users where email = ?", [EMAIL]));
    expect(bare).toEqual({ error: "DrizzleQueryError", code: "unknown" });
  });

  it("gives D1's own errors (a batch's) by their code: some quote a bound value", () => {
    const typeError = new Error(`D1_TYPE_ERROR: Type 'object' not supported for value '${EMAIL}'`);
    expect(describeError(typeError)).toEqual({ error: "Error", code: "D1_TYPE_ERROR" });
    expect(describeError(new Error("D1_ERROR: UNIQUE constraint failed: users.email: SQLITE_CONSTRAINT"))).toEqual({
      error: "Error",
      code: "SQLITE_CONSTRAINT",
    });
  });

  it("logs `name`, which a minifier leaves alone, never the constructor's name, which it renames", () => {
    // What `keep_names = false` makes of a class of a library: a short name of its own.
    const Minified = class Jf extends Error {};
    expect(describeError(new Minified("boom"))).toEqual({ error: "Error", message: "boom" });
    expect(describeError(new InvalidEnvError(["APP_URL: missing"])).error).toBe("InvalidEnvError");
    expect(describeError(new TypeError("x is not a function")).error).toBe("TypeError");
    expect(describeError("a thrown string")).toEqual({ error: "string", message: "a thrown string" });
  });
});

describe("redactText", () => {
  it("takes out addresses, query strings and secrets given as key=value", () => {
    const text = `fetch https://api.example.com/v1/x?token=abc123&user=${EMAIL} failed for ${EMAIL}; key=${ORDER_KEY} password=hunter2`;
    const redacted = redactText(text);
    for (const secret of [EMAIL, "abc123", ORDER_KEY, "hunter2"]) expect(redacted, secret).not.toContain(secret);
    expect(redacted).toContain("https://api.example.com/v1/x?[query]");
    expect(redacted).toContain("key=[redacted]");
  });
});

describe("the error and cron lines", () => {
  it("an error line has the request id, the error's name and a redacted message", () => {
    const line = errorLogLine("req-1", new Error(`no order for ${EMAIL}`));
    expect(line).toEqual({ type: "error", requestId: "req-1", error: "Error", message: "no order for [email]" });
  });

  it("a task's line says how it went, with its result or its error", () => {
    const base = { runId: "run-1", cron: "*/5 * * * *", task: "retry-mails", durationMs: 12.4 };
    expect(cronLogLine({ ...base, outcome: { status: "fulfilled", value: { sent: 2 } } })).toEqual({
      type: "cron",
      runId: "run-1",
      cron: "*/5 * * * *",
      task: "retry-mails",
      durationMs: 12,
      ok: true,
      result: { sent: 2 },
    });
    expect(cronLogLine({ ...base, outcome: { status: "rejected", reason: new TypeError("feed down") } })).toEqual({
      type: "cron",
      runId: "run-1",
      cron: "*/5 * * * *",
      task: "retry-mails",
      durationMs: 12,
      ok: false,
      error: "TypeError",
      message: "feed down",
    });
  });
});
