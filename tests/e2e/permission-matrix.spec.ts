/**
 * The permission matrix (docs/permissions.md 'The permission matrix'), HTTP only: every
 * route of app/routes/ (read from the folder, so a new route without a row in
 * tests/e2e/permission-table.ts fails here), its loader (GET) and its action (POST), as a
 * document, as single fetch's `.data` and as the legacy `?_data=`, for five callers:
 * anonymous, client A, client B (who asks for A's order, its confirmation and calendar
 * file), the gestionnaire and the admin. Each answer is reduced to a status or
 * `→/redirect-target` and compared with the table, which is also the generated section of
 * docs/permissions.md (checked up to date here). Record a new table with
 * `RECORD_PERMISSIONS=1` (writes /tmp/permission-matrix/*.json).
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";

import { type APIRequestContext, type APIResponse, request as playwrightRequest } from "@playwright/test";

import { BASE_URL } from "../../playwright.config";
import { signInOverHttp } from "./admin-helpers";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, expect, test } from "./fixtures";
import { type Form, FORMS, readRoutes, type RouteFile, urlFor } from "./permission-routes";
import {
  type Caller,
  CALLERS,
  ensureFixture,
  EXPECTED,
  MATRIX_FIXTURE,
  NOT_SENT,
  NOT_SENT_ACTIONS,
  permissionsDocSection,
} from "./permission-table";

const SAME_ORIGIN = { Origin: BASE_URL, "Content-Type": "application/x-www-form-urlencoded" };
const SERVER_ERROR = /Unexpected Server Error|at [\w$.]+ \(|\.tsx?:\d+|\.js:\d+:\d+/;
const ROUTES = readRoutes(MATRIX_FIXTURE.params);
const DOC = "docs/permissions.md";
const RECORD = process.env.RECORD_PERMISSIONS === "1";

/** The caller's request context; staff and clients sign in through `signInOverHttp` only. */
async function contextOf(caller: Caller, ip: string): Promise<APIRequestContext> {
  if (caller === "anonymous") {
    return playwrightRequest.newContext({
      baseURL: BASE_URL,
      extraHTTPHeaders: { "Accept-Language": "fr-CH,fr;q=0.9", "CF-Connecting-IP": ip },
    });
  }
  const email =
    caller === "clientA"
      ? DEMO_ACCOUNTS.client
      : caller === "clientB"
        ? MATRIX_FIXTURE.clientB.email
        : DEMO_ACCOUNTS[caller];
  return signInOverHttp(BASE_URL, email, DEMO_PASSWORD, ip);
}

/** A status, or `→/path` for a redirect in any of the three forms. */
async function outcomeOf(response: APIResponse, form: Form): Promise<string> {
  const headers = response.headers();
  const status = response.status();
  const target = (location: string) => `→${new URL(location, BASE_URL).pathname}`;
  if (form === "data" && status === 202 && headers.location) return target(headers.location);
  if (status >= 300 && status < 400 && headers.location) return target(headers.location);
  return String(status);
}

/** One cell of the table: one value when the three forms agree, else `page | data | _data`. */
function cellOf(outcomes: Record<Form, string>): string {
  return new Set(Object.values(outcomes)).size === 1 ? outcomes.page : FORMS.map((form) => outcomes[form]).join(" | ");
}

async function probe(
  context: APIRequestContext,
  route: RouteFile,
  method: "GET" | "POST",
): Promise<{ cell: string; sent: number }> {
  const outcomes = {} as Record<Form, string>;
  for (const form of FORMS) {
    const url = urlFor(route, form, method);
    const response =
      method === "GET"
        ? await context.get(url, { maxRedirects: 0 })
        : await context.post(url, { headers: SAME_ORIGIN, data: "intent=matrix-probe", maxRedirects: 0 });
    const body = await response.text();
    expect(response.status(), `${method} ${url}`).toBeLessThan(500);
    expect(body, `${method} ${url}`).not.toMatch(SERVER_ERROR);
    outcomes[form] = await outcomeOf(response, form);
  }
  return { cell: cellOf(outcomes), sent: FORMS.length };
}

test.describe("the permission matrix", () => {
  test("every route file has a row, and the table has no route that is gone", () => {
    const files = ROUTES.map((route) => route.file);
    expect(
      files.filter((file) => !(file in EXPECTED)),
      "routes without a row in permission-table.ts",
    ).toEqual([]);
    expect(
      Object.keys(EXPECTED).filter((file) => !files.includes(file)),
      "rows for routes that are gone",
    ).toEqual([]);
    for (const route of ROUTES) {
      expect(Boolean(EXPECTED[route.file]?.loader), `${route.file} loader row`).toBe(route.hasLoader);
      expect(Boolean(EXPECTED[route.file]?.action), `${route.file} action row`).toBe(route.hasAction);
    }
  });

  test("docs/permissions.md shows the table", () => {
    const doc = readFileSync(DOC, "utf8");
    const section = permissionsDocSection();
    if (process.env.UPDATE_PERMISSIONS_DOC === "1") {
      writeFileSync(
        DOC,
        doc.replace(/<!-- permission-matrix:start[\s\S]*<!-- permission-matrix:end -->/, () => section),
      );
      return;
    }
    expect(
      doc,
      `regenerate it: UPDATE_PERMISSIONS_DOC=1 npx playwright test permission-matrix -g "docs/permissions.md"`,
    ).toContain(section);
  });

  for (const [index, caller] of CALLERS.entries()) {
    test(`${caller}: every loader and action, as a page, .data and ?_data=`, async () => {
      test.setTimeout(90_000);
      await ensureFixture();
      const context = await contextOf(caller, `198.51.100.${120 + index}`);
      const observed: Record<string, { loader?: string; action?: string }> = {};
      let sent = 0;
      const probeRoute = async (route: RouteFile) => {
        const row: { loader?: string; action?: string } = {};
        if (route.hasLoader) {
          const { cell, sent: count } = await probe(context, route, "GET");
          row.loader = cell;
          sent += count;
        }
        if (route.hasAction) {
          if (NOT_SENT_ACTIONS[route.file]?.includes(caller)) row.action = NOT_SENT;
          else {
            const { cell, sent: count } = await probe(context, route, "POST");
            row.action = cell;
            sent += count;
          }
        }
        observed[route.file] = row;
      };
      // Ten routes at a time; signing out last, so the caller keeps the session for every other route.
      const others = ROUTES.filter((route) => route.file !== "logout.tsx");
      for (let start = 0; start < others.length; start += 10)
        await Promise.all(others.slice(start, start + 10).map(probeRoute));
      for (const route of ROUTES.filter((candidate) => candidate.file === "logout.tsx")) await probeRoute(route);
      await context.dispose();
      console.log(`permission matrix, ${caller}: ${sent} requests`);
      if (RECORD) {
        mkdirSync("/tmp/permission-matrix", { recursive: true });
        writeFileSync(`/tmp/permission-matrix/${caller}.json`, JSON.stringify(observed, null, 1));
        return;
      }
      const mismatches = ROUTES.flatMap((route) =>
        (["loader", "action"] as const).flatMap((kind) => {
          const want = EXPECTED[route.file]?.[kind]?.[caller];
          const got = observed[route.file]?.[kind];
          return want === got ? [] : [`${route.file} ${kind}: expected ${want}, got ${got}`];
        }),
      );
      expect(mismatches).toEqual([]);
    });
  }

  test("client B's posts on client A's notification, route alert and favourite change nothing of A's", async () => {
    await ensureFixture();
    const { notificationId, watchId, flightId } = MATRIX_FIXTURE;
    const clientB = await contextOf("clientB", "198.51.100.130");
    const post = (path: string, fields: Record<string, string>) =>
      clientB.post(path, { headers: SAME_ORIGIN, data: new URLSearchParams(fields).toString(), maxRedirects: 0 });
    expect((await post("/notifications", { intent: "read", id: String(notificationId) })).status()).toBe(404);
    expect((await post("/notifications", { intent: "delete", id: String(notificationId) })).status()).toBe(404);
    expect((await post("/profile/alerts", { intent: "removeWatch", watchId: String(watchId) })).status()).toBe(302);
    // The heart toggles B's own favourite, whatever flight is named.
    expect((await post("/favorites", { intent: "remove", flightId })).status()).toBe(302);
    await clientB.dispose();

    const clientA = await contextOf("clientA", "198.51.100.131");
    // Still there and unread: its 'Marquer comme lu' form names it.
    const notifications = await (await clientA.get("/notifications")).text();
    expect(notifications).toContain("Notification de A");
    expect(notifications).toMatch(
      new RegExp(
        `name="intent" value="read"[^]*?name="id" value="${notificationId}"|name="id" value="${notificationId}"[^]*?value="read"`,
      ),
    );
    const exported = await (await clientA.get("/profile/data.json")).json();
    expect(JSON.stringify(exported.alertPreferences.watches)).toContain("Matriceville");
    expect(JSON.stringify(exported.favorites)).toContain(flightId);
    await clientA.dispose();
  });
});
