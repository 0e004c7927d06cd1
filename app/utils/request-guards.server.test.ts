import { describe, expect, it } from "vitest";

import { guardRequest, isSameOrigin, MAX_BODY_BYTES } from "./request-guards.server";

const APP_URL = "http://localhost:8787";
const options = { appUrl: APP_URL, isLocal: true };
const FORM = "application/x-www-form-urlencoded";

/** A POST as a page of the site sends it (`Sec-Fetch-Site: same-origin`) unless `headers` say otherwise. */
function post(
  path: string,
  { headers = {}, body = "a=1" }: { headers?: Record<string, string>; body?: BodyInit | null } = {},
) {
  return new Request(`http://localhost:8787${path}`, {
    method: "POST",
    headers: { "Content-Type": FORM, "Sec-Fetch-Site": "same-origin", ...headers },
    body,
  });
}

describe("isSameOrigin", () => {
  it.each([
    [{ Origin: "http://localhost:8787" }, true],
    [{ Origin: "https://evil.example" }, false],
    [{ Origin: "http://localhost:8788" }, false],
    [{ Origin: "null" }, false],
    [{ Origin: "not a url" }, false],
    [{ "Sec-Fetch-Site": "cross-site" }, false],
    [{ "Sec-Fetch-Site": "same-origin" }, true],
    [{ "Sec-Fetch-Site": "none" }, true],
    [{ "Sec-Fetch-Site": "same-site" }, false],
    [{ "Sec-Fetch-Site": "SAME-ORIGIN" }, false],
    [{ Origin: "http://localhost:8787", "Sec-Fetch-Site": "same-site" }, true],
    [{ Origin: "https://shop.localhost:8787", "Sec-Fetch-Site": "same-site" }, false],
    [{}, false],
  ])("%j -> %s", (headers, expected) => {
    const request = new Request(`${APP_URL}/login`, { method: "POST", headers: headers as Record<string, string> });
    expect(isSameOrigin(request, APP_URL)).toBe(expected);
  });

  it("accepts the configured APP_URL's origin behind a proxy", () => {
    const request = new Request("http://internal:1234/login", {
      method: "POST",
      headers: { Origin: "https://jetmalin.ch" },
    });
    expect(isSameOrigin(request, "https://jetmalin.ch")).toBe(true);
  });
});

describe("guardRequest", () => {
  it("lets reads through untouched, even cross-site", async () => {
    const request = new Request("http://localhost:8787/home", { headers: { "Sec-Fetch-Site": "cross-site" } });
    expect(await guardRequest(request, options)).toEqual({ ok: true, request });
  });

  it("refuses a non-local host in local mode, for reads too", async () => {
    expect(await guardRequest(new Request("https://jetmalin.workers.dev/dev/mail"), options)).toEqual({
      ok: false,
      failure: "nonLocalHost",
    });
    expect((await guardRequest(new Request("http://127.0.0.1:8787/home"), options)).ok).toBe(true);
    expect(
      (await guardRequest(new Request("https://jetmalin.ch/home"), { appUrl: "https://jetmalin.ch", isLocal: false }))
        .ok,
    ).toBe(true);
  });

  it.each([
    ["/login", { Origin: "https://evil.example" }],
    ["/login.data", { Origin: "https://evil.example" }],
    ["/login?_data=routes%2Flogin", { Origin: "null" }],
    ["/logout", { "Sec-Fetch-Site": "cross-site" }],
  ])("refuses a cross-site POST to %s", async (path, headers) => {
    expect(await guardRequest(post(path, { headers }), options)).toEqual({ ok: false, failure: "crossSite" });
  });

  it.each(["/newsletter/unsubscribe?token=t", "/alerts/unsubscribe?token=t&lng=de"])(
    "takes a mail provider's cross-site one-click POST to %s, handed on without its Origin",
    async (path) => {
      const guarded = await guardRequest(
        post(path, {
          headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
          body: "List-Unsubscribe=One-Click",
        }),
        options,
      );
      expect(guarded.ok).toBe(true);
      if (!guarded.ok) return;
      // Remix compares the Origin with the Host itself and answers an empty 500.
      expect(guarded.request.headers.get("Origin")).toBeNull();
      expect(await guarded.request.text()).toBe("List-Unsubscribe=One-Click");
      // The body checks still apply there.
      const json = post(path, {
        headers: { Origin: "https://evil.example", "Content-Type": "application/json" },
        body: "{}",
      });
      expect(await guardRequest(json, options)).toEqual({ ok: false, failure: "unsupportedMediaType" });
    },
  );

  it("takes a push to the local push service as a push service would, only locally", async () => {
    const push = () =>
      new Request("http://localhost:8787/dev/push/inbox/device-0123456789ab", {
        method: "POST",
        headers: { "Content-Type": "application/octet-stream", "Content-Encoding": "aes128gcm" },
        body: new Uint8Array([1, 2, 3]),
      });
    const guarded = await guardRequest(push(), options);
    expect(guarded.ok).toBe(true);
    if (guarded.ok) expect(new Uint8Array(await guarded.request.arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]));
    expect(await guardRequest(push(), { ...options, isLocal: false })).toEqual({ ok: false, failure: "crossSite" });
  });

  it("refuses methods the app does not take", async () => {
    const request = new Request("http://localhost:8787/login", { method: "DELETE", headers: { Origin: APP_URL } });
    expect(await guardRequest(request, options)).toEqual({ ok: false, failure: "methodNotAllowed" });
  });

  it.each([
    ["application/json", '{"email":"a@b.ch"}'],
    ["text/plain", "email=a@b.ch"],
    ["", null],
  ])("refuses a %j body", async (type, body) => {
    const request = new Request("http://localhost:8787/login", {
      method: "POST",
      headers: type ? { "Content-Type": type, Origin: APP_URL } : { Origin: APP_URL },
      body,
    });
    expect(await guardRequest(request, options)).toEqual({ ok: false, failure: "unsupportedMediaType" });
  });

  it("refuses a body over the cap, declared or streamed", async () => {
    const big = `a=${"x".repeat(MAX_BODY_BYTES)}`;
    expect(await guardRequest(post("/login", { body: big }), options)).toEqual({ ok: false, failure: "bodyTooLarge" });
    const chunks = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 10; i++) controller.enqueue(new TextEncoder().encode("x".repeat(10_000)));
        controller.close();
      },
    });
    const streamed = new Request("http://localhost:8787/login", {
      method: "POST",
      headers: { "Content-Type": FORM, Origin: APP_URL },
      body: chunks,
      duplex: "half",
    } as RequestInit);
    expect(await guardRequest(streamed, options)).toEqual({ ok: false, failure: "bodyTooLarge" });
  });

  it("hands on a same-origin form with its body intact", async () => {
    const result = await guardRequest(
      post("/login", { headers: { Origin: APP_URL }, body: "email=a%40b.ch&password=x" }),
      options,
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const form = await result.request.formData();
    expect(form.get("email")).toBe("a@b.ch");
    expect(result.request.method).toBe("POST");
    expect(result.request.url).toBe("http://localhost:8787/login");
  });

  it("hands on a legacy ?_data= request as the page it names, form, method and other parameters kept", async () => {
    const result = await guardRequest(
      post("/custom-flight?_data=routes%2Fcustom-flight&lng=de", { headers: { Origin: APP_URL }, body: "email=x" }),
      options,
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.request.url).toBe("http://localhost:8787/custom-flight?lng=de");
    expect(result.request.method).toBe("POST");
    expect((await result.request.formData()).get("email")).toBe("x");
    const read = await guardRequest(new Request("http://localhost:8787/home?_data=routes%2Fhome"), options);
    expect(read.ok && read.request.url).toBe("http://localhost:8787/home");
  });

  it("accepts an empty form", async () => {
    const result = await guardRequest(post("/logout", { body: "" }), options);
    expect(result.ok).toBe(true);
  });

  it.each([
    ["no boundary", "multipart/form-data", "x"],
    ["a boundary the body never uses", "multipart/form-data; boundary=abc", "x"],
    [
      "a part cut short",
      "multipart/form-data; boundary=abc",
      '--abc\r\nContent-Disposition: form-data; name="a"\r\n\r\nunterminated',
    ],
  ])(
    "refuses a multipart body with %s as malformed (400), before any action reads it",
    async (_case, contentType, body) => {
      const result = await guardRequest(post("/login", { headers: { "Content-Type": contentType }, body }), options);
      expect(result).toEqual({ ok: false, failure: "malformedBody" });
    },
  );

  it("lets a well-formed multipart form through, readable", async () => {
    const form = new FormData();
    form.set("email", "a@b.ch");
    const request = new Request("http://localhost:8787/login", {
      method: "POST",
      body: form,
      headers: { Origin: APP_URL },
    });
    const result = await guardRequest(request, options);
    if (!result.ok) throw new Error(result.failure);
    expect((await result.request.formData()).get("email")).toBe("a@b.ch");
  });

  it("drops a client's X-Forwarded-Host, which Remix would compare with the Origin and answer 500", async () => {
    const result = await guardRequest(
      post("/login", { headers: { Origin: APP_URL, "X-Forwarded-Host": "evil.example" } }),
      options,
    );
    if (!result.ok) throw new Error(result.failure);
    expect(result.request.headers.get("X-Forwarded-Host")).toBeNull();
    expect(await result.request.text()).toBe("a=1");
  });
});
