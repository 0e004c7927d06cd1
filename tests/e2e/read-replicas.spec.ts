/**
 * Catalogue reads through a D1 session, the visitor's bookmark in the `jm_d1` cookie
 * (docs/decisions/019-read-replicas.md). `wrangler dev` has no replicas: this proves the
 * wiring (the cookie, its attributes, read-your-writes, bad values), not replica lag.
 */
import { BASE_URL } from "../../playwright.config";
import { acceptEssentialCookies, upcomingDemoFlights } from "./catalogue-helpers";
import { expect, loginAs, test, waitForHydration } from "./fixtures";

const BOOKMARK_COOKIE = /^jm_d1=[0-9a-f]{8}(-[0-9a-f]+){3}; Max-Age=300; Path=\/; HttpOnly; SameSite=Lax$/m;

test.beforeEach(async ({ context }) => {
  await acceptEssentialCookies(context);
});

test("after a favourite, /home shows it at once and the visitor keeps the primary's bookmark", async ({
  page,
  context,
}) => {
  // Not a flight of favorites.spec.ts, which toggles the same account's hearts.
  const flights = upcomingDemoFlights().filter((flight) => !flight.soldOut);
  const flight = flights[Math.floor(flights.length / 2) + 3]!;
  const route = `${flight.fromCity} → ${flight.toCity}`;
  const home = `/home?lng=fr&${new URLSearchParams({ from: flight.fromCity, to: flight.toCity })}`;
  const heart = () =>
    page
      .getByRole("article")
      .filter({ has: page.getByRole("heading", { name: route }) })
      .first()
      .getByRole("button", { name: new RegExp(route) });

  await loginAs(page, "client", { redirectTo: home });
  await waitForHydration(page);
  await expect(heart()).toHaveAttribute("aria-pressed", "false");
  const posted = page.waitForResponse(
    (response) => response.request().method() === "POST" && new URL(response.url()).pathname.startsWith("/favorites"),
  );
  await heart().click();
  expect(await (await posted).headerValue("set-cookie")).toMatch(BOOKMARK_COOKIE);
  const [kept] = (await context.cookies(BASE_URL)).filter((cookie) => cookie.name === "jm_d1");
  expect(kept).toMatchObject({ path: "/", httpOnly: true, sameSite: "Lax", secure: false });

  // A new page load, at once: the heart is on.
  const reloaded = await page.goto(home);
  expect(await reloaded!.headerValue("set-cookie")).toMatch(BOOKMARK_COOKIE);
  await waitForHydration(page);
  await expect(heart()).toHaveAttribute("aria-pressed", "true");
  await heart().click();
  await expect(heart()).toHaveAttribute("aria-pressed", "false");
});

test("a malformed jm_d1 is harmless; responses that do not read the catalogue set none", async ({ context, page }) => {
  for (const value of ["not-a-bookmark", "0".repeat(3_000), "00000000-zzzzzzzz"]) {
    await context.addCookies([{ name: "jm_d1", value, url: BASE_URL }]);
    const response = await page.goto("/home?lng=fr");
    expect(response!.status()).toBe(200);
    await expect(page.getByRole("list", { name: "Vols disponibles" }).getByRole("article")).toHaveCount(6);
    expect(await response!.headerValue("set-cookie")).toMatch(BOOKMARK_COOKIE);
  }
  // The visitor now has a valid bookmark: a page, a cacheable translation file and a
  // static file leave it as it is.
  for (const path of ["/about", "/locales/fr/catalogue.json", "/robots.txt"]) {
    const response = await page.request.get(path);
    expect(response.status()).toBe(200);
    expect(response.headers()["set-cookie"] ?? "").not.toContain("jm_d1");
  }
});
