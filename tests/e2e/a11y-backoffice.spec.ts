/**
 * WCAG 2.2 AA of the back-office, with axe as a11y.spec.ts: every
 * staff page in fr, en and de, at 1280 px and on a phone, with a flight's edit panel and
 * a user dialog open; then keyboard only: a flight's edit panel opened and saved, a user
 * dialog opened and closed, focus back on its link. One test per screen.
 */
import AxeBuilder from "@axe-core/playwright";
import { devices, type Page } from "@playwright/test";
import { expect, loginAs, settle, test } from "./fixtures";
import { acceptEssentialCookies } from "./catalogue-helpers";

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
const LANGUAGES = ["fr", "en", "de"] as const;
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
const SCREENS = { desktop: { viewport: { width: 1280, height: 900 } }, phone: PHONE } as const;
/** The flight row's expander, which holds the edit panel. */
const EDIT = {
  fr: "Modifier, détails et historique",
  en: "Edit, details and history",
  de: "Bearbeiten, Details und Verlauf",
} as const;
const NEW_CLIENT = { fr: "Nouveau client", en: "New client", de: "Neuer Kunde" } as const;

async function violations(page: Page, when: string) {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return results.violations.map((violation) => ({
    when,
    rule: violation.id,
    nodes: violation.nodes.map((node) => node.target.join(" ")).slice(0, 5),
  }));
}

const withLanguage = (path: string, language: string) => `${path}${path.includes("?") ? "&" : "?"}lng=${language}`;

for (const [screen, device] of Object.entries(SCREENS)) {
  test.describe(`axe on the back-office, ${screen}`, () => {
    test.use(device);

    test("every staff page, a flight's edit panel and a user dialog have no WCAG 2.2 AA violation in fr, en and de", async ({
      context,
      page,
    }) => {
      test.setTimeout(240_000);
      await acceptEssentialCookies(context);
      await loginAs(page, "admin", { redirectTo: "/admin" });
      const found = [];
      for (const language of LANGUAGES) {
        for (const path of STAFF_PAGES) {
          await page.goto(withLanguage(path, language));
          await settle(page);
          found.push(...(await violations(page, `${path} ${language}`)));
        }
        await page.goto(withLanguage("/admin", language));
        await settle(page);
        await page.getByText(EDIT[language], { exact: true }).first().click();
        found.push(...(await violations(page, `/admin ${language}, edit panel open`)));
        await page.goto(withLanguage("/admin/users", language));
        await settle(page);
        await page.getByRole("link", { name: NEW_CLIENT[language] }).click();
        await expect(page.getByRole("dialog", { name: NEW_CLIENT[language] })).toBeVisible();
        found.push(...(await violations(page, `/admin/users ${language}, user dialog open`)));
      }
      console.log(`axe back-office ${screen}: ${found.length} violations`, JSON.stringify(found, null, 1));
      expect(found).toEqual([]);
    });
  });
}

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
