/**
 * The cards and finding a flight on a phone (docs/catalogue.md). The search and
 * the list open /home (within one screen of scrolling at 390 px), the bookable flights
 * come before the sold-out ones, a sold-out card's ribbon hides neither its date, time
 * nor price, every card has its city's drawing, and the search works with and without
 * JavaScript.
 */
import type { Locator, Page } from "@playwright/test";

import { citySlug } from "#app/content/city-slug";
import { DEMO_AIRPORTS } from "#app/db/demo-data";

import { acceptEssentialCookies } from "./catalogue-helpers";
import { expect, test, waitForHydration } from "./fixtures";

test.beforeEach(async ({ context }) => {
  await acceptEssentialCookies(context);
});

const PHONE = { width: 390, height: 844 };
const cards = (page: Page) => page.getByRole("list", { name: "Vols disponibles" }).getByRole("article");

type Box = { x: number; y: number; width: number; height: number };
const intersects = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The element really painted at the middle of `locator` is it (or inside it): nothing covers it. */
async function isUncovered(locator: Locator) {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return top !== null && element.contains(top);
  });
}

async function expectSoldOutCardReadable(card: Locator) {
  const ribbon = card.getByText("SOLD OUT", { exact: true });
  await expect(ribbon).toBeVisible();
  const date = card.locator("dt", { hasText: "Date" }).locator("+ dd");
  const time = card.locator("dt", { hasText: "Heure" }).locator("+ dd");
  const price = card.getByText(/à partir de .* par personne/);
  const title = card.getByRole("heading");
  await card.scrollIntoViewIfNeeded();
  const ribbonBox = (await ribbon.boundingBox())!;
  for (const [name, part] of [
    ["date", date],
    ["time", time],
    ["price", price],
    ["route", title],
  ] as const) {
    await expect(part, name).toBeVisible();
    expect(intersects(ribbonBox, (await part.boundingBox())!), `the ribbon covers the ${name}`).toBe(false);
    expect(await isUncovered(part), `something covers the ${name}`).toBe(true);
  }
  await expect(date).toHaveText(/^\d{2} \p{L}+ \d{4}$/u);
  await expect(time).toHaveText(/^\d{2}:\d{2}$/);
}

test("/home on a phone: search and list first, bookable flights before sold-out ones, readable sold-out cards, a drawing per city", async ({
  page,
  request,
  consoleErrors,
}) => {
  await page.setViewportSize(PHONE);
  // Every demo flight on one page (40), so the order can be read end to end.
  await page.goto("/home?lng=fr&show=60");

  // The route and date search at the top, then the list within one screen of scrolling.
  const search = page.getByRole("form", { name: "Rechercher un vol" });
  const searchBox = (await search.boundingBox())!;
  const listBox = (await page.getByRole("list", { name: "Vols disponibles" }).boundingBox())!;
  expect(searchBox.y).toBeLessThan(listBox.y);
  expect(listBox.y).toBeLessThan(1000);
  await expect(page.getByRole("heading", { level: 1, name: "Vols Optimisés à prix Malin" })).toBeVisible();
  // The exclusive flights and the offer tabs are still on the page, after the list.
  const exclusiveBox = (await page.locator("#exclusive").boundingBox())!;
  expect(exclusiveBox.y).toBeGreaterThan(listBox.y + listBox.height);
  await expect(page.locator("#exclusive").getByRole("article")).toHaveCount(3);
  await expect(
    page
      .locator("#offers")
      .getByRole("link", { name: "Empty Legs" })
      .or(page.getByRole("tab", { name: "Empty Legs" })),
  ).toBeVisible();

  // Bookable flights first, then the sold-out ones.
  const soldOut = await cards(page).evaluateAll((articles) =>
    articles.map((article) => article.textContent!.includes("SOLD OUT")),
  );
  expect(soldOut.length).toBeGreaterThanOrEqual(30);
  const firstSoldOut = soldOut.indexOf(true);
  expect(firstSoldOut).toBeGreaterThan(0);
  expect(soldOut.slice(firstSoldOut)).not.toContain(false);
  await expect(cards(page).first().getByRole("link", { name: "Réserver ce vol" })).toBeVisible();

  // A sold-out card: the ribbon covers neither the date, the time, the price nor the route, on a phone and a desktop.
  const soldOutCard = cards(page).nth(firstSoldOut);
  await expectSoldOutCardReadable(soldOutCard);
  await page.setViewportSize({ width: 1280, height: 900 });
  await expectSoldOutCardReadable(soldOutCard);

  // Every city of the demo data shown has its own drawing, never the default scene. Other
  // tests make up cities ('Testville-…', 'Cartes-…') that rightly get the default: only the
  // seeded airports' cities are checked.
  const seeded = new Set(DEMO_AIRPORTS.map((airport) => `/art/${citySlug(airport.servedCity)}.svg`));
  const drawings = await page
    .getByRole("list", { name: "Vols disponibles" })
    .locator("img")
    .evaluateAll((images) => [...new Set(images.map((image) => image.getAttribute("src")!))]);
  const ofTheData = drawings.filter((src) => seeded.has(src));
  expect(ofTheData.length).toBeGreaterThanOrEqual(15);
  const fallback = await (await request.get("/art/default.svg")).text();
  for (const src of ofTheData) {
    const response = await request.get(src);
    expect(response.ok(), src).toBe(true);
    expect(await response.text(), `${src} is the default scene`).not.toBe(fallback);
  }
  expect(consoleErrors).toEqual([]);
});

test("the search at the top of /home narrows the list with JavaScript, at once", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto("/home?lng=fr");
  await waitForHydration(page);
  const search = page.getByRole("form", { name: "Rechercher un vol" });
  await search.getByLabel("Départ").selectOption("Genève");
  await expect(page).toHaveURL(/from=Gen%C3%A8ve/);
  await search.getByLabel("Arrivée").selectOption("St-Tropez");
  await expect(page).toHaveURL(/to=St-Tropez/);
  await expect(cards(page).first()).toBeVisible();
  for (const text of await cards(page).getByRole("heading").allTextContents()) expect(text).toBe("Genève → St-Tropez");
  // The page stays where the search is: the list right under it.
  const listBox = (await page.getByRole("list", { name: "Vols disponibles" }).boundingBox())!;
  expect(listBox.y).toBeLessThan(1000);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the search at the top of /home narrows the list by departure, then arrival", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto("/home?lng=fr");
    const search = page.getByRole("form", { name: "Rechercher un vol" });
    await expect(search.getByLabel("Arrivée")).toBeDisabled();
    await search.getByLabel("Départ").selectOption("Genève");
    await search.getByRole("button", { name: "Rechercher" }).click();
    await expect(page).toHaveURL(/from=Gen%C3%A8ve/);
    for (const text of await cards(page).getByRole("heading").allTextContents()) expect(text).toMatch(/^Genève → /);

    await search.getByLabel("Arrivée").selectOption("St-Tropez");
    await search.getByRole("button", { name: "Rechercher" }).click();
    await expect(page).toHaveURL(/to=St-Tropez/);
    const headings = await cards(page).getByRole("heading").allTextContents();
    expect(headings.length).toBeGreaterThan(0);
    for (const text of headings) expect(text).toBe("Genève → St-Tropez");
  });
});
