import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

import type * as RemixRouter from "@remix-run/router";
import { describe, expect, it } from "vitest";

// The Worker bundles the router's CommonJS build, the one patches/ changes
// (docs/decisions/039-route-matching-memo.md); the browser's build is left as it is.
const require = createRequire(import.meta.url);
const routerPath = require.resolve("@remix-run/router");
const router = require(routerPath) as typeof RemixRouter;

const routes = [
  {
    id: "root",
    path: "",
    children: [
      { id: "home", path: "home" },
      { id: "checkout", path: "checkout/:flightId" },
      { id: "confirmation", path: "confirmation/:orderId" },
      { id: "admin", path: "admin", children: [{ id: "admin.flights", path: "flights/:flightId?" }] },
      { id: "splat", path: "*" },
    ],
  },
];
const leaf = (path: string) => router.matchRoutes(routes, path)?.at(-1);

describe("route matching with the ranked branches and compiled paths kept", () => {
  it("is the patched build", () => {
    expect(routerPath).toMatch(/router\.cjs\.js$/);
    expect(readFileSync(routerPath, "utf8")).toContain("rankedBranchesCache");
  });

  it("matches each path as before, however often it is asked", () => {
    for (let round = 0; round < 3; round++) {
      expect(leaf("/home")?.route.id).toBe("home");
      expect(leaf("/checkout/f-1")).toMatchObject({ route: { id: "checkout" }, params: { flightId: "f-1" } });
      expect(leaf("/checkout/f-2")?.params).toEqual({ flightId: "f-2" });
      expect(leaf("/admin/flights")?.route.id).toBe("admin.flights");
      expect(leaf("/admin/flights/f-3")?.params.flightId).toBe("f-3");
      expect(leaf("/nowhere")).toMatchObject({ route: { id: "splat" }, params: { "*": "nowhere" } });
    }
  });

  it("sees another routes array as another tree", () => {
    expect(leaf("/home")?.route.id).toBe("home");
    const other = [{ id: "only", path: "home/:x?" }];
    expect(router.matchRoutes(other, "/home")?.at(-1)?.route.id).toBe("only");
    expect(router.matchRoutes(other, "/checkout/f-1")).toBeNull();
  });

  it("keeps matching correctly past the compiled paths' bound (links' paths are open-ended)", () => {
    for (let index = 0; index < 2500; index++) {
      expect(router.matchPath(`/checkout/f-${index}`, `/checkout/f-${index}`)).not.toBeNull();
      expect(router.matchPath(`/checkout/f-${index}`, `/checkout/f-${index + 1}`)).toBeNull();
    }
    expect(router.matchPath({ path: "/Home", caseSensitive: true }, "/home")).toBeNull();
    expect(router.matchPath({ path: "/Home", caseSensitive: false }, "/home")).not.toBeNull();
    expect(router.matchPath({ path: "/admin", end: false }, "/admin/flights")).not.toBeNull();
    expect(router.matchPath({ path: "/admin", end: true }, "/admin/flights")).toBeNull();
  });
});
