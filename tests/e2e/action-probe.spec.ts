/**
 * Every action of the app, found in app/routes/ (so a new route is probed without anyone
 * adding it here), against the real Worker: a malformed multipart body, a `?_data=` and
 * `.data` refusal, and the back-office searches with a long accented term. Each answers a
 * 4xx with its translated text, never a 500 and never a stack trace
 * (docs/decisions/014-action-shape.md). HTTP only.
 */
import type { APIRequestContext } from "@playwright/test";

import { LOCAL_PUSH_PREFIX, WEBHOOK_PATHS } from "../../app/utils/request-guards.server";
import { BASE_URL } from "../../playwright.config";
import { signInOverHttp, staffRequest } from "./admin-helpers";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, expect, test } from "./fixtures";
import { routeModules } from "./permission-routes";

const FORM_TYPE = { "Content-Type": "application/x-www-form-urlencoded" };
const SAME_ORIGIN = { Origin: BASE_URL };
/** What an unhandled error or a leaked stack looks like in a body. */
const SERVER_ERROR = /Unexpected Server Error|at [\w$.]+ \(|\.tsx?:\d+|\.js:\d+:\d+/;

type ActionRoute = { file: string; routeId: string; path: string; staffOnly: boolean; needsUser: boolean };

/** `admin.orders.export.tsx` -> `/admin/orders/export`; params get a sample value. */
function pathOf(name: string): string {
  const segments = name
    .split(".")
    .filter((segment) => segment !== "_index")
    .map((segment) => (segment.startsWith("$") ? "probe-id" : segment.replace(/_$/, "")));
  const path = `/${segments.join("/")}`;
  return name.endsWith("_index") ? `${path === "/" ? "" : path}?index` : path;
}

const ACTION_ROUTES: ActionRoute[] = routeModules()
  .filter(({ source }) => /export (async )?function action\b|export const action\b/.test(source))
  .map(({ file, name, source }) => ({
    file,
    routeId: `routes/${name}`,
    path: pathOf(name),
    staffOnly: /requirePermission\(/.test(source),
    needsUser: /requireUser\(/.test(source),
  }));

const withQuery = (path: string, query: string) => `${path}${path.includes("?") ? "&" : "?"}${query}`;

/** A signed-in request context on a network of its own: the demo client signs in, staff reuse the run's session. */
function signedIn(role: keyof typeof DEMO_ACCOUNTS, ip: string): Promise<APIRequestContext> {
  return role === "client" ? signInOverHttp(BASE_URL, DEMO_ACCOUNTS.client, DEMO_PASSWORD, ip) : staffRequest(role, ip);
}

test.describe("every action, probed", () => {
  test.use({ extraHTTPHeaders: { "Accept-Language": "fr-CH,fr;q=0.9" } });

  test("the probe finds the app's actions", () => {
    // A floor, not the exact count: routes come and go, the probe follows them.
    expect(ACTION_ROUTES.length).toBeGreaterThanOrEqual(20);
    expect(ACTION_ROUTES.map((route) => route.path)).toEqual(
      expect.arrayContaining(["/login", "/admin/orders/export", "/checkout/probe-id"]),
    );
  });

  for (const route of ACTION_ROUTES) {
    test(`${route.file}: a malformed multipart body is a translated 400`, async ({ request }) => {
      for (const [contentType, body] of [
        ["multipart/form-data", "x"],
        [
          "multipart/form-data; boundary=----probe",
          '------probe\r\nContent-Disposition: form-data; name="a"\r\n\r\nunterminated',
        ],
      ] as const) {
        for (const path of [route.path, withQuery(route.path, `_data=${encodeURIComponent(route.routeId)}`)]) {
          const response = await request.post(path, {
            headers: { "Content-Type": contentType, ...SAME_ORIGIN },
            data: body,
            maxRedirects: 0,
          });
          const text = await response.text();
          expect(text).not.toMatch(SERVER_ERROR);
          // The local push service takes no form either: it answers as a push service, 404 for a device it never made.
          if (path.startsWith(LOCAL_PUSH_PREFIX) && !path.includes("?")) {
            expect(response.status(), `${path} ${contentType}`).toBe(404);
            continue;
          }
          expect(response.status(), `${path} ${contentType}`).toBe(400);
          // The provider's webhook takes no form: its refusal is the signature's.
          expect(text).toContain(WEBHOOK_PATHS.includes(path) ? "Invalid signature" : "Formulaire illisible");
        }
      }
    });

    test(`${route.file}: a cross-site ?_data= post is a translated 403`, async ({ request }) => {
      const response = await request.post(withQuery(route.path, `_data=${encodeURIComponent(route.routeId)}`), {
        headers: { ...FORM_TYPE, Origin: "https://evil.example" },
        data: "intent=x",
        maxRedirects: 0,
      });
      expect(response.status()).toBe(403);
      expect(await response.text()).toContain("Requête refusée");
    });
  }

  test("a client's ?_data= and .data posts to staff actions are the translated 403, on every staff action", async () => {
    const client = await signedIn("client", "198.51.100.61");
    const staffRoutes = ACTION_ROUTES.filter((route) => route.staffOnly);
    expect(staffRoutes.length).toBeGreaterThanOrEqual(6);
    for (const route of staffRoutes) {
      const dataPath = route.path.endsWith("?index")
        ? route.path.replace("?index", ".data?index")
        : `${route.path}.data`;
      for (const path of [withQuery(route.path, `_data=${encodeURIComponent(route.routeId)}`), dataPath]) {
        const response = await client.post(path, {
          headers: { ...FORM_TYPE, ...SAME_ORIGIN },
          data: "intent=validate&orderId=x",
          maxRedirects: 0,
        });
        const text = await response.text();
        expect(response.status(), path).toBe(403);
        expect(text, path).toContain("Accès non autorisé");
        expect(text, path).not.toMatch(SERVER_ERROR);
      }
    }
    await client.dispose();
  });

  test("a gestionnaire posting the CSV export gets the translated 403 as JSON", async () => {
    const gestionnaire = await signedIn("gestionnaire", "198.51.100.62");
    const response = await gestionnaire.post("/admin/orders/export", {
      headers: { ...FORM_TYPE, ...SAME_ORIGIN },
      data: "q=x",
      maxRedirects: 0,
    });
    expect(response.status()).toBe(403);
    expect(await response.json()).toEqual({ message: "Accès non autorisé" });
    await gestionnaire.dispose();
  });

  test("a 60-character accented search answers every back-office list and the CSV export", async () => {
    const admin = await signedIn("admin", "198.51.100.63");
    const search = "é".repeat(30) + "à".repeat(20) + "%_\\ü".repeat(2) + "ÿ".repeat(2);
    expect([...search].length).toBe(60);
    const lists: Array<[path: string, routeId: string]> = [
      ["/admin", "routes/admin._index"],
      ["/admin/users", "routes/admin.users"],
      ["/admin/orders", "routes/admin.orders"],
      ["/admin/requests", "routes/admin.requests"],
      ["/admin/requests?kind=custom", "routes/admin.requests"],
      ["/admin/requests?kind=newsletter", "routes/admin.requests"],
    ];
    for (const [path, routeId] of lists) {
      const query = `q=${encodeURIComponent(search)}`;
      for (const url of [withQuery(path, query), withQuery(path, `${query}&_data=${encodeURIComponent(routeId)}`)]) {
        const response = await admin.get(url, { maxRedirects: 0 });
        expect(response.status(), url).toBe(200);
        expect(await response.text(), url).not.toMatch(SERVER_ERROR);
      }
    }
    const csv = await admin.post("/admin/orders/export", {
      headers: { ...FORM_TYPE, ...SAME_ORIGIN },
      data: new URLSearchParams({ q: search, status: "" }).toString(),
    });
    expect(csv.status()).toBe(200);
    expect(csv.headers()["content-type"]).toContain("text/csv");
    await admin.dispose();
  });

  test("loaders whose data once had a top-level status answer ?_data=", async ({ request }) => {
    const confirm = await request.get("/confirm-email?_data=routes%2Fconfirm-email");
    expect(confirm.status()).toBe(200);
    const mail = await request.get("/dev/mail/1?_data=routes%2Fdev.mail.%24id");
    expect([200, 404]).toContain(mail.status());
    expect(await mail.text()).not.toMatch(SERVER_ERROR);
  });

  test("personal and staff pages are private, no-store", async () => {
    const admin = await signedIn("admin", "198.51.100.64");
    for (const path of [
      "/dashboard",
      "/profile",
      "/admin",
      "/admin/orders",
      "/admin/users",
      "/admin/requests",
      "/new-flight",
    ]) {
      const response = await admin.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(200);
      expect(response.headers()["cache-control"], path).toBe("private, no-store");
    }
    await admin.dispose();
  });
});
