/**
 * The hearts of the flight cards for a signed-in client (docs/orders.md 'Favourites and the
 * dashboard').
 */
import type { Page } from "@playwright/test";

import { acceptEssentialCookies, upcomingDemoFlights } from "./catalogue-helpers";
import { expect, signInContext, test, waitForHydration } from "./fixtures";

test.beforeEach(async ({ context }) => {
  await acceptEssentialCookies(context);
});

/** A flight of the middle of the list, that the checkout tests do not book. */
function flightForHearts(offset: number) {
  const flights = upcomingDemoFlights().filter((flight) => !flight.soldOut);
  return flights[Math.floor(flights.length / 2) + offset]!;
}

async function heartOf(page: Page, flight: ReturnType<typeof flightForHearts>) {
  await page.goto(`/home?lng=fr&${new URLSearchParams({ from: flight.fromCity, to: flight.toCity })}`);
  const card = page
    .getByRole("article")
    .filter({ has: page.getByRole("heading", { name: `${flight.fromCity} → ${flight.toCity}` }) })
    .first();
  return card.getByRole("button", { name: new RegExp(`${flight.fromCity} → ${flight.toCity}`) });
}

test("a signed-in client adds and removes a favourite, with the spec's toasts", async ({ page }) => {
  const flight = flightForHearts(0);
  await signInContext(page, "client");
  let heart = await heartOf(page, flight);
  await waitForHydration(page);
  await expect(heart).toHaveAttribute("aria-pressed", "false");
  await heart.click();
  await expect(page.getByText("Vol ajouté aux favoris")).toBeVisible();
  await expect(heart).toHaveAttribute("aria-pressed", "true");
  // It is kept: after a reload the heart is still on.
  heart = await heartOf(page, flight);
  await waitForHydration(page);
  await expect(heart).toHaveAttribute("aria-pressed", "true");
  await expect(heart).toHaveAccessibleName(`Retirer le vol ${flight.fromCity} → ${flight.toCity} des favoris`);
  // The dashboard lists it among the favourite flights.
  await page.goto("/dashboard?lng=fr");
  const favourites = page.getByRole("list", { name: "Vos vols favoris" });
  await expect(
    favourites.getByRole("heading", { name: `${flight.fromCity} → ${flight.toCity}` }).first(),
  ).toBeVisible();
  heart = await heartOf(page, flight);
  await waitForHydration(page);
  await heart.click();
  await expect(page.getByText("Vol retiré des favoris")).toBeVisible();
  await expect(heart).toHaveAttribute("aria-pressed", "false");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the heart is a plain form that toggles the favourite", async ({ page }) => {
    const flight = flightForHearts(1);
    await signInContext(page, "client");
    const heart = await heartOf(page, flight);
    await heart.click();
    await expect(page.getByText("Vol ajouté aux favoris")).toBeVisible();
    await expect(page).toHaveURL(/\/home\?/);
    await expect(await heartOf(page, flight)).toHaveAttribute("aria-pressed", "true");
    await (await heartOf(page, flight)).click();
    await expect(page.getByText("Vol retiré des favoris")).toBeVisible();
  });
});
