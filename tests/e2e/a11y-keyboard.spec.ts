/**
 * Keyboard and language checks that axe cannot make: nothing covers the
 * focused control (a lasting toast neither), the fleet dialog keeps and gives back focus, the filter keeps focus
 * and does not reload at each arrow key, and English and German pages say no French.
 */
import { devices, type Locator, type Page } from "@playwright/test";

import { cityName } from "#app/content/city-names";
import { formatDay } from "#app/utils/format";

import { acceptEssentialCookies, upcomingDemoFlights } from "./catalogue-helpers";
import { expect, settle, test, waitForHydration } from "./fixtures";

const { defaultBrowserType: _phoneBrowser, ...PHONE } = devices["Pixel 7"];

test.describe("on a phone, banner open", () => {
  test.use(PHONE);

  test("tabbing through /home, no focused element is covered, and the banner comes first", async ({ page }) => {
    await page.goto("/home?lng=fr");
    await settle(page);
    const banner = page.getByRole("region", { name: "Cookies", exact: true });
    await expect(banner).toBeVisible();

    const stops: string[] = [];
    // Every stop of the page, down to the footer's newsletter form, until focus leaves the page.
    for (let stop = 0; stop < 250; stop++) {
      await page.keyboard.press("Tab");
      const check = await page.evaluate(() => {
        const focused = document.activeElement as HTMLElement | null;
        if (!focused || focused === document.body) return null;
        const rect = focused.getBoundingClientRect();
        const label = focused.getAttribute("aria-label") ?? focused.getAttribute("name") ?? focused.textContent ?? "";
        const name = `${focused.tagName.toLowerCase()} "${label.trim().slice(0, 40)}"`;
        const bannerElement = document.querySelector('[aria-labelledby="cookie-banner-heading"]');
        const inBanner = !!bannerElement?.contains(focused);
        const bannerRect = bannerElement?.getBoundingClientRect();
        const overlapsBanner =
          !inBanner &&
          !!bannerRect &&
          rect.left < bannerRect.right &&
          rect.right > bannerRect.left &&
          rect.top < bannerRect.bottom &&
          rect.bottom > bannerRect.top;
        const hit = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
        const covered = rect.width > 0 && rect.height > 0 && !(hit && (hit === focused || focused.contains(hit)));
        return { name, inBanner, overlapsBanner, covered, hit: hit?.outerHTML.slice(0, 80) ?? null };
      });
      if (!check) {
        if (stops.length > 0) break;
        continue;
      }
      stops.push(check.name);
      expect(check, `stop ${stop + 1}: ${check.name}`).toMatchObject({ overlapsBanner: false, covered: false });
      // The skip link, then the banner's link and buttons.
      if (stop >= 1 && stop <= 3)
        expect(check.inBanner, "the banner's link and buttons come right after the skip link").toBe(true);
    }
    expect(stops.length).toBeGreaterThan(30);
    expect(stops).toContain('input "email"');

    // A choice: the banner goes, focus lands on the content, the page stays where it was.
    await page.goto("/home?lng=fr");
    await settle(page);
    await banner.getByRole("button", { name: "Essentiels uniquement" }).focus();
    await page.keyboard.press("Enter");
    await expect(banner).toHaveCount(0);
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("main");
  });
});

test.describe("with consent given", () => {
  test.beforeEach(async ({ context }) => {
    await acceptEssentialCookies(context);
  });

  test("the fleet dialog is modal, keeps focus inside, closes on Escape and gives focus back", async ({ page }) => {
    await page.goto("/fleet?lng=en");
    await settle(page);
    const card = page.locator("#aircraft-link-pc12-ngx");
    await card.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog");
    await expect(dialog).toHaveAttribute("aria-modal", "true");
    await expect(page.locator("dialog:modal")).toHaveCount(1);
    await expect(dialog.getByRole("heading", { level: 2 })).toBeFocused();

    for (let stop = 0; stop < 8; stop++) {
      await page.keyboard.press("Tab");
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }
    for (let stop = 0; stop < 3; stop++) {
      await page.keyboard.press("Shift+Tab");
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }

    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(/\/fleet$/);
    await expect(card).toBeFocused();

    // The arrows move to the next aircraft; closing then returns to that aircraft's card.
    await page.keyboard.press("Enter");
    await expect(dialog.locator("[data-aircraft]")).toHaveAttribute("data-aircraft", "pc12-ngx");
    // The keys reach the dialog once it has the focus, as a person sees it open: not before.
    await expect(dialog.getByRole("heading", { level: 2 })).toBeFocused();
    await page.keyboard.press("ArrowRight");
    await expect(dialog.locator("[data-aircraft]")).toHaveAttribute("data-aircraft", "pc12-ng");
    await dialog.getByRole("link", { name: "Close" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.locator("#aircraft-link-pc12-ng")).toBeFocused();
  });

  test("the filter waits for Enter after arrow keys and keeps focus, 'Réinitialiser' too", async ({ page }) => {
    await page.goto("/home?lng=fr");
    await settle(page);
    const search = page.getByRole("form", { name: "Rechercher un vol" });
    const departure = search.getByLabel("Départ");
    await departure.focus();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    const chosen = await departure.inputValue();
    expect(chosen).not.toBe("");
    // No navigation at each arrow key (WCAG 3.2.2).
    await page.waitForTimeout(300);
    await expect(page).toHaveURL(/\/home\?lng=fr$/);

    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`from=${encodeURIComponent(chosen)}`));
    await expect(search.getByLabel("Arrivée")).toBeEnabled();
    await expect(departure).toBeFocused();
    await expect(departure).toHaveValue(chosen);

    // A pointer choice applies at once; focus stays on the select.
    const arrival = search.getByLabel("Arrivée");
    const firstArrival = await arrival.locator("option").nth(1).getAttribute("value");
    await arrival.focus();
    await arrival.selectOption(firstArrival!);
    await expect(page).toHaveURL(/to=/);
    await expect(search.getByLabel("Date", { exact: true })).toBeEnabled();
    await expect(arrival).toBeFocused();

    const reset = page.getByRole("button", { name: "Réinitialiser" });
    await reset.focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/home$/);
    await expect(reset).toBeDisabled();
    await expect(reset).toBeFocused();
  });

  test("/home speaks the visitor's language: cities and dates in English and German", async ({ page }) => {
    const flights = upcomingDemoFlights();
    const departures = [...new Set(flights.map((flight) => flight.fromCity))];

    await page.goto("/home?lng=en");
    const main = page.getByRole("main");
    await expect(main).toContainText("Geneva");
    const english = await main.innerText();
    for (const french of ["Genève", "Londres", "Barcelone"]) expect(english).not.toContain(french);

    await page.goto("/home?lng=de");
    await expect(main).toContainText("Genf");
    const german = await main.innerText();
    for (const french of ["Genève", "Londres", "Barcelone"]) expect(german).not.toContain(french);
    const options = await page.getByRole("form").getByLabel("Abflug").locator("option").allTextContents();
    for (const city of departures) expect(options).toContain(cityName(city, "de"));
    if (departures.includes("Munich")) expect(options).toContain("München");

    const first = flights[0]!;
    const card = page.getByRole("list", { name: "Verfügbare Flüge" }).getByRole("listitem").first();
    const day = formatDay(first.departureDate, "de");
    expect(day).toMatch(/^\d{1,2}\. [A-ZÄÖÜ][a-zäöü]+ \d{4}$/);
    await expect(card).toContainText(day);

    // The footer's country in the page's language.
    await expect(page.getByRole("contentinfo")).toContainText("Schweiz");
  });

  test("the cookie policy's date, the exclusive price and the 404 pages' title in each language", async ({ page }) => {
    await page.goto("/cookies?lng=de");
    await expect(page.getByText("Letzte Aktualisierung: 13. März 2025")).toBeVisible();
    await page.goto("/cookies?lng=en");
    await expect(page.getByText("Last updated: 13 March 2025")).toBeVisible();

    await page.goto("/home?lng=en");
    const exclusive = page.locator("#exclusive").getByRole("article").filter({ hasText: "the aircraft" }).first();
    expect(await exclusive.innerText()).toMatch(/€ the aircraft/);

    // An unknown path, and the pages whose loader finds nothing (their own boundary): a
    // title in the reader's language, never none (axe: document-title).
    for (const [language, title] of [
      ["fr", "Page introuvable"],
      ["en", "Page not found"],
      ["de", "Seite nicht gefunden"],
    ] as const) {
      for (const path of [
        "/no-such-page",
        "/checkout/no-such-flight",
        "/exclusive-booking/no-such-flight",
        "/confirmation/no-such-order",
      ]) {
        const response = await page.goto(`${path}?lng=${language}`);
        expect(response?.status(), path).toBe(404);
        await expect(page, path).toHaveTitle(`${title} – JetMalin`);
      }
    }
  });
});

test.describe("the phone menu", () => {
  test.use(PHONE);

  test("closes on Escape and gives focus back to its button", async ({ page, context }) => {
    await acceptEssentialCookies(context);
    await page.goto("/home?lng=en");
    await settle(page);
    const summary = page.locator("header summary");
    await summary.focus();
    await page.keyboard.press("Enter");
    const menu = page.locator("header details");
    await expect(menu).toHaveAttribute("open", "");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Escape");
    await expect(menu).not.toHaveAttribute("open", "");
    await expect(summary).toBeFocused();
  });
});

/** Shift+Tab from the focused control until `target` has focus, as a keyboard user goes back up the page. */
async function shiftTabTo(page: Page, target: Locator) {
  for (let stop = 0; stop < 80 && !(await target.evaluate((element) => element === document.activeElement)); stop++)
    await page.keyboard.press("Shift+Tab");
  await expect(target).toBeFocused();
}

test.describe("a lasting toast (WCAG 2.4.11)", () => {
  for (const width of [390, 1280])
    for (const bannerOpen of [true, false])
      test(`covers neither the banner's buttons nor the header's controls at ${width} px, banner ${bannerOpen ? "open" : "closed"}, and Escape closes it`, async ({
        page,
        context,
      }) => {
        if (!bannerOpen) await acceptEssentialCookies(context);
        await page.setViewportSize({ width, height: 800 });
        await page.goto("/home?lng=fr");
        await waitForHydration(page);
        await page
          .getByRole("list", { name: "Vols disponibles" })
          .getByRole("button", { name: /aux favoris/ })
          .first()
          .click();
        // Signed out, the heart's toast offers 'Se connecter': it stays until closed.
        const toast = page.getByRole("alert").filter({ hasText: "Connexion requise" });
        await expect(toast).toBeVisible();

        // Going back up the page: the header's last control, then the banner's 'Tout accepter'.
        const targets = [page.getByRole("banner").locator(":is(a, button, summary):visible").last()];
        if (bannerOpen)
          targets.push(
            page.getByRole("region", { name: "Cookies", exact: true }).getByRole("button", { name: "Tout accepter" }),
          );
        for (const target of targets) {
          await shiftTabTo(page, target);
          const toastBox = (await toast.boundingBox())!;
          const check = await target.evaluate((element, toast) => {
            const rect = element.getBoundingClientRect();
            const hit = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
            const overlaps =
              rect.left < toast.x + toast.width &&
              rect.right > toast.x &&
              rect.top < toast.y + toast.height &&
              rect.bottom > toast.y;
            return { name: element.textContent, onTop: !!hit && element.contains(hit), overlaps };
          }, toastBox);
          expect(check).toMatchObject({ onTop: true, overlaps: false });
        }
        await expect(toast).toBeInViewport();
        // Still in sight once the header scrolled away.
        await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
        await expect(toast).toBeInViewport();
        // Wherever it lies, Escape closes it and focus stays where it was.
        const focused = await page.evaluate(() => document.activeElement?.outerHTML);
        await page.keyboard.press("Escape");
        await expect(toast).toHaveCount(0);
        expect(await page.evaluate(() => document.activeElement?.outerHTML)).toBe(focused);
      });
});
