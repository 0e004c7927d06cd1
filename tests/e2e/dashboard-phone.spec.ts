/**
 * The dashboard on a phone: its orders
 * as cards (nothing behind a sideways scroll), '1 disponible sur 3', and a way to call
 * or write from the header. The client, the order and the flight are made with SQL
 * (a flight 60 days ahead, between cities no other test uses), so nothing else changes.
 */
import type { Page } from "@playwright/test";

import { violations } from "./axe";
import { acceptEssentialCookies, uniqueSuffix } from "./catalogue-helpers";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, expect, loginAs, postSignIn, settle, test } from "./fixtures";
import { executeLocalSql } from "./local-d1";

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const DAY = 86_400_000;
const suffix = uniqueSuffix();
const from = `Cartes-${suffix}`;
const to = `Pluriel-${suffix}`;
const client = { email: `cards.${suffix}@example.ch`, firstName: "Camille" };

// `or ignore`: with fullyParallel a worker runs beforeAll again each time it comes back to
// this file after another one, with the same module (the same suffix): the rows are there.
test.beforeAll(async () => {
  const departure = Date.now() + 60 * DAY;
  const code = suffix.slice(-6).toUpperCase();
  await executeLocalSql(
    `insert or ignore into airports (icao_code, served_city, country) values ('A${code}', '${from}', 'Switzerland'), ('B${code}', '${to}', 'France')`,
    `insert or ignore into flights (id, departure_airport_id, arrival_airport_id, departure_date, arrival_date, flight_time, aircraft_type, price_per_minute, feed_seats, seats_held, source, refreshed_at)
      select 'plural-${suffix}', d.id, a.id, ${departure}, ${departure + 55 * 60_000}, 55, 'PC12', 60, 3, 2, 'staff', ${Date.now()}
      from airports d, airports a where d.icao_code = 'A${code}' and a.icao_code = 'B${code}'`,
    `insert or ignore into users (id, email, password_hash, first_name, last_name, role, language, email_confirmed_at)
      select 'cards-${suffix}', '${client.email}', password_hash, '${client.firstName}', 'Carte', 'client', 'fr', ${Date.now()}
      from users where email = '${DEMO_ACCOUNTS.client}'`,
    `insert or ignore into orders (id, user_id, flight_id, status, amount_cents, seats, customer_info, access_key_hash, reference, payment_state)
      values ('order-${suffix}', 'cards-${suffix}', 'plural-${suffix}', 'cancelled', 123400, 2,
        '{"firstName":"Camille","lastName":"Carte","email":"${client.email}","phone":"+41 79 123 45 67","address":"Rue du Rhône 1","zipCode":"1204","city":"Genève","country":"CH"}',
        'not-a-key', 'JM-${code}', 'none')`,
  );
});

test.beforeEach(async ({ context }) => {
  await acceptEssentialCookies(context);
});

/** No part of the page lies beyond the window's right edge (no sideways scroll). */
const horizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

test("at 390 px a client's order is a card with its amount and its link, at 1280 px the table, and axe finds nothing", async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  // Signed in over HTTP (the sign-in form is accounts.spec.ts's): the dashboard is the page under test.
  expect(await postSignIn(page, client.email, DEMO_PASSWORD, "/dashboard")).toBe("/dashboard");
  await page.goto("/dashboard?lng=fr");
  await settle(page);

  const card = page.getByTestId("order-card");
  await expect(card).toHaveCount(1);
  await expect(card.getByRole("term")).toHaveText(["Vol", "Date", "Statut", "Paiement", "Montant"]);
  await expect(card.getByRole("definition").first()).toHaveText(`${from} → ${to}`);
  await expect(card.getByRole("definition").last()).toHaveText(/^1\s234,00\s€$/);
  await expect(card.getByRole("definition").nth(2)).toHaveText("Annulé");
  const link = card.getByRole("link", { name: `Voir la commande ${from} → ${to}` });
  await expect(link).toBeVisible();
  await expect(link).toHaveAttribute("href", `/confirmation/order-${suffix}`);
  const box = (await link.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  // The desktop table is out of sight and out of the accessibility tree: read once.
  await expect(page.getByTestId("order-row")).toBeHidden();
  await expect(page.getByRole("table")).toHaveCount(0);

  // The WCAG 2.2 AA rules of a11y.spec.ts, run as it runs them (tests/e2e/axe.ts).
  expect(await violations(page, "390 px")).toEqual([]);

  await page.setViewportSize(DESKTOP);
  const table = page.getByRole("table", { name: "Historique des commandes" });
  await expect(table.getByRole("columnheader")).toHaveText(["Vol", "Date", "Statut", "Paiement", "Montant", "Détail"]);
  await expect(page.getByTestId("order-row")).toContainText("Voir la commande");
  await expect(card).toBeHidden();
});

test("a signed-out visitor finds the phone and the mail in the header: on a wide screen, and in the phone's menu", async ({
  page,
}) => {
  const call = { name: /^Appeler les réservations : \+41 22 518 07 70$/ };
  const write = { name: /^Écrire au service client : service@jetmalin\.ch$/ };
  await page.setViewportSize(DESKTOP);
  await page.goto("/home?lng=fr");
  const header = page.getByRole("banner");
  await expect(header.getByRole("link", call)).toBeVisible();
  await expect(header.getByRole("link", call)).toHaveAttribute("href", "tel:+41225180770");
  await expect(header.getByRole("link", write)).toBeVisible();
  await expect(header.getByRole("link", write)).toHaveAttribute("href", "mailto:service@jetmalin.ch");

  await page.setViewportSize(PHONE);
  await page.goto("/home?lng=fr");
  await settle(page);
  await expect(header.getByRole("link", call)).toBeHidden();
  await header.getByText("Menu", { exact: true }).click();
  for (const link of [header.getByRole("link", call), header.getByRole("link", write)]) {
    await expect(link).toBeVisible();
    await link.focus();
    const box = (await link.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  }
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
});

test("the back-office reads '1 disponible sur 3' for a flight with one seat left of three", async ({ page }) => {
  await loginAs(page, "admin", { redirectTo: `/admin?${new URLSearchParams({ q: from, lng: "fr" })}` });
  const row = page.getByTestId("admin-flight").filter({ has: page.getByRole("heading", { name: `${from} → ${to}` }) });
  await expect(row).toContainText("1 disponible sur 3");
});
