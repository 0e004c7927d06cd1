import type { Page } from "@playwright/test";

import { acceptEssentialCookies, uniqueSuffix } from "./catalogue-helpers";
/**
 * The bell and the notifications panel of a signed-in client (docs/orders.md 'Notifications
 * and alert preferences').
 */
import { expect, loginAs, test, waitForHydration } from "./fixtures";
import { executeLocalSql } from "./local-d1";

const sqlString = (value: string) => `'${value.replaceAll("'", "''")}'`;

/**
 * A notification for the demo client, written straight into the server's local D1: the
 * alerts that create them are sent by the back-office (a later issue).
 */
async function insertNotification(title: string, message: string) {
  await executeLocalSql(
    `INSERT INTO notifications (user_id, title, message, created_at) VALUES ('demo-user-client', ${sqlString(title)}, ${sqlString(message)}, ${Date.now()})`,
  );
}

test.beforeEach(async ({ context }) => {
  await acceptEssentialCookies(context);
});

test("a notification shows in the bell's count, is marked read, then deleted", async ({ page }) => {
  const title = `Nouveau vol ${uniqueSuffix()}`;
  await insertNotification(title, "Genève → Nice le 5 décembre, places disponibles.");
  await loginAs(page, "client", { redirectTo: "/home?lng=fr" });
  await waitForHydration(page);
  const bell = page
    .getByRole("banner")
    .getByRole("link", { name: /^Notifications, \d+ non lues?$/ })
    .first();
  await expect(bell).toBeVisible();
  const unreadBefore = Number((await bell.getAttribute("aria-label"))!.match(/\d+/)![0]);
  expect(unreadBefore).toBeGreaterThanOrEqual(1);
  await bell.click();
  await expect(page.getByRole("heading", { level: 1, name: "Notifications" })).toBeVisible();

  const item = page.getByTestId("notification").filter({ hasText: title });
  await expect(item).toContainText("Genève → Nice le 5 décembre, places disponibles.");
  await item.getByRole("button", { name: "Marquer comme lu" }).click();
  await expect(item.getByRole("button", { name: "Marquer comme lu" })).toHaveCount(0);
  await expect(
    page
      .getByRole("banner")
      .getByRole("link", { name: `Notifications, ${unreadBefore - 1} non lue${unreadBefore - 1 > 1 ? "s" : ""}` })
      .first(),
  ).toBeVisible();
  await item.getByRole("button", { name: "Supprimer" }).click();
  await expect(page.getByText("Notification supprimée")).toBeVisible();
  await expect(page.getByTestId("notification").filter({ hasText: title })).toHaveCount(0);
});

/**
 * Adds a watch on /profile, checks it is listed in words, and removes it again. The client
 * account is shared by tests running at once: each test uses its own watch, and touches
 * no other.
 */
async function addAndRemoveAWatch(page: Page, { from, to, days }: { from: string; to?: string; days: 7 | 14 | 30 }) {
  const text = to
    ? `Départ ${from} → ${to}, dans les ${days} prochains jours`
    : `Départ ${from}, dans les ${days} prochains jours`;
  const watch = page.getByRole("listitem").filter({ hasText: text });
  const remove = () =>
    watch
      .first()
      .getByRole("button", { name: `Supprimer l'alerte : ${text}` })
      .click();
  // A watch a failed run left behind.
  while ((await watch.count()) > 0) {
    const before = await watch.count();
    await remove();
    await expect(watch).toHaveCount(before - 1);
  }
  await page.getByRole("combobox", { name: "Départ", exact: true }).selectOption({ label: from });
  if (to) await page.getByRole("combobox", { name: "Arrivée (facultatif)" }).selectOption({ label: to });
  await page.getByRole("combobox", { name: "Départ dans les" }).selectOption({ label: `${days} prochains jours` });
  await page.getByRole("button", { name: "Ajouter l'alerte" }).click();
  await expect(page.getByText("Alerte ajoutée")).toBeVisible();
  await expect(
    page.getByRole("list", { name: "Vos alertes" }).getByRole("listitem").filter({ hasText: text }),
  ).toHaveCount(1);
  await remove();
  await expect(page.getByText("Alerte supprimée")).toBeVisible();
  await expect(watch).toHaveCount(0);
}

test("the client keeps route alerts and a weekly cap on alert mails in the profile", async ({ page }) => {
  await loginAs(page, "client", { redirectTo: "/profile?lng=fr" });
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 2, name: "Alertes de vols" })).toBeVisible();
  await addAndRemoveAWatch(page, { from: "Genève", to: "France", days: 14 });

  const cap = page.getByRole("combobox", { name: "Nombre maximum d'emails d'alerte par semaine" });
  await cap.selectOption({ label: "2 emails par semaine" });
  await page.getByRole("button", { name: "Enregistrer la limite" }).click();
  await expect(page.getByText("Limite d'emails enregistrée")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("combobox", { name: "Nombre maximum d'emails d'alerte par semaine" })).toHaveValue("2");
  await page
    .getByRole("combobox", { name: "Nombre maximum d'emails d'alerte par semaine" })
    .selectOption({ label: "Sans limite" });
  await page.getByRole("button", { name: "Enregistrer la limite" }).click();
  await expect(page.getByText("Limite d'emails enregistrée")).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the panel's buttons are plain forms", async ({ page }) => {
    const title = `Alerte ${uniqueSuffix()}`;
    await insertNotification(title, "Zurich → Londres demain.");
    await loginAs(page, "client", { redirectTo: "/notifications?lng=fr" });
    const item = page.getByTestId("notification").filter({ hasText: title });
    await item.getByRole("button", { name: "Marquer comme lu" }).click();
    await expect(
      page.getByTestId("notification").filter({ hasText: title }).getByRole("button", { name: "Marquer comme lu" }),
    ).toHaveCount(0);
    await page
      .getByTestId("notification")
      .filter({ hasText: title })
      .getByRole("button", { name: "Supprimer" })
      .click();
    await expect(page.getByText("Notification supprimée")).toBeVisible();
  });

  test("route alerts are plain forms", async ({ page }) => {
    await loginAs(page, "client", { redirectTo: "/profile?lng=fr" });
    await addAndRemoveAWatch(page, { from: "Suisse", days: 30 });
  });

  test("signed out, the panel asks to sign in", async ({ request }) => {
    const response = await request.get("/notifications", { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers()["location"]).toMatch(/^\/login\?redirectTo=%2Fnotifications/);
  });
});
