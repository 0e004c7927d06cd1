/**
 * The manifest from the order's link, signed out (docs/orders.md 'The manifest'): the order page says what is
 * missing, the form refuses a document that expires before the flight with the spec-style message, then saves
 * every line and the luggage; without JavaScript a part is saved and the rest counted.
 */
import type { Page } from "@playwright/test";

import { bookAsGuest } from "./admin-helpers";
import { violations } from "./axe";
import {
  acceptEssentialCookies,
  fillCustomer,
  fillPassengers,
  uniqueSuffix,
  upcomingDemoFlights,
} from "./catalogue-helpers";
import { expect, settle, test } from "./fixtures";

test.beforeEach(async ({ context }) => {
  await acceptEssentialCookies(context);
});

/** Flights no other spec books: those take the last seventeen (see deadlines-reschedules.spec.ts). */
function manifestTestFlight(fromEnd: 17 | 18) {
  const candidates = upcomingDemoFlights().filter((flight) => !flight.soldOut && flight.feedSeats >= 4);
  return candidates[candidates.length - 1 - fromEnd]!;
}

async function fillLine(page: Page, number: number, line: Record<string, string>) {
  const passenger = page.getByRole("group", { name: `Passager ${number}`, exact: true });
  await passenger.getByLabel("Prénom(s) comme sur le document").fill(line.givenNames!);
  await passenger.getByLabel("Nom comme sur le document").fill(line.surname!);
  await passenger.getByLabel("Date de naissance").fill(line.birthDate!);
  await passenger.getByLabel("Nationalité").selectOption({ label: line.nationality! });
  await passenger.getByLabel("Document de voyage").selectOption({ label: "Passeport" });
  await passenger.getByLabel("Numéro du document").fill(line.documentNumber!);
  await passenger.getByLabel("Pays d'émission").selectOption({ label: line.nationality! });
  await passenger.getByLabel("Date d'expiration").fill(line.expiresOn!);
}

test("from the order's link, signed out: an expired passport refused, then the whole list saved and complete", async ({
  page,
}) => {
  const flight = manifestTestFlight(17);
  await bookAsGuest(page, flight.id, 2, { pay: true });
  // Two travellers of eight fields each, and the booking's luggage.
  await expect(page.getByTestId("manifest-summary")).toContainText(
    "Il manque 17 informations à la liste des passagers",
  );
  await page.getByRole("link", { name: "Compléter la liste des passagers" }).click();
  await page.waitForURL(/\/manifest\?key=/);
  await settle(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Passagers et documents");
  // The checkout's names, split into given names and surname for the customer to check.
  const first = page.getByRole("group", { name: "Passager 1", exact: true });
  await expect(first.getByLabel("Prénom(s) comme sur le document")).toHaveValue("Léa");
  await expect(first.getByLabel("Nom comme sur le document")).toHaveValue("Muller");

  const departureYear = new Date(flight.departureDate).getUTCFullYear();
  await fillLine(page, 1, {
    givenNames: "Léa Anne",
    surname: "Muller",
    birthDate: "1985-06-15",
    nationality: "Suisse",
    documentNumber: "X1234567",
    // A passport that lapsed the year before the flight.
    expiresOn: `${departureYear - 1}-01-31`,
  });
  await fillLine(page, 2, {
    givenNames: "Marc",
    surname: "Muller",
    birthDate: "1983-02-01",
    nationality: "France",
    documentNumber: "21AB34567",
    expiresOn: `${departureYear + 5}-03-01`,
  });
  await page.getByLabel("Nombre de bagages").fill("2");
  await page.getByLabel("Poids total (kg)").fill("30");
  await page.getByLabel("Animaux").fill("0");
  await page.getByRole("button", { name: "Enregistrer la liste" }).click();
  await expect(
    first.getByText("Ce document expire avant le jour du vol : il doit être valable ce jour-là."),
  ).toBeVisible();
  await expect(first.getByLabel("Date d'expiration")).toHaveAttribute("aria-invalid", "true");

  await first.getByLabel("Date d'expiration").fill(`${departureYear + 4}-12-31`);
  await page.getByRole("button", { name: "Enregistrer la liste" }).click();
  await expect(page.getByText("Liste des passagers enregistrée et complète.")).toBeVisible();
  await expect(page.getByTestId("manifest-state")).toHaveText("Liste des passagers complète.");
  // Opened again, the number and the date of birth are kept, never sent back to the page: only the number's end.
  await page.reload();
  await expect(first.getByText("Enregistré : •••567. Laissez vide pour le garder")).toBeVisible();
  await expect(first.getByLabel("Numéro du document")).toHaveValue("");
  await expect(first.getByLabel("Date de naissance")).toHaveValue("");
  expect(await violations(page, "manifest")).toEqual([]);

  await page.getByRole("link", { name: /Retour à la réservation/ }).click();
  await expect(page.getByTestId("manifest-summary")).toContainText("La liste des passagers est complète.");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a part saved, the rest counted; another page's key opens nothing", async ({ page }) => {
    const flight = manifestTestFlight(18);
    await page.goto(`/checkout/${flight.id}?lng=fr`);
    // Booked without JavaScript too: every seat's name field shows, the first is enough for one seat.
    await page.getByLabel("Nombre de places").selectOption("1");
    await fillPassengers(page, 1, ["Hugo Martin"]);
    await fillCustomer(page, `hugo.${uniqueSuffix()}@example.ch`, { firstName: "Hugo", lastName: "Martin" });
    await page.getByLabel("J'accepte les conditions générales").check();
    await page.getByRole("button", { name: "Confirmer la réservation" }).click();
    await page.waitForURL(/\/dev\/pay\//);
    await page.getByRole("button", { name: "Payer", exact: true }).click();
    await page.waitForURL(/\/confirmation\//);
    const orderUrl = new URL(page.url());

    await page.getByRole("link", { name: "Compléter la liste des passagers" }).click();
    const passenger = page.getByRole("group", { name: "Passager 1", exact: true });
    await passenger.getByLabel("Date de naissance").fill("1990-01-01");
    await passenger.getByLabel("Nationalité").selectOption({ label: "Suisse" });
    await page.getByRole("button", { name: "Enregistrer la liste" }).click();
    // Eight fields and the luggage: names, birth date and nationality given, four document fields and the luggage left.
    await expect(page.getByText("Liste enregistrée. Il manque encore 5 informations.")).toBeVisible();

    const response = await page.goto(`${orderUrl.pathname}/manifest?key=not-the-key`);
    expect(response?.status()).toBe(404);
  });
});
