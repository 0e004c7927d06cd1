/**
 * The empty legs' map (issue 29, point 3): server-rendered SVG whose routes are links to
 * their flights, usable by keyboard and without JavaScript; and axe on the new parts at
 * 390 px in the three languages (the map on the filtered list, the CO2 and the similar
 * flights of a sold-out flight's page). The desktop audits are in a11y.spec.ts.
 */
import { violations } from "./axe";
import { acceptEssentialCookies, upcomingDemoFlights } from "./catalogue-helpers";
import { expect, settle, test } from "./fixtures";

const PHONE_390 = { width: 390, height: 844 };

test.describe("the map, without JavaScript", () => {
  test.use({ javaScriptEnabled: false, viewport: PHONE_390 });

  test("each route of /empty-legs is a link named by its route and day; Enter opens that flight", async ({
    context,
    page,
  }) => {
    await acceptEssentialCookies(context);
    await page.goto("/empty-legs?lng=fr");
    // On a phone the map is a disclosure under the list's search: it opens without JavaScript.
    await page.getByText("Voir la carte des vols").click();
    const map = page.getByTestId("flight-map");
    await expect(map.getByRole("group", { name: "Carte des vols" })).toBeVisible();
    const routes = map.getByRole("link", { name: / → .+, \d{2} \S+$/ });
    const count = await routes.count();
    expect(count).toBeGreaterThan(1);
    await expect(map.locator("figcaption")).toHaveText(
      `${count} vols de la liste ci-dessous, tracés sur une carte de l'Europe ; chaque trajet mène à son vol.`,
    );
    // The routes follow the list: the first is the first card's flight.
    const firstCard = page.getByRole("list", { name: "Vols disponibles" }).getByRole("listitem").first();
    const href = (await firstCard.getByRole("link", { name: "Réserver ce vol" }).getAttribute("href"))!;
    const route = routes.first();
    await expect(route).toHaveAttribute("href", href);
    const name = (await route.locator("title").textContent())!;
    const [way, day] = name.split(", ");
    await route.focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(way!);
    await expect(page.getByText(new RegExp(`^${day} \\d{4}, \\d{2}:\\d{2}$`))).toBeVisible();
    // The checkout says what the flight emits.
    await expect(page.getByTestId("co2")).toContainText(
      /\d,\d\u00a0t\u00a0CO₂ pour le vol, \d+\u00a0kg\u00a0CO₂ par place/,
    );
  });
});

test("at 390 px, the map, the CO2 and the similar flights have no WCAG 2.2 AA violation (fr, de, en)", async ({
  context,
  page,
}) => {
  test.setTimeout(60_000);
  await page.setViewportSize(PHONE_390);
  await acceptEssentialCookies(context);
  const soldOut = upcomingDemoFlights().find((flight) => flight.soldOut)!;
  const found = [];
  // One language each (the desktop audits every page in all three, a11y.spec.ts).
  for (const [language, path] of [
    ["fr", "/empty-legs?from=Genève"],
    ["de", "/empty-legs"],
    ["en", `/checkout/${soldOut.id}`],
  ] as const) {
    await page.goto(`${path}${path.includes("?") ? "&" : "?"}lng=${language}`);
    await settle(page);
    // The map and the search are disclosures on a phone: audited open, with their names.
    if (path.startsWith("/empty-legs")) {
      const closed = page.locator("#empty-legs details:not([open]) > summary");
      while ((await closed.count()) > 0) await closed.first().click();
      await expect(page.getByTestId("flight-map")).toBeVisible();
    }
    found.push(...(await violations(page, `${path} ${language}`)));
  }
  await expect(page.getByTestId("similar-flights")).toBeVisible();
  expect(found).toEqual([]);
  // The CO2's link opens its answer on the FAQ (/faq#co2), not the FAQ's top with every answer closed.
  await page.getByTestId("co2").getByRole("link", { name: "How is the CO₂ estimated?" }).click();
  await expect(page).toHaveURL(/\/faq#co2$/);
  await expect(page.getByText("We multiply the aircraft's fuel burn per hour", { exact: false })).toBeVisible();
});
