/**
 * A flight's end (decision 032), through the app only: staff create a flight, three
 * customers book it (one leaves the payment page: pending; one pays: processing; one pays
 * and staff validate: completed), staff cancel it with 'Annuler ce vol' and its server-
 * computed confirmation; each customer gets the mail with the right money text and sees
 * 'Annulé' on their order page; the flight is gone from /home and /empty-legs and its
 * checkout says 'Ce vol a été annulé'. The same form works without JavaScript.
 */
import type { APIRequestContext, Page } from "@playwright/test";

import { bookAsGuest, createStaffFlight, nameCarrierOverHttp, staffRequest } from "./admin-helpers";
import { acceptEssentialCookies } from "./catalogue-helpers";
import { expect, settle, signInContext, test } from "./fixtures";
import { readLatestMail } from "./mail";

test.beforeEach(async ({ context }) => {
  await acceptEssentialCookies(context);
});

/** A flight from Genève to a city of its own, made by the admin through /new-flight (HTTP). */
const staffFlight = (staff: APIRequestContext, baseURL: string, dayOffset: number) =>
  createStaffFlight(staff, baseURL, { cityPrefix: "Annulville", dayOffset, time: "10:15" });

/** The customer's order page, opened from the cancellation mail's link. */
async function orderPageFromMail(page: Page, email: string) {
  const mail = await readLatestMail(page, email, { subject: "Vol annulé" });
  const link = mail.links.find((href) => /\/confirmation\/[\w-]+\?key=/.test(href));
  expect(link, "the mail links the order page").toBeTruthy();
  await page.goto(link!);
  return mail;
}

test("staff cancel a flight with a pending, a processing and a completed order: each customer is told, the flight leaves the lists", async ({
  page,
  browser,
  baseURL,
}) => {
  // Three bookings, two payments, a validation and the cancellation, on a shared machine.
  test.setTimeout(180_000);
  const staff = await staffRequest("admin", "198.51.100.71");
  const flight = await staffFlight(staff, baseURL!, 23);
  // Validation needs the carrier named.
  await nameCarrierOverHttp(staff, flight.id);

  const buyer = await browser.newPage();
  const pending = await bookAsGuest(buyer, flight.id, 1);
  const processing = await bookAsGuest(buyer, flight.id, 1, { pay: true });
  const completed = await bookAsGuest(buyer, flight.id, 1, { pay: true });
  const completedOrder = new URL(buyer.url()).pathname.split("/")[2]!;
  const byStaff = await staff.post("/admin/orders", {
    form: { intent: "validate", orderId: completedOrder },
    headers: { Origin: baseURL! },
    maxRedirects: 0,
  });
  expect(byStaff.status()).toBe(302);

  // Staff: the edit panel's 'Annuler ce vol', a reason, the confirmation computed on the server.
  await signInContext(page, "admin");
  await page.goto(`/admin?q=${encodeURIComponent(flight.city)}`);
  await settle(page);
  const row = page.locator(`[data-flight-id="${flight.id}"]`);
  await row.getByText("Modifier, détails et historique").click();
  await row.getByRole("link", { name: "Annuler ce vol" }).click();
  await expect(page.getByRole("heading", { name: /Annuler le vol Genève →/ })).toBeVisible();
  await page.getByRole("button", { name: "Continuer" }).click();
  await expect(page.getByText("Choisissez un motif.")).toBeVisible();
  await page.getByRole("radio", { name: "Autre" }).check();
  await page.getByRole("button", { name: "Continuer" }).click();
  await expect(page.getByText("Précisez le motif.")).toBeVisible();
  await page.getByRole("radio", { name: "Météo" }).check();
  await page.getByRole("button", { name: "Continuer" }).click();
  await expect(page.getByRole("heading", { name: "Confirmer l'annulation" })).toBeFocused();
  const summary = page.getByTestId("cancel-summary");
  await expect(summary).toContainText("3 commandes seront annulées.");
  await expect(summary).toContainText("Sans débit (autorisation levée ou rien payé) : 2 commandes,");
  await expect(summary).toContainText("Remboursée en totalité par carte : 1 commande,");
  await page.getByRole("button", { name: "Confirmer l'annulation du vol" }).click();
  await expect(page.getByText("Vol annulé : 3 commandes annulées.")).toBeVisible();
  await page.goto(`/admin?q=${encodeURIComponent(flight.city)}`);
  await expect(page.locator(`[data-flight-id="${flight.id}"]`).getByTestId("flight-cancelled")).toHaveText("Annulé");

  // Each customer: the mail in French with what happens to the money, and 'Annulé' on the order page.
  // The page says the refund is done (the simulator refunds at once), the mail that it is on its way to the card.
  for (const [email, money, onPage] of [
    [pending, "Aucun montant n'a été débité", "Aucun montant n'a été débité"],
    [processing, "Aucun montant n'a été débité", "Aucun montant n'a été débité"],
    [completed, /Remboursement de [\d\s ,]+€ en cours/, /Remboursement de [\d\s ,]+€ effectué sur la carte/],
  ] as const) {
    const mail = await orderPageFromMail(buyer, email);
    expect(mail.text).toMatch(money);
    expect(mail.links.some((href) => href.includes("/custom-flight?departure=Gen%C3%A8ve"))).toBe(true);
    // Money went back only for the completed order: its mail links the credit note.
    expect(mail.links.some((href) => /\/credit-note\.pdf\?key=/.test(href))).toBe(email === completed);
    await expect(buyer.getByTestId("order-status")).toHaveText("Annulé");
    await expect(buyer.getByTestId("order-payment")).toContainText("L'opérateur a annulé le vol.");
    await expect(buyer.getByTestId("order-payment")).toContainText(onPage);
  }
  expect((await readLatestMail(buyer, "reservations@jetmalin.test", { subject: "Vol annulé" })).text).toContain(
    "Météo",
  );

  // Gone from the lists; its page says so and cannot be booked.
  for (const path of ["/home", "/empty-legs"]) {
    await buyer.goto(`${path}?lng=fr`);
    await expect(buyer.getByText(flight.city)).toHaveCount(0);
  }
  await buyer.goto(`/checkout/${flight.id}?lng=fr`);
  await expect(buyer.getByRole("heading", { name: "Ce vol a été annulé" })).toBeVisible();
  // Its seats are nobody's to take: the summary no longer counts them.
  await expect(buyer.locator("dt", { hasText: "Places disponibles" })).toHaveCount(0);
  await expect(buyer.getByRole("link", { name: "Demander un vol sur mesure sur ce trajet" })).toHaveAttribute(
    "href",
    /\/custom-flight\?departure=Gen%C3%A8ve&arrival=Annulville/,
  );
  await expect(buyer.getByLabel("Nombre de places")).toHaveCount(0);
  await staff.dispose();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("staff cancel a flight: the reason, the confirmation step and the move are server-rendered", async ({
    page,
    baseURL,
  }) => {
    const staff = await staffRequest("admin", "198.51.100.72");
    const flight = await staffFlight(staff, baseURL!, 27);
    await staff.dispose();
    await signInContext(page, "admin");
    await page.goto(`/admin/flights/${flight.id}/cancel`);
    await page.getByRole("radio", { name: "Problème technique" }).check();
    await page.getByRole("button", { name: "Continuer" }).click();
    await expect(page.getByRole("heading", { name: "Confirmer l'annulation" })).toBeVisible();
    await expect(page.getByTestId("cancel-summary")).toContainText("0 commande sera annulée.");
    await page.getByRole("button", { name: "Confirmer l'annulation du vol" }).click();
    await page.waitForURL(/\/admin$/);
    await page.goto(`/admin/flights/${flight.id}/cancel`);
    await expect(page.getByText("Ce vol est déjà annulé.")).toBeVisible();
    await page.goto(`/checkout/${flight.id}?lng=fr`);
    await expect(page.getByRole("heading", { name: "Ce vol a été annulé" })).toBeVisible();
  });
});
