/**
 * 'Sync API' against the feed simulator and 'Envoyer les alertes' (docs/sync.md). These add
 * flights to every page and notify everyone who chose countries, so they run in the
 * `global-state` project, after every other test (playwright.config.ts). Their guard, which
 * changes nothing, is checked in the parallel project (admin-sync.spec.ts).
 */
import type { Page } from "@playwright/test";

import { simulatedFlights } from "#app/feed/feed-simulator";
import { formatDateTime } from "#app/utils/format";

import { newClientOnProfile } from "./account-helpers";
import { sendAlertsOverHttp } from "./admin-helpers";
import { acceptEssentialCookies, uniqueSuffix } from "./catalogue-helpers";
import { expect, loginAs, settle, test, uniqueEmail } from "./fixtures";
import { executeLocalSql } from "./local-d1";
import { readLatestMail } from "./mail";

/** A customer who follows Switzerland, written straight into the server's local D1. */
async function insertSubscriber(email: string) {
  const id = `alert-${uniqueSuffix()}`;
  await executeLocalSql(
    `INSERT INTO users (id, email, password_hash, first_name, last_name, language, email_confirmed_at) VALUES ('${id}', '${email}', 'x', 'Lena', 'Alerte', 'de', ${Date.now()})`,
    `INSERT INTO alert_watches (user_id, from_kind, from_value) VALUES ('${id}', 'country', 'switzerland')`,
  );
}

const banner = (page: Page) => page.getByTestId("admin-banner");

test.beforeEach(async ({ context }) => {
  await acceptEssentialCookies(context);
});

test("'Sync API' brings the simulator's flights, and a second press finds nothing to change", async ({ page }) => {
  await loginAs(page, "gestionnaire");
  await settle(page);
  await page.getByRole("button", { name: "Sync API" }).click();
  await expect(banner(page)).toHaveAttribute("data-type", "success");
  // The simulator's feed: 24 flights, all new on a fresh server (a retry finds them there).
  await expect(banner(page)).toHaveText(/^Synchronisation réussie ! (24 vols synchronisés|0 vol synchronisé)\.$/);
  await page.getByRole("button", { name: "Sync API" }).click();
  await expect(page.getByRole("button", { name: "Sync API" })).toBeEnabled();
  await expect(banner(page)).toHaveText("Synchronisation réussie ! 0 vol synchronisé.");
  const runs = page.locator("details", { hasText: "Dernières synchronisations" });
  await runs.locator("summary").click();
  await expect(runs.getByRole("row").nth(1)).toContainText("Manuelle (Gaston Gestionnaire)");
  await expect(runs.getByRole("row").nth(1)).toContainText("Nouveaux : 0, mis à jour : 0, ignorés : 0");

  // Lugano is an airport only the feed knows: its flights are now on the list.
  await page.goto("/empty-legs?from=Lugano");
  await expect(page.getByRole("article").filter({ hasText: "Lugano" }).first()).toBeVisible();
});

test("a feed flight whose slot a flight of ours holds is skipped, named in the health panel, and the sync goes on", async ({
  page,
}) => {
  // The simulator's last flight of the day's list, made staff's own: the feed's flight at that slot cannot be written.
  const last = simulatedFlights(new Date()).at(-1)!;
  const departure = Date.parse(last.departure_date);
  const route = `departure_airport_id = (SELECT id FROM airports WHERE icao_code = '${last.departure_airport.icao_code}')
    AND arrival_airport_id = (SELECT id FROM airports WHERE icao_code = '${last.arrival_airport.icao_code}')`;
  expect(
    await executeLocalSql(
      `UPDATE flights SET source = 'staff', feed_departure_date = NULL, feed_leg_id = NULL WHERE ${route} AND feed_departure_date = ${departure}`,
    ),
  ).toEqual([1]);
  try {
    await loginAs(page, "admin");
    await settle(page);
    await page.getByRole("button", { name: "Sync API" }).click();
    await expect(banner(page)).toHaveText("Synchronisation réussie ! 0 vol synchronisé.");
    const sync = page.getByTestId("health-sync");
    await expect(sync).toBeVisible();
    await expect(sync).toContainText("À surveiller");
    await expect(sync.getByTestId("sync-skips")).toContainText("1 vol du flux ignoré : 1 créneau déjà pris");
    await expect(sync.getByRole("listitem")).toHaveText(
      `${last.departure_airport.served_city} → ${last.arrival_airport.served_city}, départ le ${formatDateTime(new Date(departure))} : un autre vol de JetMalin occupe ce trajet à cette heure (vol de l'équipe, annulé ou déplacé) ; déplacez-le ou annulez-le pour que le vol du flux soit ajouté.`,
    );
    await expect(sync).toContainText("Vérifiez les vols nommés ci-dessus dans l'onglet Vols.");
    const runs = page.locator("details", { hasText: "Dernières synchronisations" });
    await runs.locator("summary").click();
    await expect(runs.getByRole("row").nth(1)).toContainText("Nouveaux : 0, mis à jour : 0, ignorés : 1");
    await expect(runs.getByRole("row").nth(1)).toContainText("1 créneau déjà pris");
  } finally {
    // Back to the feed's: the next sync gives it its leg id again, and finds the rest unchanged.
    await executeLocalSql(
      `UPDATE flights SET source = 'feed', feed_departure_date = departure_date WHERE ${route} AND source = 'staff' AND departure_date = ${departure}`,
    );
  }
  await page.getByRole("button", { name: "Sync API" }).click();
  await expect(banner(page)).toHaveText("Synchronisation réussie ! 1 vol synchronisé.");
  await expect(page.getByTestId("health-sync").getByTestId("sync-skips")).toHaveCount(0);
});

test("'Envoyer les alertes' alerts a customer once: a count, then none", async ({ page }) => {
  const email = `alert-${uniqueSuffix()}@example.test`;
  await insertSubscriber(email);
  await loginAs(page, "admin");
  await settle(page);
  await page.getByRole("button", { name: "Envoyer les alertes" }).click();
  await expect(banner(page)).toHaveText(/^\d+ alertes? envoyées?\.$/);
  await page.getByRole("button", { name: "Envoyer les alertes" }).click();
  await expect(banner(page)).toHaveText(
    "Aucune alerte envoyée. Vérifiez les préférences des utilisateurs et les vols disponibles.",
  );
  // One mail, in the customer's language, listing the Swiss departures.
  const mail = await readLatestMail(page, email);
  expect(mail.subject).toMatch(/neue Flüge für Ihre Alarme|Ein neuer Flug für Ihre Alarme/);
  expect(mail.text).toContain("Genf");
});

test("a route alert made in /profile: 'Envoyer les alertes' brings its notification and its mail", async ({ page }) => {
  const email = uniqueEmail("watch");
  await newClientOnProfile(page, email, "Gaspard", "Veille");
  // Geneva's departures in the next 30 days: the demo always has some.
  await page.getByRole("combobox", { name: "Départ", exact: true }).selectOption({ label: "Genève" });
  await page.getByRole("combobox", { name: "Départ dans les" }).selectOption({ label: "30 prochains jours" });
  await page.getByRole("button", { name: "Ajouter l'alerte" }).click();
  await expect(
    page
      .getByRole("list", { name: "Vos alertes" })
      .getByRole("listitem")
      .filter({ hasText: "Départ Genève, dans les 30 prochains jours" }),
  ).toHaveCount(1);

  // Staff send the alerts: the button's post over HTTP (the test above presses it in Chromium).
  expect(await sendAlertsOverHttp()).toMatch(/^\d+ alertes? envoyées?\.$/);

  // The customer's job runs on the queue: the notification and the mail follow in seconds.
  const alert = page.getByTestId("notification").filter({ hasText: /Nouveau vol\s*:\s*Genève → / });
  await expect(async () => {
    await page.goto("/notifications");
    await expect(alert.first()).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  const mail = await readLatestMail(page, email);
  expect(mail.subject).toMatch(/^(Un nouveau vol|\d+ nouveaux vols) pour vos alertes – JetMalin$/);
  expect(mail.text).toContain("Genève →");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the buttons are plain forms: the banner shows after the redirect", async ({ page }) => {
    await loginAs(page, "admin");
    await page.getByRole("button", { name: "Sync API" }).click();
    await expect(page).toHaveURL("/admin");
    await expect(banner(page)).toHaveText("Synchronisation réussie ! 0 vol synchronisé.");
    await page.getByRole("button", { name: "Envoyer les alertes" }).click();
    await expect(banner(page)).toHaveText(
      "Aucune alerte envoyée. Vérifiez les préférences des utilisateurs et les vols disponibles.",
    );
  });
});
