/**
 * Place names in the reader's language (decision 023): cities and countries named in en
 * and de as their readers write them, lists sorted in that language, and staff mails
 * with a country's name, never its code.
 */
import type { Page } from "@playwright/test";

import { acceptEssentialCookies, uniqueSuffix, upcomingDemoFlights } from "./catalogue-helpers";
import { expect, signInContext, test, waitForHydration } from "./fixtures";
import { readLatestMail } from "./mail";

const STAFF = "reservations@jetmalin.test";
const FRENCH_CITIES = ["Genève", "Londres", "Bâle", "Barcelone", "Vienne"];
const ENGLISH_COUNTRIES = ["Switzerland", "Germany", "Austria", "United Kingdom", "Italy", "Spain", "Greece"];

const sorted = (names: string[], language: string) => [...names].sort((a, b) => a.localeCompare(b, language));
const optionTexts = (page: Page, selector: string) =>
  page.locator(selector).locator("option:not([value=''])").allTextContents();
const foundIn = (text: string, names: string[]) => names.filter((name) => text.includes(name));

test.beforeEach(async ({ context }) => {
  await acceptEssentialCookies(context);
});

test("the traveller's lists name and sort places in the reader's language", async ({ page }) => {
  await signInContext(page, "client");
  // /checkout: the billing countries in the reader's language, in its order.
  const flight = upcomingDemoFlights().find((candidate) => !candidate.soldOut)!;
  await page.goto(`/checkout/${flight.id}?lng=de`);
  const german = await optionTexts(page, "select[name=country]");
  expect(german).toEqual(sorted(german, "de"));
  expect(german).toContain("Schweiz");
  // German collation files 'Österreich' with the O's: right after 'Niederlande'.
  expect(german.indexOf("Österreich")).toBe(german.indexOf("Niederlande") + 1);
  expect(foundIn(german.join(" "), ENGLISH_COUNTRIES)).toEqual([]);
  await page.goto(`/checkout/${flight.id}?lng=en`);
  const english = await optionTexts(page, "select[name=country]");
  expect(english.slice(0, 3)).toEqual(["Austria", "Belgium", "France"]);
  expect(english).toEqual(sorted(english, "en"));

  // /custom-flight: the departures.
  await page.goto("/custom-flight?lng=en");
  expect(await optionTexts(page, "select[name=departure]")).toEqual(["Geneva", "Lausanne"]);
  await page.goto("/custom-flight?lng=de");
  expect(await optionTexts(page, "select[name=departure]")).toEqual(["Genf", "Lausanne"]);

  // /profile: the cities and countries a route alert can follow.
  for (const [language, city, country, foreign] of [
    ["de", "Genf", "Schweiz", [...FRENCH_CITIES, ...ENGLISH_COUNTRIES]],
    ["en", "Geneva", "Switzerland", FRENCH_CITIES],
    ["fr", "Genève", "Suisse", ENGLISH_COUNTRIES],
  ] as const) {
    await page.goto(`/profile?lng=${language}`);
    await waitForHydration(page);
    const from = page.locator("select[name=from]");
    const cities = await from.locator("optgroup").first().locator("option").allTextContents();
    const countries = await from.locator("optgroup").last().locator("option").allTextContents();
    expect(cities).toContain(city);
    expect(countries).toContain(country);
    expect(cities, language).toEqual(sorted(cities, language));
    expect(countries, language).toEqual(sorted(countries, language));
    expect(foundIn([...cities, ...countries].join(" "), [...foreign]), language).toEqual([]);
  }
});

test("the back-office and the staff mail name places in words, in the reader's language", async ({ page }) => {
  // A request, its mail, a sign-in and three back-office pages: about 20 s alone, more on a busy machine.
  test.setTimeout(60_000);
  // An exclusive request billed to Austria: the staff mail names it, not 'AT'.
  const suffix = uniqueSuffix();
  const lastName = `Ortsname${suffix}`;
  await page.goto("/exclusive-booking/geneva-sttropez?lng=fr");
  await waitForHydration(page);
  const main = page.getByRole("main");
  await main.getByLabel("Prénom", { exact: true }).fill("Léa");
  await main.getByLabel("Nom", { exact: true }).fill(lastName);
  await main.getByLabel("Email", { exact: true }).fill(`lea.${suffix}@example.ch`);
  await main.getByLabel("Téléphone", { exact: true }).fill("+43 1 234 56 78");
  await main.getByLabel("Adresse", { exact: true }).fill("Ringstrasse 1");
  await main.getByLabel("Code postal", { exact: true }).fill("1010");
  await main.getByLabel("Ville", { exact: true }).fill("Wien");
  await main.getByLabel("Pays").selectOption("AT");
  // The weekend wanted: the first offered day (decision 025).
  await page.getByTestId("exclusive-dates").getByRole("radio").first().check();
  await page.getByRole("button", { name: "Envoyer ma demande" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Demande de réservation envoyée");
  const staffMail = await readLatestMail(page, STAFF, {
    subject: `Nouvelle réservation vol exclusif - Léa ${lastName}`,
  });
  expect(staffMail.text).toContain("Ringstrasse 1, 1010 Wien, Autriche");
  expect(staffMail.text).not.toMatch(/\bAT\b/);

  await signInContext(page, "admin");
  // The requests tab: the route and the country in German.
  await page.goto("/admin/requests?lng=de");
  const request = page.getByTestId("request-card").filter({ hasText: lastName });
  await expect(request).toContainText("Genf → St-Tropez");
  await expect(request).toContainText("1010 Wien, Österreich");

  // The flights tab: rows and their details in German, then in English.
  await page.goto("/admin?lng=de");
  const list = page.getByRole("main");
  await expect(list).toContainText("Schweiz");
  const germanRows = (await list.textContent()) ?? "";
  expect(foundIn(germanRows, [...FRENCH_CITIES, ...ENGLISH_COUNTRIES])).toEqual([]);
  await page.goto("/admin?lng=en");
  await expect(list).toContainText("Switzerland");
  expect(foundIn((await list.textContent()) ?? "", FRENCH_CITIES)).toEqual([]);
});
