/** The bell and the notifications panel of a signed-in client (traveller.md sections 2 and 8). */
import { expect, loginAs, test, waitForHydration } from "./fixtures";
import { executeLocalSql } from "./local-d1";
import { acceptEssentialCookies, uniqueSuffix } from "./catalogue-helpers";

const sqlString = (value: string) => `'${value.replaceAll("'", "''")}'`;

/**
 * A notification for the demo client, written straight into the server's local D1: the
 * alerts that create them are sent by the back-office (a later issue).
 */
function insertNotification(title: string, message: string) {
  executeLocalSql(
    `INSERT INTO notifications (user_id, title, message, created_at) VALUES ('demo-user-client', ${sqlString(title)}, ${sqlString(message)}, ${Date.now()});`,
  );
}

test.beforeEach(async ({ context }) => {
  await acceptEssentialCookies(context);
});

test("a notification shows in the bell's count, is marked read, then deleted", async ({ page }) => {
  const title = `Nouveau vol ${uniqueSuffix()}`;
  insertNotification(title, "Genève → Nice le 5 décembre, places disponibles.");
  await loginAs(page, "client");
  await page.goto("/home?lng=fr");
  await waitForHydration(page);
  const bell = page.getByRole("banner").getByRole("link", { name: /^Notifications, \d+ non lues?$/ }).first();
  await expect(bell).toBeVisible();
  const unreadBefore = Number((await bell.getAttribute("aria-label"))!.match(/\d+/)![0]);
  expect(unreadBefore).toBeGreaterThanOrEqual(1);
  await bell.click();
  await expect(page.getByRole("heading", { level: 1, name: "Notifications" })).toBeVisible();

  const item = page.getByTestId("notification").filter({ hasText: title });
  await expect(item).toContainText("Genève → Nice le 5 décembre, places disponibles.");
  await item.getByRole("button", { name: "Marquer comme lu" }).click();
  await expect(item.getByRole("button", { name: "Marquer comme lu" })).toHaveCount(0);
  await expect(page.getByRole("banner").getByRole("link", { name: `Notifications, ${unreadBefore - 1} non lue${unreadBefore - 1 > 1 ? "s" : ""}` }).first()).toBeVisible();
  await item.getByRole("button", { name: "Supprimer" }).click();
  await expect(page.getByText("Notification supprimée")).toBeVisible();
  await expect(page.getByTestId("notification").filter({ hasText: title })).toHaveCount(0);
});

test("the client picks the countries of their alerts in the profile", async ({ page }) => {
  await loginAs(page, "client");
  await page.goto("/profile?lng=fr");
  await waitForHydration(page);
  const alerts = page.getByRole("group", { name: /nouveau vol au départ de ces pays/ });
  const france = alerts.getByLabel("France");
  const wanted = !(await france.isChecked());
  await france.setChecked(wanted);
  await page.getByRole("button", { name: "Enregistrer mes alertes" }).click();
  await expect(page.getByText("Alertes enregistrées")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("group", { name: /nouveau vol au départ de ces pays/ }).getByLabel("France")).toBeChecked({ checked: wanted });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the panel's buttons are plain forms", async ({ page }) => {
    const title = `Alerte ${uniqueSuffix()}`;
    insertNotification(title, "Zurich → Londres demain.");
    await loginAs(page, "client");
    await page.goto("/notifications?lng=fr");
    const item = page.getByTestId("notification").filter({ hasText: title });
    await item.getByRole("button", { name: "Marquer comme lu" }).click();
    await expect(page.getByTestId("notification").filter({ hasText: title }).getByRole("button", { name: "Marquer comme lu" })).toHaveCount(0);
    await page.getByTestId("notification").filter({ hasText: title }).getByRole("button", { name: "Supprimer" }).click();
    await expect(page.getByText("Notification supprimée")).toBeVisible();
  });

  test("signed out, the panel asks to sign in", async ({ page }) => {
    await page.goto("/notifications");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fnotifications/);
  });
});
