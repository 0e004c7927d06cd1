/**
 * The customer cancels (docs/decisions/033-customer-cancellation.md): from the order page,
 * with JavaScript and without, through a confirmation step that shows the terms' fee and
 * what comes back; the page, the mail and the back-office say it; the action is refused
 * cross-site, changes nothing when replayed, and answers another customer as if the order
 * did not exist.
 */
import type { Page } from "@playwright/test";

import { cancellationFee } from "#app/orders/cancellation-fees";

import { BASE_URL } from "../../playwright.config";
import { bookAsGuest, postForm, readPlacedMail, signInOverHttp, staffRequest } from "./admin-helpers";
import { acceptEssentialCookies, upcomingDemoFlights } from "./catalogue-helpers";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, expect, test } from "./fixtures";
import { readLatestMail } from "./mail";

test.beforeEach(async ({ context }) => {
  await acceptEssentialCookies(context);
});

/**
 * Bookable demo flights no other spec books: checkout, admin-orders, a11y, payments and the
 * waitlist take the last eleven; every test here gives its seats back by cancelling.
 */
function cancellationTestFlight(fromEnd: 11 | 12) {
  const candidates = upcomingDemoFlights().filter((flight) => !flight.soldOut && flight.feedSeats >= 4);
  return candidates[candidates.length - 1 - fromEnd]!;
}

const euros = (cents: number) =>
  new Intl.NumberFormat("fr-FR", { style: "currency", currency: "EUR", minimumFractionDigits: 2 })
    .format(cents / 100)
    .replace(/\s/g, " ");
const normalised = (text: string | null) => (text ?? "").replace(/\s/g, " ");

/** The order on the page (/confirmation/{id}?key=...): its id, reference, link key and amount. */
async function orderOnPage(page: Page) {
  const url = new URL(page.url());
  const reference = (await page.getByTestId("order-reference").textContent()) ?? "";
  const amount = normalised(await page.getByTestId("order-amount").textContent());
  const amountCents = Math.round(Number(amount.replace(/[^\d,]/g, "").replace(",", ".")) * 100);
  return { id: url.pathname.split("/")[2]!, key: url.searchParams.get("key")!, reference, amountCents };
}

/** Staff 'Valider' over HTTP: the authorisation captured, the order completed. */
async function validateAsStaff(orderId: string) {
  const admin = await staffRequest("admin", "198.51.100.171");
  const response = await admin.post("/admin/orders", {
    form: { intent: "validate", orderId, redirectTo: "/admin/orders" },
    headers: { Origin: BASE_URL },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
  await admin.dispose();
}

test("with JavaScript: a confirmed order cancelled at the terms' fee, the rest refunded, the mail and the back-office say so", async ({
  page,
}) => {
  const flight = cancellationTestFlight(11);
  const email = await bookAsGuest(page, flight.id, 1, { pay: true });
  const order = await orderOnPage(page);
  await validateAsStaff(order.id);
  await page.reload();
  await expect(page.getByTestId("order-status")).toHaveText("Confirmé");

  const { feeCents, refundCents, bracket } = cancellationFee({
    amountCents: order.amountCents,
    departure: flight.departureDate,
    now: new Date(),
    freeCancellation: false,
  });
  await page.getByTestId("open-cancellation").click();
  const step = page.getByTestId("cancel-step");
  await expect(step.getByRole("heading", { name: "Annuler votre réservation ?" })).toBeVisible();
  await expect(step.getByTestId("cancel-fee")).toBeVisible();
  expect(normalised(await step.getByTestId("cancel-fee").textContent())).toBe(euros(feeCents));
  expect(normalised(await step.getByTestId("cancel-refund").textContent())).toBe(euros(refundCents));
  await expect(step).toContainText(
    bracket === "early" ? "Plus de 7 jours" : bracket === "late" ? "De 7 jours" : "Moins de 48 heures",
  );

  await step.getByRole("button", { name: "Confirmer l'annulation" }).click();
  await expect(page.getByTestId("order-status")).toHaveText("Annulé");
  await expect(page.getByText("Votre réservation a été annulée.").first()).toBeVisible();
  await expect(page.getByTestId("order-payment")).toContainText("Vous avez annulé cette réservation.");
  const money = page.getByTestId("order-cancellation");
  expect(normalised(await money.textContent())).toContain(
    `Frais d'annulation retenus selon nos conditions : ${euros(feeCents)}`,
  );
  // One line for the refund, in the state it is in (refunded by the simulator at once).
  if (refundCents > 0) {
    expect(normalised(await page.getByTestId("order-money").textContent())).toBe(
      `Remboursement de ${euros(refundCents)} effectué sur la carte utilisée pour le paiement.`,
    );
    await expect(page.getByText(/Remboursement de/)).toHaveCount(1);
  }
  await expect(page.getByTestId("open-cancellation")).toHaveCount(0);

  const mail = await readLatestMail(page, email, { subject: `Annulation de votre réservation ${order.reference}` });
  expect(normalised(mail.text)).toContain(`Frais d'annulation selon nos conditions générales : ${euros(feeCents)}.`);
  if (refundCents > 0) expect(normalised(mail.text)).toContain(`Remboursement de ${euros(refundCents)} en cours`);

  // The back-office shows why and what moved.
  const admin = await staffRequest("admin", "198.51.100.172");
  const tab = await admin.get(`/admin/orders?q=${encodeURIComponent(order.reference)}`);
  const html = normalised(await tab.text());
  expect(html).toContain("Annulée par le client");
  expect(html).toContain(euros(feeCents));
  await admin.dispose();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("an authorised order cancelled for nothing: the authorisation released, 'Aucun montant n'a été débité'", async ({
    page,
  }) => {
    const flight = cancellationTestFlight(12);
    const email = await bookAsGuest(page, flight.id, 1, { pay: true });
    expect(await page.evaluate(() => "__remixContext" in window)).toBe(false);
    const order = await orderOnPage(page);

    await page.getByRole("link", { name: "Annuler ma réservation" }).click();
    await expect(page).toHaveURL(/step=cancel/);
    const step = page.getByTestId("cancel-step");
    await expect(step.getByTestId("cancel-not-charged")).toContainText("aucun montant n'a été débité");
    await expect(step.getByTestId("cancel-fee")).toHaveCount(0);
    // Nothing was taken: no word of the terms' share kept beside 'sans frais'.
    await expect(step).not.toContainText("nos conditions retiennent");
    // 'Garder ma réservation' goes back without a change.
    await step.getByRole("link", { name: "Garder ma réservation" }).click();
    await expect(page.getByTestId("order-status")).toHaveText("En cours de traitement");

    await page.getByRole("link", { name: "Annuler ma réservation" }).click();
    await page.getByRole("button", { name: "Confirmer l'annulation" }).click();
    await expect(page.getByTestId("order-status")).toHaveText("Annulé");
    await expect(page.getByTestId("order-payment")).toContainText("Aucun montant n'a été débité.");

    const mail = await readLatestMail(page, email, { subject: `Annulation de votre réservation ${order.reference}` });
    expect(mail.text).toContain("Aucun montant n'a été débité.");
  });
});

test.describe("over HTTP", () => {
  test("refused cross-site, 404 for another customer, and a replay changes nothing", async ({ page, baseURL }) => {
    const flight = cancellationTestFlight(12);
    const email = await bookAsGuest(page, flight.id, 1);
    const placed = await readPlacedMail(page, email);
    const link = new URL(placed.links.find((href) => href.includes("/confirmation/"))!);
    const path = link.pathname + link.search;
    const form = { intent: "cancel", feeCents: "0", refundCents: "0" };
    const statusOf = async () => {
      await page.goto(path);
      return page.getByTestId("order-status").textContent();
    };

    // Cross-site: the request guards refuse it before the action (decision 006).
    const crossSite = await page.request.post(path, {
      form,
      headers: { Origin: "https://attacker.example", "Sec-Fetch-Site": "cross-site" },
      maxRedirects: 0,
    });
    expect(crossSite.status()).toBe(403);
    expect(await statusOf()).toBe("En attente");

    // Another signed-in customer, without the mail's key: the order does not exist for them.
    const other = await signInOverHttp(baseURL!, DEMO_ACCOUNTS.client, DEMO_PASSWORD, "198.51.100.173");
    const foreign = await other.post(link.pathname, { form, headers: { Origin: baseURL! }, maxRedirects: 0 });
    expect(foreign.status()).toBe(404);
    expect((await other.get(`${link.pathname}?step=cancel`)).status()).toBe(404);
    await other.dispose();
    expect(await statusOf()).toBe("En attente");

    // The owner's link cancels it; the same post again moves nothing and mails nobody.
    const first = await postForm(page, path, form, baseURL!);
    expect(first.status()).toBe(302);
    expect(new URL(first.headers()["location"]!, baseURL).pathname).toBe(link.pathname);
    expect(await statusOf()).toBe("Annulé");
    const mail = await readLatestMail(page, email, { subject: "Annulation de votre réservation" });
    const replay = await postForm(page, path, form, baseURL!);
    expect(replay.status()).toBe(302);
    expect(await statusOf()).toBe("Annulé");
    await expect(page.getByTestId("order-payment")).toContainText("Vous avez annulé cette réservation.");
    expect((await readLatestMail(page, email, { subject: "Annulation de votre réservation" })).id).toBe(mail.id);
  });
});
