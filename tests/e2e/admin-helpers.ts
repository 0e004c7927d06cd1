/** Helpers of the back-office browser tests. */
import type { Page } from "@playwright/test";
import { expect } from "./fixtures";
import { fillCustomer, uniqueSuffix, upcomingDemoFlights } from "./catalogue-helpers";

/**
 * Demo flights with seats to spare that the checkout tests (the last three) do not
 * book: `fromEnd` counts from the fourth-last.
 */
export function adminTestFlight(fromEnd: number) {
  const candidates = upcomingDemoFlights().filter((flight) => !flight.soldOut && flight.feedSeats >= 4);
  return candidates[candidates.length - 4 - fromEnd]!;
}

/** The seats a buyer may choose on the flight's checkout page (1 to the seats left). */
export async function seatsOnCheckout(page: Page, flightId: string) {
  await page.goto(`/checkout/${flightId}?lng=fr`);
  return page.getByLabel("Nombre de places").locator("option").count();
}

/** Books `seats` seats as an anonymous buyer with a unique email; returns the email. */
export async function bookAsGuest(page: Page, flightId: string, seats: number) {
  const email = `buyer.${uniqueSuffix()}@example.ch`;
  await page.goto(`/checkout/${flightId}?lng=fr`);
  await page.getByLabel("Nombre de places").selectOption(String(seats));
  await fillCustomer(page, email, { firstName: "Olivia", lastName: "Ordre" });
  await page.getByLabel("J'accepte les conditions générales").check();
  await page.getByRole("button", { name: "Confirmer la réservation" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Merci pour votre réservation" })).toBeVisible();
  return email;
}

/** A POST straight to an action with the page's cookies, as a hand-made form would. */
export function postForm(page: Page, path: string, form: Record<string, string>, baseURL: string) {
  return page.request.post(path, { form, headers: { Origin: baseURL }, maxRedirects: 0 });
}
