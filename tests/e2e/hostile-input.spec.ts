/**
 * Hostile input against every action of app/routes/, HTTP only but
 * for the one probe that needs the dev mailbox: each action's form fields are read from
 * its own page (the intent kept, so each form is reached), then filled with hostile
 * values, duplicated, left out, or replaced by a body of the wrong type or size. Every
 * answer is a 4xx, a redirect, or a 200 page showing the form again, never a 500, never
 * a stack trace or an `Error:`; a 400 page carries its translated message. Then one name
 * with `<script>` and `=cmd|` goes through the checkout: the order page, the order mail
 * and the CSV export show it inert. Prints the number of requests sent.
 */
import { type APIRequestContext, request as playwrightRequest } from "@playwright/test";

import { signPayload } from "#app/payments/stripe-events.server";

import { BASE_URL } from "../../playwright.config";
import { readPlacedMail, signInOverHttp, staffRequest } from "./admin-helpers";
import { fillCustomer, fillPassengers, uniqueSuffix, upcomingDemoFlights } from "./catalogue-helpers";
import { DEMO_PASSWORD, expect, settle, test } from "./fixtures";
import { readRoutes, type RouteFile, withQuery } from "./permission-routes";
import { ensureFixture, MATRIX_FIXTURE, NOT_SENT_ACTIONS } from "./permission-table";

const SAME_ORIGIN = { Origin: BASE_URL };
const FORM_TYPE = { "Content-Type": "application/x-www-form-urlencoded" };
const SERVER_ERROR = /Unexpected Server Error|at [\w$.]+ \(|\.tsx?:\d+|\.js:\d+:\d+|\bError: /;

/** What a field may receive from someone who means harm or a broken client. */
export const HOSTILE_VALUES: Record<string, string> = {
  empty: "",
  blank: "   ",
  long: "x".repeat(10_000),
  markup: `<script>alert(1)</script><img src=x onerror=alert(1)>"'`,
  sql: "' OR 1=1; DROP TABLE users; --",
  control: "a\u0000b\u0007c\u001b[31m\r\n",
  bidi: "\u202Egnp.exe\u202C\u200B\uFEFF",
  emoji: "✈️👨‍👩‍👧‍👦🏳️‍🌈",
  object: "[object Object]",
  array: "a,b[]=c",
  negative: "-1",
  nan: "NaN",
  hex: "0x10",
  exponent: "1e3",
  huge: "9".repeat(400),
};

const ACTION_ROUTES = readRoutes(MATRIX_FIXTURE.params).filter((route) => route.hasAction);

/** Who posts: staff actions as the admin, personal ones as client B (the matrix's throw-away client), the rest signed out. */
function callerOf(route: RouteFile): "admin" | "client" | "anonymous" {
  if (route.file.startsWith("admin") || route.file === "new-flight.tsx") return "admin";
  if (/^(profile|notifications)/.test(route.file)) return "client";
  return "anonymous";
}

/** The fields of the forms a page posts to `path` (hidden ones too), the intents as their values. */
function formsOf(html: string, route: RouteFile): Array<Array<[string, string]>> {
  const forms = [...html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)].filter(([, attributes]) => {
    const action = /action="([^"]*)"/.exec(attributes ?? "")?.[1]?.replaceAll("&amp;", "&");
    return /method="post"/i.test(attributes ?? "") && (!action || action.split("?")[0] === route.path.split("?")[0]);
  });
  return forms.map(([, , body]) => {
    const fields: Array<[string, string]> = [];
    for (const [tag] of (body ?? "").matchAll(/<(input|select|textarea|button)\b[^>]*>/g)) {
      const name = /\bname="([^"]+)"/.exec(tag)?.[1];
      if (!name) continue;
      const value = /\bvalue="([^"]*)"/.exec(tag)?.[1] ?? "";
      if (name === "intent" || /type="hidden"/.test(tag)) fields.push([name, value.replaceAll("&amp;", "&")]);
      else if (!fields.some(([existing]) => existing === name)) fields.push([name, ""]);
    }
    return fields;
  });
}

/** Fields of the resource routes (no page to read them from). */
const RESOURCE_FIELDS: Array<[string, string]> = [
  ["intent", "join"],
  ["flightId", MATRIX_FIXTURE.flightId],
  ["email", ""],
  ["redirectTo", "/home"],
  ["id", "1"],
];

/** Forms that only JavaScript posts (the passkey buttons, decision 038): no page shows their fields. */
const SCRIPT_FORMS: Record<string, Array<Array<[string, string]>>> = {
  "login.tsx": [
    [
      ["intent", "passkey"],
      ["response", "{}"],
      ["redirectTo", "/home"],
    ],
  ],
  "profile_.passkeys.tsx": [
    [
      ["intent", "add"],
      ["name", "Portable"],
      ["response", "{}"],
    ],
    [
      ["intent", "removeWithPasskey"],
      ["id", "1"],
      ["response", "{}"],
    ],
    [
      ["intent", "confirm"],
      ["response", "{}"],
    ],
  ],
};

const encode = (fields: Array<[string, string]>) => new URLSearchParams(fields).toString();

/**
 * The actions in groups, one test each, so that both workers share the probe (it took one
 * worker 30 s as one test). A route falls in the first group whose test matches its file;
 * the last group takes every other, so a new route is probed without anyone adding it.
 */
const ROUTE_GROUPS: Array<{ name: string; matches: (route: RouteFile) => boolean }> = [
  { name: "the back-office", matches: (route) => callerOf(route) === "admin" },
  { name: "the signed-in client's pages", matches: (route) => callerOf(route) === "client" },
  {
    name: "sign-in, registration and passkeys",
    matches: (route) => /^(login|register|reset-password|passkeys)/.test(route.file),
  },
  {
    name: "booking and payment",
    matches: (route) =>
      /^(checkout|confirmation|exclusive-booking|custom-flight|dev\.pay|waitlist|favorites|webhooks)/.test(route.file),
  },
  { name: "mail links, newsletter, cookies, language and the rest", matches: () => true },
];
const groupOf = (route: RouteFile) => ROUTE_GROUPS.findIndex((group) => group.matches(route));

/** Runs `probe` on every item, `limit` at a time (no batch waits for its slowest). */
async function inPool<T>(items: T[], limit: number, probe: (item: T) => Promise<void>) {
  const queue = [...items];
  await Promise.all(
    Array.from({ length: limit }, async () => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await probe(item);
    }),
  );
}

test.describe("hostile input on every action", () => {
  test.use({ extraHTTPHeaders: { "Accept-Language": "fr-CH,fr;q=0.9" } });

  for (const [groupIndex, group] of ROUTE_GROUPS.entries()) {
    const routes = ACTION_ROUTES.filter((route) => route.file !== "logout.tsx" && groupOf(route) === groupIndex);
    // The 5 MB body goes to /register, with the sign-in group.
    const withHugeBody = routes.some((route) => route.file === "register.tsx");
    test(`no action answers a hostile value, field or body with a 500: ${group.name}`, async () => {
      test.setTimeout(300_000);
      await ensureFixture();
      // A network of its own for each caller of each group (the per-network caps, decision 016).
      const network = (offset: number) => `198.51.100.${144 + groupIndex * 3 + offset}`;
      type Caller = ReturnType<typeof callerOf>;
      const contexts: Partial<Record<Caller, Promise<APIRequestContext>>> = {};
      const open = (caller: Caller) =>
        caller === "anonymous"
          ? playwrightRequest.newContext({
              baseURL: BASE_URL,
              extraHTTPHeaders: { "Accept-Language": "fr-CH,fr;q=0.9", "CF-Connecting-IP": network(0) },
            })
          : caller === "client"
            ? signInOverHttp(BASE_URL, MATRIX_FIXTURE.clientB.email, DEMO_PASSWORD, network(1))
            : staffRequest("admin", network(2));
      // Each caller signs in once, the first of the group's routes that needs it.
      const contextOf = (caller: Caller) => (contexts[caller] ??= open(caller));
      let sent = 0;
      const failures: string[] = [];
      const statuses = new Map<number, number>();
      let formErrorsShown = 0;
      let shapeCount = 0;
      let formErrorsInDataOnly = 0;

      const probeRoute = async (route: RouteFile) => {
        let caller = callerOf(route);
        // The sync and the alerts would really run for the admin: probed signed out (their guard) only.
        if (NOT_SENT_ACTIONS[route.file]?.includes("admin")) caller = "anonymous";
        const context = await contextOf(caller);
        const page = route.isPage && route.hasLoader ? await context.get(route.path, { maxRedirects: 0 }) : null;
        const html = page && page.status() === 200 ? await page.text() : "";
        const forms = html ? formsOf(html, route) : [];
        // One form of each shape (a list repeats the same form on every row).
        const distinct = [
          ...new Map(
            forms.map((fields) => [
              fields.map(([name, value]) => (name === "intent" ? `${name}=${value}` : name)).join("&"),
              fields,
            ]),
          ).values(),
        ];
        const shapes = [
          ...(distinct.length > 0 ? distinct.slice(0, 6) : [RESOURCE_FIELDS]),
          ...(SCRIPT_FORMS[route.file] ?? []),
        ];
        shapeCount += shapes.length;

        const send = async (
          label: string,
          init: { headers: Record<string, string>; data: string | Buffer },
          path = route.path,
        ) => {
          const response = await context
            .post(path, { headers: { ...SAME_ORIGIN, ...init.headers }, data: init.data, maxRedirects: 0 })
            .catch((error: Error) => error);
          sent += 1;
          if (response instanceof Error) {
            // A body over the cap is refused on its Content-Length (413) and the socket may close
            // while the client still sends it: the refusal, not a fault.
            if (init.data.length > 64 * 1024 && /ECONNRESET|EPIPE|socket hang up/.test(response.message))
              statuses.set(413, (statuses.get(413) ?? 0) + 1);
            else failures.push(`${route.file} ${label}: ${response.message}`);
            return;
          }
          const status = response.status();
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          const text = await response.text();
          if (status >= 500) failures.push(`${route.file} ${label}: ${status}`);
          else if (SERVER_ERROR.test(text))
            failures.push(`${route.file} ${label}: ${status} shows ${SERVER_ERROR.exec(text)?.[0]}`);
          else if (status === 400 && /text\/html/.test(response.headers()["content-type"] ?? "")) {
            // A form shown again names its faults: conform's aria-invalid fields or the form's alert.
            if (/aria-invalid="true"|role="alert"|Formulaire illisible/.test(text)) formErrorsShown += 1;
            // A row form (a flight of /admin) shows its errors on the row it names: a hostile id names none,
            // the errors stay in the page's action data.
            else if (/\\"errors\\"/.test(text)) formErrorsInDataOnly += 1;
            else failures.push(`${route.file} ${label}: a 400 page without its message`);
          }
        };

        for (const [index, fields] of shapes.entries()) {
          const intentOf = (name: string) => name === "intent";
          for (const [valueName, value] of Object.entries(HOSTILE_VALUES)) {
            const hostile = fields.map(([name, original]): [string, string] => [
              name,
              intentOf(name) ? original : value,
            ]);
            await send(`form ${index} ${valueName}`, { headers: FORM_TYPE, data: encode(hostile) });
          }
          // The intent itself hostile, every field twice, and nothing but the intent.
          await send(`form ${index} hostile intent`, {
            headers: FORM_TYPE,
            data: encode(fields.map(([name, original]) => [name, intentOf(name) ? HOSTILE_VALUES.markup! : original])),
          });
          await send(`form ${index} duplicated`, {
            headers: FORM_TYPE,
            data: encode([...fields, ...fields.map(([name]): [string, string] => [name, HOSTILE_VALUES.sql!])]),
          });
          await send(`form ${index} missing`, {
            headers: FORM_TYPE,
            data: encode(fields.filter(([name]) => intentOf(name))),
          });
          await send(
            `form ${index} ?_data= markup`,
            {
              headers: FORM_TYPE,
              data: encode(
                fields.map(([name, original]) => [name, intentOf(name) ? original : HOSTILE_VALUES.markup!]),
              ),
            },
            withQuery(route.path, `_data=${encodeURIComponent(route.routeId)}`),
          );
        }
        // Bodies of the wrong type or size.
        await send("JSON body", {
          headers: { "Content-Type": "application/json" },
          data: JSON.stringify({ intent: "x", email: { $ne: null }, seats: [1, 2] }),
        });
        await send("malformed multipart", {
          headers: { "Content-Type": "multipart/form-data; boundary=zz" },
          data: '--zz\r\nContent-Disposition: form-data; name="a"\r\n\r\nno end',
        });
        // Over the 64 KiB cap of a form (decision 006); the 5 MB body is sent once, below.
        await send("70 KiB form", { headers: FORM_TYPE, data: `intent=x&name=${"a".repeat(70 * 1024)}` });
        await send("text/plain", { headers: { "Content-Type": "text/plain" }, data: "intent=x" });
      };
      await inPool(routes, 4, probeRoute);
      if (withHugeBody) {
        // 5 MB: refused on its Content-Length before it is read (413), or the connection is
        // closed while the body is still being sent; either way nothing is stored.
        const anonymous = await contextOf("anonymous");
        const huge = await anonymous
          .post("/register", {
            headers: { ...SAME_ORIGIN, ...FORM_TYPE },
            data: `email=${"a".repeat(5 * 1024 * 1024)}`,
            maxRedirects: 0,
          })
          .then((response) => response.status())
          .catch((error: Error) => (/ECONNRESET|EPIPE|socket hang up/.test(error.message) ? 413 : 500));
        sent += 1;
        expect(huge).toBe(413);
      }
      for (const context of Object.values(contexts)) await (await context).dispose();
      console.log(
        `hostile input, ${group.name}: ${sent} requests to ${routes.length} actions; statuses ${JSON.stringify(Object.fromEntries(statuses))}; ${formErrorsShown} forms shown again with their message, ${formErrorsInDataOnly} with it in the action data only; ${shapeCount} form shapes`,
      );
      expect(failures).toEqual([]);
      // More than 500 requests for all the actions, as when they were one test: each group its share at least.
      expect(sent).toBeGreaterThan(500 / ROUTE_GROUPS.length);
      expect(routes.length).toBeGreaterThan(0);
    });
  }

  test("a name with <script> and =cmd| is shown inert on the order page, in the order mail and in the CSV export", async ({
    page,
  }) => {
    const flight = upcomingDemoFlights()
      .filter((candidate) => !candidate.soldOut && candidate.feedSeats >= 4)
      .at(-8)!;
    const email = `hostile.${uniqueSuffix()}@example.ch`;
    const firstName = `<script>alert(1)</script>`;
    const lastName = `=cmd|' /C calc'!A0`;
    await page.goto(`/checkout/${flight.id}?lng=fr`);
    await settle(page);
    await page.getByLabel("Nombre de places").selectOption("1");
    await fillPassengers(page, 1, [`${firstName} ${lastName}`]);
    await fillCustomer(page, email, { firstName, lastName });
    await page.getByLabel("J'accepte les conditions générales").check();
    await page.getByRole("button", { name: "Confirmer la réservation" }).click();
    await page.waitForURL(/\/dev\/pay\//);

    // The placed mail waits for a payment (docs/orders.md 'Messages'): the cron sends it once that wait is over.
    const mail = await readPlacedMail(page, email);
    expect(mail.html).not.toContain("<script>alert(1)");
    expect(mail.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(mail.text).toContain(firstName);

    const orderLink = mail.links.find((link) => /\/confirmation\//.test(link))!;
    const orderPage = await page.request.get(orderLink);
    const orderHtml = await orderPage.text();
    expect(orderPage.status()).toBe(200);
    expect(orderHtml).not.toContain("<script>alert(1)");
    expect(orderHtml).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");

    const admin: APIRequestContext = await staffRequest("admin", "198.51.100.143");
    const csv = await (
      await admin.post("/admin/orders/export", {
        headers: { ...FORM_TYPE, ...SAME_ORIGIN },
        data: encode([
          ["q", email],
          ["status", ""],
        ]),
      })
    ).text();
    await admin.dispose();
    const line = csv.split(/\r?\n/).find((row) => row.includes(email))!;
    expect(line, csv).toBeTruthy();
    // The name cell starts with a quote, so a spreadsheet reads text, not a formula.
    expect(line).toContain("<script>alert(1)</script>");
    expect(line.split(";").some((cell) => /^"?[=+\-@]/.test(cell))).toBe(false);
  });

  test("the search's radius and flexible dates (decision 036): a value not offered is the default, shown so; 5 MB is refused, never a 500", async ({
    request,
  }) => {
    for (const path of ["/home", "/empty-legs"]) {
      for (const query of ["radius=73&flex=9", `radius=${HOSTILE_VALUES.huge}&flex=${HOSTILE_VALUES.markup}`]) {
        const response = await request.get(`${path}?lng=fr&from=Lausanne&${query}`);
        const html = await response.text();
        expect(response.status(), `${path} ${query.slice(0, 20)}`).toBe(200);
        expect(html).toMatch(/<option value="0" selected="">Lausanne uniquement<\/option>/);
        expect(html).toMatch(/<option value="0" selected="">Date exacte<\/option>/);
      }
    }
    // 5 MB in the query: refused before the app, or the connection closed; either way no 500.
    const huge = await request
      .get(`/empty-legs?radius=${"9".repeat(5 * 1024 * 1024)}`)
      .then((response) => response.status())
      .catch((error: Error) => (/ECONNRESET|EPIPE|socket hang up/.test(error.message) ? 414 : 500));
    expect(huge).toBeGreaterThanOrEqual(400);
    expect(huge).toBeLessThan(500);
  });

  test("no cookie the app reads, holding %ff, %, a cut UTF-8 sequence or 10 KB of junk, makes a 500: each is cleared", async ({
    request,
  }) => {
    // The app's cookies under their local names (app/cookies.server.ts); `__Host-` in production.
    const names = ["jm_session", "jm_toast", "i18nextLng", "jm_consent", "jm_d1", "jm_webauthn"];
    const values = { "%ff": "%ff", "%": "%", "cut UTF-8": "%E2%82", junk: "$%!*{}[]x".repeat(1138) };
    let sent = 0;
    for (const name of names) {
      for (const [kind, value] of Object.entries(values)) {
        for (const path of ["/home", "/home.data", "/login"]) {
          const response = await request.get(path, { headers: { Cookie: `${name}=${value}` }, maxRedirects: 0 });
          sent++;
          const label = `${name}=${kind} on ${path}`;
          expect.soft(response.status(), label).toBeLessThan(500);
          expect.soft(await response.text(), label).not.toMatch(SERVER_ERROR);
          const cleared = (response.headersArray() ?? [])
            .filter(({ name: header }) => header.toLowerCase() === "set-cookie")
            .some(({ value: cookie }) => cookie.startsWith(`${name}=;`) && /Max-Age=0/.test(cookie));
          expect.soft(cleared, label).toBe(true);
        }
      }
    }
    console.log(`hostile cookies: ${sent} requests`);
  });

  test("a signed webhook of an unexpected shape, or dated in the future, answers 400, never a 5xx", async ({
    request,
  }) => {
    // The local webhook secret (wrangler.toml), public by design.
    const secret = "whsec_local_simulator_not_a_secret";
    const now = Math.floor(Date.now() / 1000);
    const event = (fields: Record<string, unknown>) =>
      JSON.stringify({
        id: "evt_hostile",
        object: "event",
        type: "payment_intent.amount_capturable_updated",
        ...fields,
      });
    const cases: Array<[string, string, number]> = [
      ["data: {}", event({ data: {} }), now],
      ['"object": null', event({ data: { object: null } }), now],
      ["no data", event({}), now],
      ["data as text", event({ data: "x" }), now],
      ["object as a list", event({ data: { object: [] } }), now],
      ["metadata as a number", event({ data: { object: { id: "pi_x", metadata: 5 } } }), now],
      ["an hour ahead", event({ type: "customer.created", data: { object: { id: "cus_x" } } }), now + 3600],
    ];
    for (const [name, body, at] of cases) {
      const response = await request.post("/webhooks/payments", {
        headers: { "Content-Type": "application/json", "Stripe-Signature": await signPayload(body, secret, at) },
        data: body,
        maxRedirects: 0,
      });
      expect.soft(response.status(), name).toBe(400);
    }
  });

  test("a POST with only Sec-Fetch-Site: same-site is refused with 403", async ({ request }) => {
    for (const path of ["/login", "/profile", "/logout", "/cookies"]) {
      const response = await request.post(path, {
        headers: { ...FORM_TYPE, "Sec-Fetch-Site": "same-site" },
        data: "intent=delete&password=x",
        maxRedirects: 0,
      });
      expect.soft(response.status(), path).toBe(403);
    }
  });
});
