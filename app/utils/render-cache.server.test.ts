import type { EntryContext } from "@remix-run/cloudflare";
import { describe, expect, it } from "vitest";

import { cachedHtml, renderCacheKey, storeHtml } from "./render-cache.server";

function remix(leaf: string, loaderData: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return {
    staticHandlerContext: {
      matches: [{ route: { id: "root" } }, { route: { id: leaf } }],
      loaderData,
      actionData: null,
      errors: null,
      ...extra,
    },
  } as unknown as EntryContext;
}
const get = (path: string, headers: HeadersInit = {}) => new Request(`http://localhost${path}`, { headers });
const data = { root: { locale: "fr", user: null }, "routes/home": { flights: [{ id: "f1", seats: 3 }] } };

describe("the render cache of the catalogue lists", () => {
  it("keys a list on its address, language and loader data", async () => {
    const key = await renderCacheKey(get("/home"), 200, "fr", remix("routes/home", data));
    expect(key).toEqual(await renderCacheKey(get("/home"), 200, "fr", remix("routes/home", structuredClone(data))));
    // One seat fewer, another language, another query: another page.
    const fewerSeats = { ...data, "routes/home": { flights: [{ id: "f1", seats: 2 }] } };
    expect(await renderCacheKey(get("/home"), 200, "fr", remix("routes/home", fewerSeats))).not.toEqual(key);
    expect(await renderCacheKey(get("/home"), 200, "de", remix("routes/home", data))).not.toEqual(key);
    expect(await renderCacheKey(get("/home?show=12"), 200, "fr", remix("routes/home", data))).not.toEqual(key);
  });

  it("keeps nothing else: other pages, errors, actions, other statuses, a no-cache request", async () => {
    expect(await renderCacheKey(get("/dashboard"), 200, "fr", remix("routes/dashboard", data))).toBeNull();
    expect(await renderCacheKey(get("/home"), 500, "fr", remix("routes/home", data))).toBeNull();
    expect(
      await renderCacheKey(
        get("/home"),
        200,
        "fr",
        remix("routes/home", data, { errors: { "routes/home": new Error("x") } }),
      ),
    ).toBeNull();
    expect(
      await renderCacheKey(get("/home"), 200, "fr", remix("routes/home", data, { actionData: { ok: true } })),
    ).toBeNull();
    expect(
      await renderCacheKey(get("/home", { "Cache-Control": "no-cache" }), 200, "fr", remix("routes/home", data)),
    ).toBeNull();
    const post = new Request("http://localhost/home", { method: "POST" });
    expect(await renderCacheKey(post, 200, "fr", remix("routes/home", data))).toBeNull();
  });

  it("gives each answer its own nonce", () => {
    storeHtml("k", '<script nonce="first-nonce">a</script><script nonce="first-nonce">b</script>', "first-nonce");
    expect(cachedHtml("k", "second")).toBe('<script nonce="second">a</script><script nonce="second">b</script>');
    expect(cachedHtml("unknown", "x")).toBeNull();
  });
});
