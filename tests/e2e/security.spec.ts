/**
 * The request guards against the real Worker (docs/decisions/006-request-guards.md):
 * cross-site posts, bodies that are not forms or too big, hostile redirect targets and
 * hosts a local build must not answer. HTTP only: no page needed.
 */
import { BASE_URL } from "../../playwright.config";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, expect, test } from "./fixtures";

const EVIL = "https://evil.example";
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const FORM_TYPE = { "Content-Type": "application/x-www-form-urlencoded" };
const signInFields = { intent: "login", email: DEMO_ACCOUNTS.client, password: DEMO_PASSWORD };

test.describe("request guards", () => {
  test.use({ extraHTTPHeaders: { "Accept-Language": "fr-CH,fr;q=0.9" } });

  for (const [kind, path, fields] of [
    ["a document", "/login", signInFields],
    ["a .data request", "/login.data", signInFields],
    ["a ?_data= request", "/login?_data=routes%2Flogin", signInFields],
    ["the /logout resource route", "/logout", {}],
    ["the /newsletter resource route", "/newsletter", { email: "x@example.ch" }],
    ["the /cookies action", "/cookies", { intent: "accept-all" }],
  ] as const) {
    test(`a cross-site POST to ${kind} is refused with 403 and no cookie`, async ({ request }) => {
      const response = await request.post(path, {
        headers: { ...FORM_TYPE, Origin: EVIL },
        data: form(fields),
        maxRedirects: 0,
      });
      expect(response.status()).toBe(403);
      expect(response.headers()["set-cookie"]).toBeUndefined();
      expect(await response.text()).toContain("Requête refusée");
    });
  }

  test("Sec-Fetch-Site cross-site without Origin, and a null Origin, are refused too", async ({ request }) => {
    const fetchSite = await request.post("/login", {
      headers: { ...FORM_TYPE, "Sec-Fetch-Site": "cross-site" },
      data: form(signInFields),
      maxRedirects: 0,
    });
    expect(fetchSite.status()).toBe(403);
    const nullOrigin = await request.post("/logout", {
      headers: { ...FORM_TYPE, Origin: "null" },
      data: "",
      maxRedirects: 0,
    });
    expect(nullOrigin.status()).toBe(403);
  });

  test("without Origin only Sec-Fetch-Site same-origin or none passes: same-site and nothing at all are refused", async ({
    request,
  }) => {
    const post = (headers: Record<string, string>) =>
      request.post("/login", { headers: { ...FORM_TYPE, ...headers }, data: form(signInFields), maxRedirects: 0 });
    // A sibling subdomain's page is another site: it deleted an account with the password (issue 31).
    for (const headers of [{ "Sec-Fetch-Site": "same-site" }, {}] as Array<Record<string, string>>) {
      const refused = await post(headers);
      expect(refused.status(), JSON.stringify(headers)).toBe(403);
      expect(refused.headers()["set-cookie"]).toBeUndefined();
    }
    for (const fetchSite of ["same-origin", "none"]) {
      expect((await post({ "Sec-Fetch-Site": fetchSite })).status(), fetchSite).toBe(302);
    }
  });

  test("a same-origin sign-in still works and ignores a hostile redirect target", async ({ request }) => {
    const response = await request.post("/login", {
      headers: { ...FORM_TYPE, Origin: BASE_URL },
      data: form({ ...signInFields, redirectTo: "/%09/evil.example" }),
      maxRedirects: 0,
    });
    expect(response.status()).toBe(302);
    expect(response.headers()["location"]).toBe("/dashboard");
    expect(response.headers()["set-cookie"]).toContain("jm_session=");
  });

  test("a newline in a redirect target is no 500", async ({ request }) => {
    const response = await request.get("/login?redirectTo=%2F%0D%0ASet-Cookie%3Ax%3D1");
    expect(response.status()).toBe(200);
  });

  for (const [kind, headers, data] of [
    ["JSON", { "Content-Type": "application/json" }, JSON.stringify({ email: "a@b.ch" })],
    ["text", { "Content-Type": "text/plain" }, "email=a@b.ch"],
    ["empty, untyped", {}, ""],
  ] as const) {
    for (const path of [
      "/login",
      "/register",
      "/custom-flight",
      "/exclusive-booking/geneva-sttropez",
      "/newsletter",
      "/logout",
    ]) {
      test(`a ${kind} body to ${path} gets 415 with a small page`, async ({ request }) => {
        const response = await request.post(path, { headers: { ...headers, Origin: BASE_URL }, data, maxRedirects: 0 });
        expect(response.status()).toBe(415);
        expect((await response.body()).byteLength).toBeLessThan(5_000);
      });
    }
  }

  test("a 5 MB field gets 413 with a small page that does not echo it", async ({ request }) => {
    const marker = "Z9".repeat(2_500_000);
    const response = await request.post("/custom-flight", {
      headers: { ...FORM_TYPE, Origin: BASE_URL },
      data: form({ firstName: marker }),
      maxRedirects: 0,
    });
    expect(response.status()).toBe(413);
    const body = await response.text();
    expect(body.length).toBeLessThan(5_000);
    expect(body).not.toContain("Z9Z9Z9");
    expect(body).toContain("Envoi trop volumineux");
  });

  test("methods the app does not take get 405", async ({ request }) => {
    for (const method of ["PUT", "DELETE", "PATCH"]) {
      const response = await request.fetch("/login", {
        method,
        headers: { ...FORM_TYPE, Origin: BASE_URL },
        data: "a=1",
      });
      expect(response.status()).toBe(405);
    }
  });

  test("a local build refuses a host that is not local", async ({ request }) => {
    const response = await request.get("/dev/mail", { headers: { Host: "jetmalin.example" } });
    expect(response.status()).toBe(403);
    expect(await response.text()).not.toContain("mail");
  });

  test("every answer, refusals included, carries the security headers", async ({ request }) => {
    for (const response of [
      await request.get("/home"),
      await request.post("/login", { headers: { ...FORM_TYPE, Origin: EVIL }, data: "" }),
    ]) {
      expect(response.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
      expect(response.headers()["x-content-type-options"]).toBe("nosniff");
    }
  });
});
