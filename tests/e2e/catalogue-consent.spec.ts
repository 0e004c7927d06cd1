import { expect, test } from "./fixtures";

test.describe("cookie consent, without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the banner shows on a first visit, and the choice sticks and can be changed on /cookies", async ({ page }) => {
    await page.goto("/about?lng=fr");
    const banner = page.getByRole("region", { name: "Cookies" });
    await expect(banner).toBeVisible();
    await banner.getByRole("button", { name: "Essentiels uniquement" }).click();
    await expect(page).toHaveURL(/\/about/);
    await expect(page.getByRole("region", { name: "Cookies" })).toHaveCount(0);
    await page.goto("/home");
    await expect(page.getByRole("region", { name: "Cookies" })).toHaveCount(0);

    await page.goto("/cookies");
    await expect(page.getByText("Dernière mise à jour : 13.03.2025")).toBeVisible();
    const table = page.getByRole("table");
    await expect(table.getByRole("row", { name: /Essentiels/ })).toContainText("Session : 24 heures");
    await expect(table.getByRole("row", { name: /Analyse/ })).toContainText("14 mois");
    await expect(table.getByRole("row", { name: /Marketing/ })).toContainText("90 jours");
    const analytics = page.getByRole("checkbox", { name: "Analyse" });
    await expect(analytics).not.toBeChecked();
    await analytics.check();
    await page.getByRole("button", { name: "Enregistrer mes choix" }).click();
    await expect(page.getByText("Vos préférences de cookies ont été enregistrées.")).toBeVisible();
    await expect(page.getByRole("checkbox", { name: "Analyse" })).toBeChecked();
    await expect(page.getByRole("checkbox", { name: "Marketing" })).not.toBeChecked();
  });
});
