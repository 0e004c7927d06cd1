/**
 * /empty-legs on a phone: the first card on the first screen, the search and the map a tap
 * away, the map's dots named; and a day with flexible dates asked without an arrival city.
 */
import { cityName } from "#app/content/city-names";
import { DEMO_AIRPORTS } from "#app/db/demo-data";
import { formatDay, zurichDay } from "#app/utils/format";
import { runDemoInstant } from "#tests/demo-flights";

import { violations } from "./axe";
import { upcomingDemoFlights } from "./catalogue-helpers";
import { expect, settle, test } from "./fixtures";

const DAY_MS = 86_400_000;
const demoCityNames = (language: "fr" | "de") => DEMO_AIRPORTS.map((airport) => cityName(airport.servedCity, language));

test("a 390 x 844 phone sees the first flight card on its first screen, the search and the map a tap away", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/empty-legs");
  await settle(page);
  const firstCard = page.getByRole("list", { name: "Vols disponibles" }).getByRole("listitem").first();
  await expect(firstCard).toBeVisible();
  const box = (await firstCard.boundingBox())!;
  expect(box.y).toBeLessThan(844);

  // Both folded: their controls are out of sight until their summary is pressed, by keyboard here.
  await expect(page.getByLabel("Départ", { exact: true })).toBeHidden();
  await expect(page.getByTestId("flight-map")).toBeHidden();
  await page.getByText("Rechercher un vol").focus();
  await page.keyboard.press("Enter");
  await expect(page.getByLabel("Départ", { exact: true })).toBeVisible();
  await page.getByText("Voir la carte des vols").click();
  const map = page.getByTestId("flight-map");
  await expect(map).toBeVisible();
  // The dots are named in the reader's language (a few on a crowded coast may go without).
  const names = await map.locator("ul[aria-hidden] li").allTextContents();
  expect(names.length).toBeGreaterThan(3);
  expect(names.every((name) => demoCityNames("fr").includes(name))).toBe(true);
  await expect(map.locator("ul[aria-hidden] li").first()).toBeVisible();
  expect(await violations(page, "/empty-legs at 390 px, search and map open")).toEqual([]);
});

test("at 1280 px the search and the map show at once, their names in German", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/empty-legs?lng=de");
  await settle(page);
  await expect(page.getByTestId("flight-map")).toBeVisible();
  await expect(page.getByText("Flugkarte anzeigen")).toBeHidden();
  await expect(page.getByLabel("Abflug", { exact: true })).toBeVisible();
  const names = await page.getByTestId("flight-map").locator("ul[aria-hidden] li").allTextContents();
  expect(names.length).toBeGreaterThan(3);
  expect(names.every((name) => demoCityNames("de").includes(name))).toBe(true);
  expect(names.some((name) => !demoCityNames("fr").includes(name))).toBe(true);
  expect(await violations(page, "/empty-legs?lng=de at 1280 px")).toEqual([]);
});

test("flexible dates without an arrival city find a flight two days after the day asked", async ({ page }) => {
  const today = zurichDay(runDemoInstant());
  const flight = upcomingDemoFlights().find(
    (candidate) => !candidate.soldOut && zurichDay(new Date(candidate.departureDate.getTime() - 2 * DAY_MS)) > today,
  )!;
  const asked = zurichDay(new Date(flight.departureDate.getTime() - 2 * DAY_MS));
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/empty-legs");
  await settle(page);
  await page.getByLabel("Départ", { exact: true }).selectOption(flight.fromCity);
  await expect(page).toHaveURL(/from=/);
  await expect(page.getByLabel("Date", { exact: true })).toBeEnabled();
  await page.getByLabel("Dates flexibles").selectOption("3");
  await expect(page).toHaveURL(/flex=3/);
  await page.getByLabel("Date", { exact: true }).selectOption(asked);
  await expect(page).toHaveURL(new RegExp(`date=${asked}`));
  expect(new URL(page.url()).searchParams.get("to")).toBeNull();
  const card = page
    .getByRole("list", { name: "Vols disponibles" })
    .getByRole("listitem")
    .filter({
      has: page.getByRole("heading", { name: `${cityName(flight.fromCity, "fr")} → ${cityName(flight.toCity, "fr")}` }),
    })
    .filter({ hasText: formatDay(flight.departureDate, "fr") });
  await expect(card.first()).toBeVisible();
});
