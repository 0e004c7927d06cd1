import { gunzipSync } from "node:zlib";

import { describe, expect, it } from "vitest";

import { cachedPage, isKeepable, pageCacheKey, storePage, validUntil } from "./page-cache.server";

const COOKIES = { session: "jm_session", bookmark: "jm_d1" };
const get = (path: string, headers: HeadersInit = {}) => new Request(`http://localhost${path}`, { headers });
const key = (path: string, headers: HeadersInit = {}) => pageCacheKey(get(path, headers), COOKIES);
const NOW = new Date("2026-12-01T08:00:20Z");
const at = (iso: string) => new Date(iso).getTime();
const state = (
  version: number,
  extra: Partial<{ nextDeparture: number | null; nextHoldExpiry: number | null }> = {},
) => ({
  version,
  nextDeparture: null,
  nextHoldExpiry: null,
  ...extra,
});
/** A client that takes no compression (`identity`), with this response's nonce. */
const plain = (nonce: string) => ({ nonce, acceptEncoding: "identity" });
const page = (html: string, nonce = "old-nonce") => ({
  html,
  nonce,
  headers: new Headers({ "Content-Type": "text/html; charset=utf-8" }),
  routeId: "routes/home",
});

describe("which requests the page cache answers", () => {
  it("the lists, by address, language and cookies, less the read replica's bookmark", () => {
    expect(key("/home")).not.toBeNull();
    expect(key("/empty-legs?from=Gen%C3%A8ve")).not.toBeNull();
    expect(key("/home")).not.toEqual(key("/home?tab=jet"));
    expect(key("/home", { "Accept-Language": "de" })).not.toEqual(key("/home", { "Accept-Language": "fr" }));
    expect(key("/home", { Cookie: "i18nextLng=de" })).not.toEqual(key("/home"));
    // The bookmark changes at every request and changes nothing on the page; cookies' order neither.
    expect(key("/home", { Cookie: "jm_d1=0000-0001; i18nextLng=de" })).toEqual(
      key("/home", { Cookie: "i18nextLng=de" }),
    );
    expect(key("/home", { Cookie: "a=1; b=2" })).toEqual(key("/home", { Cookie: "b=2; a=1" }));
  });

  it("no other page, method, signed-in visitor (even with a stale cookie) or no-cache request", () => {
    expect(key("/checkout/f-1")).toBeNull();
    expect(key("/")).toBeNull();
    expect(pageCacheKey(new Request("http://localhost/home", { method: "POST" }), COOKIES)).toBeNull();
    expect(pageCacheKey(new Request("http://localhost/home", { method: "HEAD" }), COOKIES)).toBeNull();
    expect(key("/home", { Cookie: "jm_session=anything" })).toBeNull();
    expect(key("/home", { Cookie: "i18nextLng=fr; jm_session=" })).toBeNull();
    expect(key("/home", { "Cache-Control": "no-cache" })).toBeNull();
  });

  it("keeps only a whole page of a list, read without error, with no cookie to set", () => {
    const html = (headers: HeadersInit = {}, status = 200) =>
      new Response("<html></html>", { status, headers: { "Content-Type": "text/html; charset=utf-8", ...headers } });
    const notes = { cache: "miss", degraded: false, routeId: "routes/home" };
    expect(isKeepable(html(), notes)).toBe(true);
    expect(isKeepable(html(), { ...notes, cache: null })).toBe(false);
    expect(isKeepable(html(), { ...notes, degraded: true })).toBe(false);
    expect(isKeepable(html({ "Set-Cookie": "toast=; Max-Age=0" }), notes)).toBe(false);
    expect(isKeepable(html({}, 404), notes)).toBe(false);
    expect(isKeepable(new Response("{}", { headers: { "Content-Type": "application/json" } }), notes)).toBe(false);
  });
});

describe("how long a kept page stays true", () => {
  it("until the next minute, departure or hold expiry, whichever comes first", () => {
    expect(validUntil(state(1), NOW)).toBe(at("2026-12-01T08:01:00Z"));
    // A flight leaving at D is listed while now <= D.
    expect(validUntil(state(1, { nextDeparture: at("2026-12-01T08:00:40Z") }), NOW)).toBe(
      at("2026-12-01T08:00:40.001Z"),
    );
    expect(validUntil(state(1, { nextHoldExpiry: at("2026-12-01T08:00:30Z") }), NOW)).toBe(at("2026-12-01T08:00:30Z"));
    expect(validUntil(state(1, { nextDeparture: at("2026-12-02T08:00:00Z") }), NOW)).toBe(at("2026-12-01T08:01:00Z"));
  });

  it("is sent again with this response's nonce until the data's version moves or its time passes", () => {
    const k = key("/home?case=version")!;
    storePage(k, page('<script nonce="old-nonce">1</script><script nonce="old-nonce">2</script>'), state(7), NOW);
    const hit = cachedPage(k, state(7), new Date(NOW.getTime() + 1000), plain("fresh"));
    expect(hit?.body).toBe('<script nonce="fresh">1</script><script nonce="fresh">2</script>');
    expect(hit?.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    expect(hit?.routeId).toBe("routes/home");
    expect(cachedPage(k, state(8), NOW, plain("n"))).toBeNull();
    // Dropped once stale: the old version does not bring it back.
    expect(cachedPage(k, state(7), NOW, plain("n"))).toBeNull();

    const timed = key("/home?case=time")!;
    storePage(timed, page("<p>x</p>"), state(7, { nextHoldExpiry: at("2026-12-01T08:00:30Z") }), NOW);
    expect(cachedPage(timed, state(7), new Date(at("2026-12-01T08:00:29.999Z")), plain("n"))).not.toBeNull();
    expect(cachedPage(timed, state(7), new Date(at("2026-12-01T08:00:30Z")), plain("n"))).toBeNull();
  });

  it("sends a client that takes gzip the page compressed, with this response's nonce, and no other client", () => {
    const k = key("/home?case=gzip")!;
    const html =
      "<h1>Vols à vide — Genève</h1><p>Zürich</p>".repeat(40) +
      '<script nonce="old-nonce">1</script><script nonce="old-nonce">2</script>';
    storePage(k, page(html), state(3), NOW);
    for (const nonce of ["first+/nonce==", "second/nonce=="]) {
      const hit = cachedPage(k, state(3), NOW, { nonce, acceptEncoding: "gzip, deflate, br" });
      expect(hit?.headers.get("Content-Encoding")).toBe("gzip");
      expect(hit?.headers.get("Vary")).toBe("Accept-Encoding");
      expect(hit?.body).toBeInstanceOf(Uint8Array);
      const body = hit!.body as Uint8Array;
      expect(gunzipSync(body).toString("utf8")).toBe(html.replaceAll("old-nonce", nonce));
      expect(body.length).toBeLessThan(new TextEncoder().encode(html).length / 4);
    }
    for (const acceptEncoding of [null, "identity", "gzip;q=0, br", "br"]) {
      const hit = cachedPage(k, state(3), NOW, { nonce: "n", acceptEncoding });
      expect(hit?.headers.has("Content-Encoding")).toBe(false);
      expect(hit?.headers.get("Vary")).toBe("Accept-Encoding");
      expect(hit?.body).toBe(html.replaceAll("old-nonce", "n"));
    }
  });

  it("keeps at most 50 pages, the least recently used going first", () => {
    const keys = Array.from({ length: 51 }, (_, index) => key(`/home?case=lru-${index}`)!);
    storePage(keys[0]!, page("<p>0</p>"), state(1), NOW);
    for (const [index, k] of keys.slice(1).entries()) {
      if (index === 25) expect(cachedPage(keys[0]!, state(1), NOW, plain("n"))).not.toBeNull();
      storePage(k, page(`<p>${index + 1}</p>`), state(1), NOW);
    }
    expect(cachedPage(keys[0]!, state(1), NOW, plain("n"))).not.toBeNull();
    expect(cachedPage(keys[1]!, state(1), NOW, plain("n"))).toBeNull();
  });
});
