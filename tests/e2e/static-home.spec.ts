/**
 * A signed-out /home is served without React (decision 041): what its one script does in
 * place of the hydrated components. The search, the tabs, the consent banner and the
 * lasting toast's Escape are in catalogue.spec.ts and a11y-keyboard.spec.ts.
 */
import { acceptEssentialCookies } from "./catalogue-helpers";
import { expect, test, uniqueEmail, waitForHydration } from "./fixtures";

test.beforeEach(async ({ context }) => {
  await acceptEssentialCookies(context);
});

test("a form is sent once, its button busy meanwhile, and the page comes back where it was, focus on that button", async ({
  page,
}) => {
  let posts = 0;
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/newsletter", async (route) => {
    if (route.request().method() !== "POST") return route.continue();
    posts += 1;
    await held;
    await route.continue();
  });
  await page.goto("/home?lng=fr");
  await waitForHydration(page);
  expect(await page.evaluate(() => "__remixContext" in window)).toBe(false);

  const footer = page.getByRole("contentinfo");
  await footer.getByLabel("Recevez nos meilleurs empty legs par email").fill(uniqueEmail("static-home"));
  await footer.getByRole("button", { name: "S'inscrire" }).scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => scrollY);
  expect(scrolled).toBeGreaterThan(0);
  // Two presses in a row, as an impatient finger makes them; the answer is held meanwhile.
  const pending = await page.evaluate(async () => {
    const button = document.querySelector<HTMLButtonElement>("#newsletter-submit")!;
    button.focus();
    button.click();
    button.click();
    await new Promise((resolve) => setTimeout(resolve, 50));
    return { disabled: button.disabled, busy: button.form?.getAttribute("aria-busy") };
  });
  expect(pending).toEqual({ disabled: true, busy: "true" });
  const back = page.waitForURL("**/home?lng=fr", { waitUntil: "commit" });
  release();
  await back;

  const toast = page.getByRole("status").filter({ hasText: "Presque fini ! Vérifiez votre boîte mail" });
  await expect(toast).toBeVisible();
  expect(posts).toBe(1);
  await expect(page.getByRole("button", { name: "S'inscrire" })).toBeFocused();
  expect(Math.abs((await page.evaluate(() => scrollY)) - scrolled)).toBeLessThan(50);
  // A toast without a link goes after its time (components/toaster.tsx, 4 s for a message).
  await expect(toast).toHaveCount(0, { timeout: 8000 });
});

test("the sign-in toast of the heart stays until closed, and its button closes it", async ({ page }) => {
  await page.goto("/home?lng=fr");
  await waitForHydration(page);
  const card = page.getByRole("list", { name: "Vols disponibles" }).getByRole("article").first();
  await card.getByRole("button", { name: /aux favoris/ }).click();
  const toast = page.getByRole("alert").filter({ hasText: "Connexion requise" });
  await expect(toast.getByRole("link", { name: "Se connecter" })).toBeVisible();
  await waitForHydration(page);
  await expect(page.locator("#main")).toBeFocused();
  await page.waitForTimeout(4500);
  await expect(toast).toBeVisible();
  await toast.getByRole("button", { name: "Fermer" }).click();
  await expect(toast).toHaveCount(0);
});

test("on a phone, Escape closes the menu and gives focus back to its button", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/home?lng=fr");
  await waitForHydration(page);
  const menu = page.locator("header details");
  await menu.locator("summary").click();
  await expect(menu).toHaveAttribute("open", "");
  await page.getByRole("banner").getByRole("link", { name: "Se connecter" }).last().focus();
  await page.keyboard.press("Escape");
  await expect(menu).not.toHaveAttribute("open", "");
  await expect(menu.locator("summary")).toBeFocused();
});

test("'Voir plus de vols' opens the longer list where the visitor was, focus on the link", async ({ page }) => {
  await page.goto("/home?lng=fr");
  await waitForHydration(page);
  const more = page.getByRole("link", { name: "Voir plus de vols" });
  await more.scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => scrollY);
  expect(scrolled).toBeGreaterThan(0);
  await more.click();
  await expect(page).toHaveURL(/show=12/);
  await expect(page.getByRole("list", { name: "Vols disponibles" }).getByRole("article")).toHaveCount(12);
  await waitForHydration(page);
  await expect(page.getByRole("link", { name: "Voir plus de vols" })).toBeFocused();
  expect(Math.abs((await page.evaluate(() => scrollY)) - scrolled)).toBeLessThan(50);
});
