/**
 * A flight's manifest in the back-office (docs/privacy.md 'Manifests'): the admin opens it from the flights
 * tab, sees the passengers with what is missing, downloads the CSV and finds the view and the export recorded;
 * the orders tab says the order's manifest state. Axe at 1280 and 390 px, fr, en and de.
 */
import { readFile } from "node:fs/promises";

import { adminTestFlight, bookOverHttp, buyerRequest } from "./admin-helpers";
import { violations } from "./axe";
import { acceptEssentialCookies } from "./catalogue-helpers";
import { expect, loginAs, settle, test } from "./fixtures";
import { executeLocalSql } from "./local-d1";

test.beforeEach(async ({ context }) => {
  await acceptEssentialCookies(context);
});

test("the admin opens a flight's manifest from the flights tab and downloads its CSV", async ({ page }) => {
  // The twenty-first bookable demo flight from the end: the others up to the twentieth are other specs' (payments.spec.ts
  // takes the seventh from the end, which adminTestFlight(3) was).
  const flight = adminTestFlight(17);
  const buyers = await buyerRequest();
  const email = await bookOverHttp(buyers, flight.id, 2, { pay: true });
  await buyers.dispose();
  // A line with names and a document but no sealed field (those need the key), and the luggage.
  const order = `(select id from orders where json_extract(customer_info, '$.email') = '${email}')`;
  await executeLocalSql(
    `insert into manifest_passengers (order_id, seat, given_names, surname, nationality, document_kind, issuer, expires_on, updated_at)
       values (${order}, 0, 'Léa', 'Muller-Manifeste', 'CH', 'passport', 'CH', '2031-05-31', 0)`,
    `update orders set luggage_pieces = 2, luggage_kg = 25, pets = 0 where id = ${order}`,
  );

  await loginAs(page, "admin", { redirectTo: `/admin?${new URLSearchParams({ q: flight.fromCity, lng: "fr" })}` });
  await settle(page);
  const row = page.locator(`[data-flight-id="${flight.id}"]`);
  await row.getByText("Modifier, détails et historique", { exact: true }).click();
  await row.getByRole("link", { name: "Manifeste passagers" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/flights/${flight.id}/manifest$`));
  await expect(
    page.getByRole("heading", { name: new RegExp(`^Manifeste du vol ${flight.fromCity} \\(`) }),
  ).toBeVisible();

  const booking = page.getByTestId("manifest-booking").filter({ hasText: "Muller-Manifeste" });
  await expect(booking).toHaveCount(1);
  // Two travellers: the first's date of birth and number, the second's whole line missing (2 + 8).
  await expect(booking.getByTestId("manifest-state")).toHaveText("Manifeste : 10 champs manquants");
  const [first] = await booking.getByTestId("manifest-passenger").all();
  await expect(first!).toContainText("Léa");
  await expect(first!).toContainText("Passeport");
  await expect(first!).toContainText("31/05/2031");
  await expect(first!.getByTestId("manifest-missing")).toHaveCount(2);
  await expect(first!.getByText("manquant").first()).toBeVisible();
  const reference = (await booking.getByRole("heading", { level: 3 }).textContent())!;
  await expect(booking.getByRole("link", { name: `Modifier le manifeste de ${reference}` })).toHaveAttribute(
    "href",
    /^\/confirmation\/[^/]+\/manifest$/,
  );
  await expect(page.getByTestId("manifest-access").locator("tbody tr").first()).toContainText("Consultation");

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Télécharger le CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^manifeste_[A-Z0-9]{4}-[A-Z0-9]{4}_\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await file.path())!, "utf8");
  expect(csv).toContain("Réservation;Prénoms;Nom;Date de naissance");
  expect(csv).toContain(`${reference};Léa;Muller-Manifeste;;CH;Passeport;;CH;2031-05-31;2;25;0`);
  await page.reload();
  await expect(page.getByTestId("manifest-access").locator("tbody tr").nth(1)).toContainText("Export CSV");

  // The orders tab says the same state, and links back to the flight's manifest.
  await page.goto(`/admin/orders?${new URLSearchParams({ q: reference })}`);
  const card = page.getByTestId("order-card");
  await expect(card.getByTestId("manifest-state")).toHaveText("Manifeste : 10 champs manquants");

  const found = [];
  for (const [language, width] of [
    ["fr", 1280],
    ["en", 390],
    ["de", 1280],
    ["fr", 390],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/admin/flights/${flight.id}/manifest?lng=${language}`);
    await settle(page);
    found.push(...(await violations(page, `manifest ${language} ${width}px`)));
  }
  expect(found).toEqual([]);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the manifest page reads, and a gestionnaire is sent away", async ({ page, browser }) => {
    const flight = adminTestFlight(17);
    await loginAs(page, "admin", { redirectTo: `/admin/flights/${flight.id}/manifest?lng=fr` });
    await expect(page.getByRole("heading", { name: "Consultations et exports" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Télécharger le PDF" })).toHaveAttribute(
      "href",
      `/admin/flights/${flight.id}/manifest.pdf`,
    );
    const unknown = await page.goto("/admin/flights/no-such-flight/manifest?lng=fr");
    expect(unknown?.status()).toBe(404);
    await expect(page.getByText("Ce vol n'existe pas (ou plus).")).toBeVisible();

    const other = await browser.newPage({ javaScriptEnabled: false });
    await loginAs(other, "gestionnaire", { redirectTo: `/admin/flights/${flight.id}/manifest?lng=fr` });
    // Sent to / (which opens /home) with the refusal.
    await expect(other).toHaveURL(/\/home$/);
    await expect(other.getByText("Accès non autorisé")).toBeVisible();
    await other.close();
  });
});
