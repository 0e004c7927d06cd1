/**
 * Payments (docs/payments.md) as the buyer sees them: a card refused or a
 * payment page abandoned cancels the order and gives its seats back; without JavaScript
 * the whole walk (book, pay, staff 'Valider', the confirmed page and its calendar file);
 * the provider's webhook refuses what is not signed.
 */
import type { Page } from "@playwright/test";

import { bookAsGuest, readPlacedMail } from "./admin-helpers";
import { acceptEssentialCookies, payOnSimulator, upcomingDemoFlights } from "./catalogue-helpers";
import { expect, loginAs, settle, test } from "./fixtures";
import { readLatestMail } from "./mail";

test.beforeEach(async ({ context }) => {
  await acceptEssentialCookies(context);
});

/**
 * Bookable demo flights no other spec books or counts the seats of: checkout.spec.ts
 * takes the last three, admin-orders.spec.ts and a11y.spec.ts the next three, so
 * `fromEnd` starts at 6.
 */
function paymentTestFlight(fromEnd: 6 | 7 | 8 | 9) {
  const candidates = upcomingDemoFlights().filter((flight) => !flight.soldOut && flight.feedSeats >= 4);
  return candidates[candidates.length - 1 - fromEnd]!;
}

const euros = (cents: number) =>
  new Intl.NumberFormat("fr-FR", {
    style: "currency",
    currency: "EUR",
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  })
    .format(cents / 100)
    .replace(/\s/g, " ");
const normalised = (text: string | null) => (text ?? "").replace(/\s/g, " ");

/**
 * The price of `seats` seats in cents: the flight's total over its seats offered, per person
 * in whole euros (docs/payments.md 'Prices').
 */
function seatsPriceCents(flight: ReturnType<typeof paymentTestFlight>, seats: number) {
  return seats * Math.round((flight.flightTime * flight.pricePerMinute) / flight.feedSeats) * 100;
}

/**
 * The seats left on the flight's checkout page: its 'Places disponibles', which the
 * choice of 'Nombre de places' (1 to the seats left) must agree with.
 */
async function seatsLeft(page: Page, flightId: string) {
  await page.goto(`/checkout/${flightId}?lng=fr`);
  const shown = page.locator("dt", { hasText: "Places disponibles" }).locator("xpath=following-sibling::dd[1]");
  const count = Number(await shown.textContent());
  expect(await page.getByLabel("Nombre de places").locator("option").count()).toBe(count);
  return count;
}

/** The order's id and reference from the page it is on (/confirmation/{id}). */
async function orderOnPage(page: Page) {
  const id = new URL(page.url()).pathname.split("/")[2]!;
  const reference = (await page.getByTestId("order-reference").textContent()) ?? "";
  expect(reference).toMatch(/^JM-[A-Z0-9]{6}$/);
  return { id, reference };
}

test("a refused card cancels the order: the reason on its page, the seats back, the customer mailed", async ({
  page,
}) => {
  const flight = paymentTestFlight(6);
  const route = `${flight.fromCity} → ${flight.toCity}`;
  const before = await seatsLeft(page, flight.id);
  expect(before).toBeGreaterThanOrEqual(2);

  const email = await bookAsGuest(page, flight.id, 2);
  expect(page.url()).toMatch(/\/dev\/pay\/[\w-]+$/);
  const payPage = page.url();
  expect(normalised(await page.getByTestId("devpay-amount").textContent())).toBe(euros(seatsPriceCents(flight, 2)));
  // While the page waits for the card, the two seats are held.
  expect(await seatsLeft(page, flight.id)).toBe(before - 2);

  await page.goto(payPage);
  await payOnSimulator(page, "Carte refusée");
  await expect(page).toHaveURL(/\/confirmation\/[\w-]+\?key=[\w-]+$/);
  // No thanks for an order that ended: the heading says how.
  await expect(page.getByRole("heading", { level: 1, name: "Votre réservation n'a pas pu être payée" })).toBeVisible();
  await expect(page).toHaveTitle("Votre réservation n'a pas pu être payée – JetMalin");
  await expect(page.getByTestId("order-status")).toHaveText("Annulé");
  const payment = page.getByTestId("order-payment");
  await expect(payment).toContainText("Le paiement n'a pas abouti.");
  await expect(payment).toContainText("Aucun montant n'a été débité.");
  await expect(page.getByText("En attente de confirmation du paiement.")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Payer maintenant" })).toHaveCount(0);
  expect(normalised(await page.getByTestId("order-amount").textContent())).toBe(euros(seatsPriceCents(flight, 2)));
  const { reference } = await orderOnPage(page);

  // The refused page is closed: it cannot be paid afterwards.
  await page.goto(payPage);
  await expect(page.getByTestId("devpay-closed")).toHaveText("Cette page de paiement n'est plus ouverte.");
  await expect(page.getByRole("button", { name: "Payer", exact: true })).toHaveCount(0);

  expect(await seatsLeft(page, flight.id)).toBe(before);

  const mail = await readLatestMail(page, email, {
    subject: `Votre réservation ${reference} a été annulée : ${route}`,
  });
  expect(mail.text).toContain("Votre réservation a été annulée : le paiement a échoué.");
  expect(mail.text).toContain("Rassurez-vous : aucun montant n'a été prélevé.");
});

test("an abandoned payment page cancels the order as expired and gives the seats back", async ({ page }) => {
  const flight = paymentTestFlight(7);
  const route = `${flight.fromCity} → ${flight.toCity}`;
  const before = await seatsLeft(page, flight.id);
  expect(before).toBeGreaterThanOrEqual(1);

  const email = await bookAsGuest(page, flight.id, 1);
  const payPage = page.url();
  expect(await seatsLeft(page, flight.id)).toBe(before - 1);

  await page.goto(payPage);
  await payOnSimulator(page, "Abandonner");
  await expect(page.getByRole("heading", { level: 1, name: "Votre réservation a expiré" })).toBeVisible();
  await expect(page.getByTestId("order-status")).toHaveText("Annulé");
  const payment = page.getByTestId("order-payment");
  await expect(payment).toContainText("Le paiement n'a pas été fait dans le délai : les places ont été libérées.");
  await expect(payment).toContainText("Aucun montant n'a été débité.");
  await expect(page.getByText("En attente de confirmation du paiement.")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Payer maintenant" })).toHaveCount(0);
  // The flight is still on sale: the way back to it.
  await expect(page.getByRole("link", { name: "Réserver à nouveau ce vol" })).toHaveAttribute(
    "href",
    `/checkout/${flight.id}`,
  );
  const { reference } = await orderOnPage(page);

  expect(await seatsLeft(page, flight.id)).toBe(before);

  const mail = await readLatestMail(page, email, {
    subject: `Votre réservation ${reference} a été annulée : ${route}`,
  });
  expect(mail.text).toContain(
    "le délai de paiement a expiré sans que le paiement soit effectué, et les places ont été libérées.",
  );
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("book, pay on the simulator, staff 'Valider': the mail's link opens the confirmed order and its calendar file", async ({
    page,
    browser,
  }) => {
    const flight = paymentTestFlight(8);
    const route = `${flight.fromCity} → ${flight.toCity}`;

    const email = await bookAsGuest(page, flight.id, 1);
    // No script ran on the way: the seats, the names and the form were plain HTML.
    expect(await page.evaluate(() => "__remixContext" in window)).toBe(false);
    await payOnSimulator(page);
    await expect(page.getByRole("heading", { level: 1, name: "Merci pour votre réservation" })).toBeVisible();
    await expect(page.getByTestId("order-status")).toHaveText("En cours de traitement");
    await expect(page.getByText("Votre paiement est en cours de traitement.")).toBeVisible();
    await expect(page.getByTestId("order-passengers")).toHaveText("Léa Muller");
    expect(normalised(await page.getByTestId("order-amount").textContent())).toBe(euros(seatsPriceCents(flight, 1)));
    const { id, reference } = await orderOnPage(page);

    // Staff validate it in the back-office, without JavaScript either.
    const staff = await browser.newContext({ javaScriptEnabled: false, locale: "fr-CH" });
    await acceptEssentialCookies(staff);
    const admin = await staff.newPage();
    await loginAs(admin, "admin", { redirectTo: `/admin/orders?status=processing&q=${encodeURIComponent(email)}` });
    const card = admin.getByTestId("order-card");
    await expect(card).toHaveCount(1);
    await card.locator("summary").first().click();
    await expect(card.getByTestId("order-reference")).toHaveText(reference);
    await expect(card.getByTestId("order-payment-state")).toHaveText("Carte autorisée");
    await card.getByRole("button", { name: "Valider" }).click();
    await expect(admin.getByText("Commande validée avec succès")).toBeVisible();
    await admin.goto(`/admin/orders?q=${encodeURIComponent(email)}`);
    await expect(admin.getByTestId("order-payment-state")).toHaveText("Encaissé");
    await staff.close();

    // The customer's 'completed' mail; its link opens the order in the buyer's browser (no session).
    const mail = await readLatestMail(page, email, {
      subject: `Votre vol ${route} est confirmé – réservation ${reference}`,
    });
    expect(mail.text).toContain("Votre paiement a été confirmé.");
    const link = mail.links.find((href) => new URL(href).pathname === `/confirmation/${id}`);
    expect(link, mail.links.join(", ")).toBeDefined();
    const url = new URL(link!);
    expect(url.searchParams.get("key")).toBeTruthy();
    await page.goto(url.pathname + url.search);
    await expect(page.getByRole("heading", { level: 1, name: "Réservation confirmée !" })).toBeVisible();
    await expect(page.getByTestId("order-status")).toHaveText("Confirmé");
    await expect(page.getByText("Votre paiement a été confirmé.")).toBeVisible();
    await expect(page.getByText("Votre paiement est en cours de traitement.")).toHaveCount(0);
    // The flight's reference is staff's: the customer's page names the order by its own.
    await expect(page.getByTestId("flight-reference")).toHaveCount(0);

    const calendar = page.getByRole("link", { name: "Ajouter à mon agenda" });
    const href = (await calendar.getAttribute("href")) ?? "";
    expect(href).toBe(`/confirmation/${id}/calendar.ics?${new URLSearchParams({ key: url.searchParams.get("key")! })}`);
    const download = page.waitForEvent("download");
    await calendar.click();
    expect((await download).suggestedFilename()).toBe(`jetmalin-${reference}.ics`);

    const response = await page.request.get(href);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/^text\/calendar\b/);
    const ics = (await response.text()).replace(/\r\n /g, "");
    expect(ics).toContain("BEGIN:VCALENDAR");
    expect(ics).toContain(`SUMMARY:Vol ${route} (${reference})`);
    const utc = flight.departureDate
      .toISOString()
      .replace(/\.\d{3}Z$/, "Z")
      .replace(/[-:]/g, "");
    expect(ics).toContain(`DTSTART:${utc}`);
    expect(ics).toContain(`LOCATION:${flight.fromCity} (${flight.from})`);
  });
});

test.describe("the webhook /webhooks/payments", () => {
  test("answers 400 to a body without a valid Stripe-Signature, from anywhere, and 405 to a GET", async ({
    request,
  }) => {
    const event = JSON.stringify({
      id: "evt_forged",
      object: "event",
      type: "payment_intent.payment_failed",
      data: { object: {} },
    });
    const unsigned = await request.post("/webhooks/payments", {
      data: event,
      headers: { "Content-Type": "application/json" },
    });
    // Soft: a wrong status is reported, and the other answers are still checked.
    expect.soft(unsigned.status(), await unsigned.text()).toBe(400);
    // Neither its Origin nor its JSON body is refused: only its signature is.
    const forged = await request.post("/webhooks/payments", {
      data: event,
      headers: {
        "Content-Type": "application/json",
        Origin: "https://provider.example",
        "Sec-Fetch-Site": "cross-site",
        "Stripe-Signature": `t=${Math.floor(Date.now() / 1000)},v1=${"ab".repeat(32)}`,
      },
    });
    expect.soft(forged.status(), await forged.text()).toBe(400);

    const get = await request.get("/webhooks/payments");
    expect.soft(get.status(), await get.text()).toBe(405);
    expect.soft(get.headers()["allow"]).toBe("POST");
  });

  test("a forged 'payment failed' event for a real order changes nothing", async ({ page }) => {
    const flight = paymentTestFlight(9);
    const email = await bookAsGuest(page, flight.id, 1);
    const held = await seatsLeft(page, flight.id);
    const placed = await readPlacedMail(page, email);
    const link = new URL(placed.links.find((href) => href.includes("/confirmation/"))!);
    const orderId = link.pathname.split("/")[2]!;

    const now = Math.floor(Date.now() / 1000);
    const body = JSON.stringify({
      id: `evt_forged_${orderId}`,
      object: "event",
      type: "payment_intent.payment_failed",
      created: now,
      livemode: false,
      data: {
        object: {
          id: "pi_forged",
          object: "payment_intent",
          amount: seatsPriceCents(flight, 1),
          currency: "eur",
          status: "requires_payment_method",
          metadata: { order_id: orderId },
        },
      },
    });
    const response = await page.request.post("/webhooks/payments", {
      data: body,
      headers: { "Content-Type": "application/json", "Stripe-Signature": `t=${now},v1=${"0".repeat(64)}` },
    });
    // Soft: the order below is checked whatever the status says.
    expect.soft(response.status(), await response.text()).toBe(400);

    await page.goto(link.pathname + link.search);
    await settle(page);
    await expect(page.getByTestId("order-status")).toHaveText("En attente");
    await expect(page.getByText("En attente de confirmation du paiement.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Payer maintenant" })).toBeVisible();
    expect(await seatsLeft(page, flight.id)).toBe(held);
  });
});
