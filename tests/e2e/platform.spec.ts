import { buildDemoFlights, DEMO_AIRPORTS } from "#app/db/demo-data";
import { pricePerPerson } from "#app/flights/pricing";
import { formatDay, formatEuros, formatTime } from "#app/utils/format";
import { runDemoInstant } from "#tests/demo-flights";

import { expect, test, waitForHydration } from "./fixtures";

const cityOf = (code: string) => DEMO_AIRPORTS.find((airport) => airport.icaoCode === code)!.servedCity;

/** The demo flight the home page lists first: the soonest upcoming one. */
function firstDemoFlight() {
  const instant = runDemoInstant();
  const flights = buildDemoFlights(instant)
    .filter((flight) => flight.departureDate > instant)
    .sort((a, b) => a.departureDate.getTime() - b.departureDate.getTime());
  const flight = flights[0]!;
  const soldOut = flight.soldOutOverride === true || flight.feedSeats === 0;
  return { ...flight, soldOut, availableSeats: flight.feedSeats };
}

test("/ redirects to /home and keeps the query string", async ({ request }) => {
  const response = await request.get("/?lng=de&utm_source=test", { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers()["location"]).toBe("/home?lng=de&utm_source=test");
});

test("pages say nothing of their phases without the bench's flag (docs/speed.md)", async ({ request }) => {
  const response = await request.get("/home", { headers: { "Cache-Control": "no-cache" } });
  expect(response.status()).toBe(200);
  expect(response.headers()["server-timing"]).toBeUndefined();
});

test("/home lists the demo flights from D1 in French", async ({ page, consoleErrors }) => {
  await page.goto("/home");
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expect(page.getByRole("heading", { level: 1, name: "Vols Optimisés à prix Malin" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Se connecter" }).first()).toBeVisible();
  await expect(page.getByRole("link", { name: "S'inscrire" }).first()).toBeVisible();

  const cards = page.getByRole("list", { name: "Vols disponibles" }).getByRole("article");
  await expect(cards).toHaveCount(6);
  const flight = firstDemoFlight();
  const first = cards.first();
  await expect(first.getByRole("heading")).toHaveText(`${cityOf(flight.from)} → ${cityOf(flight.to)}`);
  await expect(first).toContainText(flight.aircraftType);
  await expect(first).toContainText(formatDay(flight.departureDate, "fr"));
  await expect(first).toContainText(formatTime(flight.departureDate));
  if (!flight.soldOut) {
    const price = formatEuros(pricePerPerson({ ...flight, offeredSeats: flight.feedSeats }), "fr");
    await expect(first).toContainText(`à partir de ${price} par personne`);
    await expect(first.getByRole("link", { name: "Réserver ce vol" })).toHaveAttribute(
      "href",
      `/checkout/${flight.id}`,
    );
  }
  await waitForHydration(page);
  expect(consoleErrors).toEqual([]);
});

test("?lng=en and ?lng=de switch the language, and the choice sticks", async ({ page }) => {
  await page.goto("/home?lng=en");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Optimised flights at a smart price");
  await expect(page.getByRole("link", { name: "Sign in" }).first()).toBeVisible();
  await expect(page.getByRole("list", { name: "Available flights" }).getByRole("article").first()).toContainText(
    "per person",
  );

  await page.goto("/home");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");

  await page.goto("/home?lng=de");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Optimierte Flüge zum cleveren Preis");
  const flight = firstDemoFlight();
  await expect(page.getByRole("list", { name: "Verfügbare Flüge" }).getByRole("article").first()).toContainText(
    formatDay(flight.departureDate, "de"),
  );
  await page.goto("/home");
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await expect(page.getByRole("link", { name: "Anmelden" }).first()).toBeVisible();
});

test("the footer's language selector switches language in place", async ({ page }) => {
  await page.goto("/home?lng=fr");
  await waitForHydration(page);
  const footer = page.getByRole("contentinfo");
  await footer.getByRole("link", { name: "English" }).click();
  await expect(page).toHaveURL(/lng=en/);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Optimised flights at a smart price");
  await expect(footer.getByRole("link", { name: "Privacy policy" })).toBeVisible();
});

test("the footer carries every link of the spec, the contact details and the languages", async ({ page }) => {
  await page.goto("/home?lng=fr");
  const footer = page.getByRole("contentinfo");
  const expected: Array<[string, string]> = [
    ["À propos", "/about"],
    ["FAQ", "/faq"],
    ["Notre flotte", "/fleet"],
    ["Partenaires", "/partners"],
    ["Empty Legs", "/empty-legs"],
    ["Vols sur mesure", "/custom-flights"],
    ["Politique de confidentialité", "/privacy-policy"],
    ["Conditions générales", "/terms"],
    ["Politique des cookies", "/cookies"],
    ["Mentions légales", "/legal-notice"],
  ];
  for (const [name, href] of expected) {
    await expect(footer.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
  }
  for (const [name, lng] of [
    ["Français", "fr"],
    ["English", "en"],
    ["Deutsch", "de"],
  ]) {
    await expect(footer.getByRole("link", { name })).toHaveAttribute("href", `/home?lng=${lng}`);
  }
  await expect(footer.getByRole("link", { name: /^\+41/ })).toHaveAttribute("href", /^tel:\+41/);
  await expect(footer.getByRole("link", { name: /@jetmalin\.ch$/ })).toHaveAttribute("href", /^mailto:/);
  await expect(footer.locator("address")).toContainText("Genève");
});

test("an unknown path gets a translated 404 page inside the frame", async ({ page }) => {
  const response = await page.goto("/no-such-page?lng=fr");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Page introuvable" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Retour à l'accueil", exact: true })).toHaveAttribute("href", "/home");
  await expect(page.getByRole("contentinfo")).toBeVisible();

  await page.goto("/no-such-page?lng=de");
  await expect(page.getByRole("heading", { level: 1, name: "Seite nicht gefunden" })).toBeVisible();
});

test("documents carry the CSP with a nonce and the security headers", async ({ page }) => {
  const response = await page.goto("/home");
  const headers = response!.headers();
  const nonce = /'nonce-([^']+)'/.exec(headers["content-security-policy"] ?? "")?.[1];
  expect(nonce).toBeTruthy();
  expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  // Local development is plain http: no HSTS here (production sets it).
  expect(headers["strict-transport-security"]).toBeUndefined();
  // Every inline and module script of the page carries this response's nonce, so it
  // ran under the CSP: the page hydrated.
  const scriptNonces = await page
    .locator("script")
    .evaluateAll((scripts) => scripts.map((script) => (script as HTMLScriptElement).nonce));
  expect(scriptNonces.length).toBeGreaterThan(0);
  expect(new Set(scriptNonces)).toEqual(new Set([nonce]));
  await waitForHydration(page);

  const second = await page.request.get("/home");
  expect(second.headers()["content-security-policy"]).not.toContain(nonce!);
});

test("robots.txt, the favicon and the translation files are served", async ({ request }) => {
  expect((await request.get("/robots.txt")).status()).toBe(200);
  expect((await request.get("/favicon.svg")).status()).toBe(200);
  const french = await request.get("/locales/fr/translation.json");
  expect(french.status()).toBe(200);
  expect((await french.json()).header.login).toBe("Se connecter");
  const german = await request.get("/locales/de/translation.json");
  expect((await german.json()).header.login).toBe("Anmelden");
  expect((await request.get("/locales/xx/translation.json")).status()).toBe(404);
});

test("the mobile menu opens without JavaScript and lists the sign-in links", async ({ browser }) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
    locale: "fr-CH",
  });
  const page = await context.newPage();
  await page.goto("/home");
  await expect(page.getByRole("list", { name: "Vols disponibles" }).getByRole("article")).toHaveCount(6);
  await page.getByText("Menu", { exact: true }).click();
  await expect(page.locator("details[open]").getByRole("link", { name: "Se connecter" })).toBeVisible();
  await context.close();
});
