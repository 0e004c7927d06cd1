/**
 * What staff see around a flight's cancellation (docs/back-office.md, docs/permissions.md): the
 * gestionnaire's confirmation lists each customer and what happens to their money; the cancelled
 * flight's row says when, why and by whom instead of its seats and probability; the order history
 * shows the refund as money. Each test cancels a flight of its own, made through /new-flight, as
 * flight-cancellation.spec.ts does: no demo flight is touched.
 */
import type { APIRequestContext } from "@playwright/test";

import { bookOverHttp, buyerRequest, createStaffFlight, nameCarrierOverHttp, staffRequest } from "./admin-helpers";
import { violations } from "./axe";
import { acceptEssentialCookies } from "./catalogue-helpers";
import { expect, loginAs, settle, test } from "./fixtures";

test.beforeEach(async ({ context }) => {
  await acceptEssentialCookies(context);
});

const staffFlight = (staff: APIRequestContext, baseURL: string, dayOffset: number) =>
  createStaffFlight(staff, baseURL, { cityPrefix: "Impactville", dayOffset, time: "11:40" });

/** The order of `email` as the orders tab shows it to the admin: its id, reference and amount. */
async function orderOf(admin: APIRequestContext, email: string) {
  const html = await (await admin.get(`/admin/orders?q=${encodeURIComponent(email)}`)).text();
  const id = /data-order-id="([\w-]+)"/.exec(html)?.[1];
  const reference = /data-testid="order-reference"[^>]*>([^<]+)</.exec(html)?.[1];
  expect(id && reference, `the order of ${email} in the orders tab`).toBeTruthy();
  return { id: id!, reference: reference!.trim() };
}

test("the gestionnaire sees each affected customer before confirming; the row and the history say what happened", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const admin = await staffRequest("admin", "198.51.100.81");
  const flight = await staffFlight(admin, baseURL!, 27);
  await nameCarrierOverHttp(admin, flight.id);
  const buyer = await buyerRequest();
  const pendingEmail = await bookOverHttp(buyer, flight.id, 1);
  const paidEmail = await bookOverHttp(buyer, flight.id, 2, { pay: true });
  const pending = await orderOf(admin, pendingEmail);
  const paid = await orderOf(admin, paidEmail);
  const validated = await admin.post("/admin/orders", {
    form: { intent: "validate", orderId: paid.id },
    headers: { Origin: baseURL! },
    maxRedirects: 0,
  });
  expect(validated.status()).toBe(302);

  await loginAs(page, "gestionnaire", { redirectTo: `/admin/flights/${flight.id}/cancel` });
  await settle(page);
  await page.getByRole("radio", { name: "Météo" }).check();
  await page.getByRole("button", { name: "Continuer" }).click();
  await expect(page.getByRole("heading", { name: "Confirmer l'annulation" })).toBeFocused();
  const affected = page.getByTestId("affected-orders").getByRole("listitem");
  await expect(affected).toHaveCount(2);
  const money = /\d[\d\s\u202f]*,\d{2}\s€/;
  const pendingItem = affected.filter({ hasText: pending.reference });
  await expect(pendingItem).toContainText("Olivia Ordre");
  await expect(pendingItem).toContainText("1 place");
  await expect(pendingItem).toContainText("En attente");
  await expect(pendingItem).toContainText(money);
  await expect(pendingItem).toContainText("Rien n'est débité (autorisation levée ou rien payé)");
  const paidItem = affected.filter({ hasText: paid.reference });
  await expect(paidItem).toContainText("Olivia Ordre");
  await expect(paidItem).toContainText("2 places");
  await expect(paidItem).toContainText("Confirmé");
  await expect(paidItem).toContainText("Remboursée en totalité par carte");
  // The customer's name, nothing of how to reach them: that stays with the orders tab.
  await expect(page.getByTestId("affected-orders")).not.toContainText("@example.ch");
  expect(await violations(page, "the cancel confirmation")).toEqual([]);
  const paidAmount = (await paidItem.textContent())!.match(money)![0];

  await page.getByRole("button", { name: "Confirmer l'annulation du vol" }).click();
  await expect(page.getByText("Vol annulé : 2 commandes annulées.")).toBeVisible();
  await page.goto(`/admin?q=${encodeURIComponent(flight.city)}`);
  const row = page.locator(`[data-flight-id="${flight.id}"]`);
  await expect(row.getByTestId("flight-cancelled")).toHaveText("Annulé");
  await expect(row.getByTestId("flight-cancellation")).toContainText(
    /\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} par Gaston Gestionnaire/,
  );
  await expect(row.getByTestId("flight-cancellation")).toContainText("Météo");
  await expect(row).not.toContainText("disponible");
  await expect(row.getByTestId("probability-marker")).toHaveCount(0);

  // The admin's history of the refunded order: the amount as money, no cents, no provider ids.
  await loginAs(page, "admin", { redirectTo: `/admin/orders?q=${encodeURIComponent(paidEmail)}` });
  const card = page.locator(`[data-order-id="${paid.id}"]`);
  await card.locator("summary").first().click();
  const history = card.getByTestId("order-history");
  await expect(history).toContainText(`Remboursement effectué`);
  await expect(history).toContainText(`Total remboursé : ${paidAmount}`);
  await expect(history).not.toContainText(/\b\d{5,}\b|evt_|pi_/);
  await Promise.all([admin.dispose(), buyer.dispose()]);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the confirmation's list of customers has no WCAG 2.2 AA violation in fr, en and de", async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const admin = await staffRequest("admin", "198.51.100.82");
    const flight = await staffFlight(admin, baseURL!, 28);
    const buyer = await buyerRequest();
    await bookOverHttp(buyer, flight.id, 1);
    await loginAs(page, "gestionnaire", { redirectTo: `/admin/flights/${flight.id}/cancel` });
    const found = [];
    for (const language of ["fr", "en", "de"]) {
      await page.goto(`/admin/flights/${flight.id}/cancel?lng=${language}`);
      await settle(page);
      await page.locator('input[name="reason"][value="weather"]').check();
      await page.locator('button[name="intent"][value="preview"]').click();
      await expect(page.getByTestId("affected-orders").getByRole("listitem")).toContainText("Olivia Ordre");
      found.push(...(await violations(page, `cancel confirmation ${language}, 390 px`)));
    }
    expect(found).toEqual([]);
    await Promise.all([admin.dispose(), buyer.dispose()]);
  });
});
