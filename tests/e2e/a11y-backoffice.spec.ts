/**
 * WCAG 2.2 AA of the back-office, with axe as a11y.spec.ts (tests/e2e/axe.ts): every
 * staff page, with a flight's edit panel and a user dialog open, in fr, en and de at
 * 1280 px (one test per language), and each of them on a phone in one language, the three
 * languages in turn down the list; then keyboard only: a flight's edit panel opened and
 * saved, a user dialog opened and closed, focus back on its link.
 */
import { devices, type Page } from "@playwright/test";

import { violations } from "./axe";
import { acceptEssentialCookies } from "./catalogue-helpers";
import { expect, loginAs, settle, signInContext, test } from "./fixtures";

const LANGUAGES = ["fr", "en", "de"] as const;
type Language = (typeof LANGUAGES)[number];
const STAFF_PAGES = [
  "/admin",
  "/admin/users",
  "/admin/orders",
  "/admin/requests",
  "/admin/requests?kind=custom",
  "/admin/requests?kind=newsletter",
  "/new-flight",
  "/profile",
];
const { defaultBrowserType: _phoneBrowser, ...PHONE } = devices["Pixel 7"];
/** The flight row's expander, which holds the edit panel. */
const EDIT = {
  fr: "Modifier, détails et historique",
  en: "Edit, details and history",
  de: "Bearbeiten, Details und Verlauf",
} as const;
const NEW_CLIENT = { fr: "Nouveau client", en: "New client", de: "Neuer Kunde" } as const;

const withLanguage = (path: string, language: string) => `${path}${path.includes("?") ? "&" : "?"}lng=${language}`;

/** A staff page in one language; on /admin a flight's edit panel then open, on /admin/users a user dialog. */
async function auditStaffPage(page: Page, path: string, language: Language) {
  await page.goto(withLanguage(path, language));
  await settle(page);
  const found = await violations(page, `${path} ${language}`);
  if (path === "/admin") {
    await page.getByText(EDIT[language], { exact: true }).first().click();
    found.push(...(await violations(page, `/admin ${language}, edit panel open`)));
  }
  if (path === "/admin/users") {
    await page.getByRole("link", { name: NEW_CLIENT[language] }).click();
    await expect(page.getByRole("dialog", { name: NEW_CLIENT[language] })).toBeVisible();
    found.push(...(await violations(page, `/admin/users ${language}, user dialog open`)));
  }
  return found;
}

test.describe("axe on the back-office, desktop", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  for (const language of LANGUAGES) {
    test(`every staff page, a flight's edit panel and a user dialog have no WCAG 2.2 AA violation in ${language}`, async ({
      context,
      page,
    }) => {
      // Ten analyses: room for a busy machine (about a second each when idle).
      test.setTimeout(90_000);
      await acceptEssentialCookies(context);
      // Signed in without opening /admin: the first audit opens it in its language.
      await signInContext(page, "admin");
      const found = [];
      for (const path of STAFF_PAGES) found.push(...(await auditStaffPage(page, path, language)));
      console.log(`axe back-office desktop ${language}: ${found.length} violations`, JSON.stringify(found, null, 1));
      expect(found).toEqual([]);
    });
  }
});

test.describe("axe on the back-office, phone", () => {
  test.use(PHONE);

  test("every staff page, a flight's edit panel and a user dialog have no WCAG 2.2 AA violation, in one language each", async ({
    context,
    page,
  }) => {
    test.setTimeout(90_000);
    await acceptEssentialCookies(context);
    await signInContext(page, "admin");
    const found = [];
    for (const [index, path] of STAFF_PAGES.entries())
      found.push(...(await auditStaffPage(page, path, LANGUAGES[index % LANGUAGES.length]!)));
    console.log(`axe back-office phone: ${found.length} violations`, JSON.stringify(found, null, 1));
    expect(found).toEqual([]);
  });
});

test("keyboard only: a flight's edit panel opens and saves, a user dialog opens, closes on Escape and gives focus back", async ({
  context,
  page,
}) => {
  await acceptEssentialCookies(context);
  await loginAs(page, "admin", { redirectTo: "/admin" });
  await settle(page);
  const edit = page.locator("summary", { hasText: "Modifier" }).first();
  await edit.focus();
  await page.keyboard.press("Enter");
  const panel = edit.locator("xpath=..");
  await expect(panel).toHaveAttribute("open", "");
  const save = panel.getByRole("button", { name: "Enregistrer" });
  // Tab from the summary until the save button has focus: every field on the way is reachable.
  for (let step = 0; step < 30 && !(await save.evaluate((button) => button === document.activeElement)); step += 1)
    await page.keyboard.press("Tab");
  await expect(save).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Modifications enregistrées avec succès").first()).toBeVisible();

  await page.goto("/admin/users");
  await settle(page);
  const link = page.getByRole("link", { name: "Nouveau client" });
  await link.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Nouveau client" });
  await expect(dialog).toBeVisible();
  await expect(dialog.locator(":focus")).toHaveCount(1);
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(link).toBeFocused();
});
