import type { BrowserContext, Page } from "@playwright/test";

import { BASE_URL } from "../../playwright.config";
import { settle } from "./fixtures";

/** Records "essential only" the way the consent form does, so the banner stays out of the way. */
export async function acceptEssentialCookies(context: BrowserContext) {
  const value = encodeURIComponent(btoa(JSON.stringify({ analytics: false, marketing: false })));
  await context.addCookies([{ name: "jm_consent", value, url: BASE_URL }]);
}

export { upcomingDemoFlights } from "#tests/demo-flights";

export const uniqueSuffix = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Fills the customer fields of the checkout (the exclusive request's fields). */
export async function fillCustomer(page: Page, email: string, { firstName = "Léa", lastName = "Muller" } = {}) {
  const main = page.getByRole("main");
  await main.getByLabel("Prénom").fill(firstName);
  await main.getByLabel("Nom", { exact: true }).fill(lastName);
  await main.getByLabel("Email").fill(email);
  await main.getByLabel("Téléphone").fill("+41 79 123 45 67");
  await main.getByLabel("Adresse").fill("Rue du Rhône 1");
  await main.getByLabel("Code postal").fill("1204");
  await main.getByLabel("Ville").fill("Genève");
}

/**
 * Fills the first `count` passenger names of the checkout ('Nom complet du passager N').
 * With JavaScript only the seats chosen show, so call it after the choice (and after
 * `settle`); without it every seat left shows and the others stay empty.
 */
export async function fillPassengers(
  page: Page,
  count: number,
  names = [
    "Léa Muller",
    "Marc Muller",
    "Zoé Muller",
    "Noé Muller",
    "Inès Muller",
    "Hugo Muller",
    "Lina Muller",
    "Jules Muller",
  ],
) {
  const main = page.getByRole("main");
  for (let index = 0; index < count; index += 1) {
    await main
      .getByLabel(`Nom complet du passager ${index + 1}`, { exact: true })
      .fill(names[index] ?? `Passager ${index + 1}`);
  }
}

/** On the payment simulator's page (/dev/pay, docs/payments.md): its button, then back on the order's page. */
export async function payOnSimulator(page: Page, button: "Payer" | "Carte refusée" | "Abandonner" = "Payer") {
  await page.waitForURL(/\/dev\/pay\//);
  await settle(page);
  await page.getByRole("button", { name: button, exact: true }).click();
  await page.waitForURL(/\/confirmation\//);
}
