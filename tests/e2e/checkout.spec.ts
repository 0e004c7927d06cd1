/**
 * Booking from a card (docs/orders.md, docs/payments.md): /checkout with a name per
 * seat, the provider's page (the local simulator), the order, its mails and the
 * confirmation page that only a link's key (or the owner, or staff) opens.
 */
import type { Page } from "@playwright/test";

import {
  acceptEssentialCookies,
  fillCustomer,
  fillPassengers,
  payOnSimulator,
  uniqueSuffix,
  upcomingDemoFlights,
} from "./catalogue-helpers";
import { DEMO_ACCOUNTS, expect, signInContext, test, waitForHydration } from "./fixtures";
import { readLatestMail } from "./mail";

test.beforeEach(async ({ context }) => {
  await acceptEssentialCookies(context);
});

/** Flights far down the list with seats to spare, so no other test sees their seats change. */
function bookableFlight(fromEnd: number) {
  const candidates = upcomingDemoFlights().filter((flight) => !flight.soldOut && flight.feedSeats >= 4);
  return candidates[candidates.length - 1 - fromEnd]!;
}

const euros = (amount: number, decimals: number) =>
  new Intl.NumberFormat("fr-FR", {
    style: "currency",
    currency: "EUR",
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  })
    .format(amount)
    .replace(/\s/g, " ");
const normalised = (text: string | null) => (text ?? "").replace(/\s/g, " ");

async function openCheckoutFromCard(page: Page, flight: ReturnType<typeof bookableFlight>) {
  await page.goto(`/home?lng=fr&${new URLSearchParams({ from: flight.fromCity, to: flight.toCity })}`);
  const card = page
    .getByRole("article")
    .filter({ has: page.getByRole("heading", { name: `${flight.fromCity} → ${flight.toCity}` }) });
  await card.first().getByRole("link", { name: "Réserver ce vol" }).click();
  await page.waitForURL(new RegExp(`/checkout/${flight.id}$`));
}

test("an anonymous buyer books 2 seats from a card, pays, gets the mail, and only the link opens the order", async ({
  page,
  playwright,
  baseURL,
}) => {
  const flight = bookableFlight(0);
  const email = `buyer.${uniqueSuffix()}@example.ch`;
  // The price per person is the total over the seats offered (docs/payments.md 'Prices').
  const perPerson = Math.round((flight.flightTime * flight.pricePerMinute) / flight.feedSeats);

  await openCheckoutFromCard(page, flight);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: `${flight.fromCity} → ${flight.toCity}` })).toBeVisible();
  await expect(
    page.getByText("Une fois le vol confirmé, les règles d'annulation des conditions générales s'appliquent."),
  ).toBeVisible();
  await page.getByRole("button", { name: "Confirmer la réservation" }).click();
  await expect(page.getByText("Veuillez accepter les conditions générales")).toBeVisible();
  await expect(page.getByText("Indiquez le nom de ce passager")).toBeVisible();

  await page.getByLabel("Nombre de places").selectOption("2");
  await expect
    .poll(async () => normalised(await page.getByTestId("checkout-total").textContent()))
    .toBe(euros(2 * perPerson, 0));
  // One name per seat chosen: the third field does not show.
  await expect(page.getByLabel("Nom complet du passager 3", { exact: true })).toBeHidden();
  await fillPassengers(page, 2);
  await fillCustomer(page, email);
  await page.getByLabel("J'accepte les conditions générales").check();
  await page.getByRole("button", { name: "Confirmer la réservation" }).click();

  // The provider's page (the simulator), for the stored amount and the order's own reference.
  await page.waitForURL(/\/dev\/pay\//);
  expect(normalised(await page.getByTestId("devpay-amount").textContent())).toBe(euros(2 * perPerson, 2));
  const reference = (await page.getByTestId("devpay-reference").textContent()) ?? "";
  expect(reference).toMatch(/^JM-[A-Z0-9]{6}$/);
  await payOnSimulator(page);

  await expect(page.getByRole("heading", { level: 1, name: "Merci pour votre réservation" })).toBeVisible();
  await expect(page.getByTestId("order-status")).toHaveText("En cours de traitement");
  await expect(page.getByText("Votre paiement est en cours de traitement.")).toBeVisible();
  await expect(page.getByText("En attente de confirmation du paiement.")).toHaveCount(0);
  expect(normalised(await page.getByTestId("order-amount").textContent())).toBe(euros(2 * perPerson, 2));
  await expect(page.getByTestId("order-reference")).toHaveText(reference);
  await expect(page.getByTestId("flight-reference")).toHaveCount(0);
  await expect(page.getByTestId("order-passengers")).toHaveText(/Léa Muller.*Marc Muller/);

  // Paid at once: one mail for the step reached, the 'pay before ...' one never goes (docs/orders.md 'Messages').
  const mail = await readLatestMail(page, email, {
    subject: `Votre paiement est en cours de traitement – réservation ${reference}`,
  });
  const link = mail.links.find((href) => href.includes("/confirmation/"))!;
  expect(link).toContain("key=");
  const placed = await page.request.get(
    `/dev/mail/latest.json?${new URLSearchParams({ to: email, subject: "Votre réservation" })}`,
  );
  expect(placed.status()).toBe(404);
  const staffMail = await readLatestMail(page, "reservations@jetmalin.test", {
    subject: `Nouvelle commande ${reference} - Léa Muller`,
  });
  expect(staffMail.text).toContain(email);

  // Someone else (no cookie of the buyer's; over HTTP, the answers are what matter): the
  // link opens the order; without its key, the order does not exist.
  const stranger = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { "Accept-Language": "fr-CH" } });
  const url = new URL(link);
  const textOf = async (path: string) => {
    const response = await stranger.get(path);
    // React writes an apostrophe as &#x27;.
    return { status: response.status(), text: (await response.text()).replaceAll("&#x27;", "'") };
  };
  const opened = await textOf(url.pathname + url.search);
  expect(opened.status).toBe(200);
  expect(opened.text).toMatch(/<h1[^>]*>Merci pour votre réservation/);
  const withoutKey = await textOf(url.pathname);
  expect(withoutKey.status).toBe(404);
  expect(withoutKey.text).toContain("Commande introuvable");
  expect(withoutKey.text).toContain("Cette commande n'existe pas ou n'est plus accessible.");
  expect((await textOf(`${url.pathname}?key=not-the-key`)).text).toContain("Commande introuvable");
  await stranger.dispose();
});

test("the checkout names the flight's operating carrier before payment", async ({ page }) => {
  const flight = bookableFlight(2);
  // The demo carriers' states, in French, written here rather than read from Intl.
  const state = { CH: "Suisse", FR: "France" }[flight.operatorState]!;
  await openCheckoutFromCard(page, flight);
  const carrier = page.getByTestId("operating-carrier");
  await expect(carrier.getByText("Transporteur aérien", { exact: true })).toBeVisible();
  await expect(carrier).toContainText(
    `Vol opéré par ${flight.operatorName} (AOC ${flight.operatorAoc}, ${state}), appareil immatriculé ${flight.aircraftRegistration}.`,
  );
  // Shown with the flight, above the button that leads to the payment.
  const confirm = await page.getByRole("button", { name: "Confirmer la réservation" }).elementHandle();
  const above = await carrier.evaluate(
    (node, button) => !!(node.compareDocumentPosition(button!) & Node.DOCUMENT_POSITION_FOLLOWING),
    confirm,
  );
  expect(above).toBe(true);
});

test("a signed-in client books with the profile filled in, finds the unpaid order on the dashboard and pays it from its page", async ({
  page,
}) => {
  const flight = bookableFlight(2);
  await signInContext(page, "client");
  await openCheckoutFromCard(page, flight);
  await waitForHydration(page);
  const main = page.getByRole("main");
  await expect(main.getByLabel("Email")).toHaveValue(DEMO_ACCOUNTS.client);
  await expect(main.getByLabel("Prénom")).not.toHaveValue("");
  await fillPassengers(page, 1);
  await main.getByLabel("Téléphone").fill("+41 79 555 44 33");
  await main.getByLabel("Adresse").fill("Avenue de la Gare 10");
  await main.getByLabel("Code postal").fill("1003");
  await main.getByLabel("Ville").fill("Lausanne");
  await page.getByLabel("J'accepte les conditions générales").check();
  await page.getByRole("button", { name: "Confirmer la réservation" }).click();
  // The buyer leaves the provider's page without paying: the order waits, its seats held.
  await page.waitForURL(/\/dev\/pay\//);

  await page.goto("/dashboard?lng=fr");
  const row = page
    .getByTestId("order-row")
    .filter({ hasText: `${flight.fromCity} → ${flight.toCity}` })
    .first();
  await expect(row).toContainText("En attente");
  await expect(row).toContainText("Aucun paiement");
  expect(Number(await page.getByTestId("counter-upcoming").textContent())).toBeGreaterThanOrEqual(1);
  await expect(page.getByRole("heading", { name: "Prochains vols" })).toBeVisible();
  // The owner opens the order from the dashboard without the mail's key, and pays from there.
  await row.getByRole("link", { name: /Voir la commande/ }).click();
  await expect(page).toHaveURL(/\/confirmation\/[\w-]+$/);
  await expect(page.getByRole("heading", { level: 1, name: "Merci pour votre réservation" })).toBeVisible();
  await expect(page.getByText("En attente de confirmation du paiement.")).toBeVisible();
  await expect(page.getByText(/Vos places sont réservées jusqu'au/)).toBeVisible();
  await waitForHydration(page);
  await page.getByRole("button", { name: "Payer maintenant" }).click();
  await payOnSimulator(page);
  await expect(page.getByTestId("order-status")).toHaveText("En cours de traitement");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the same booking walk works, the whole aircraft at the total price", async ({ page }) => {
    const flight = bookableFlight(1);
    const email = `buyer.nojs.${uniqueSuffix()}@example.ch`;
    await openCheckoutFromCard(page, flight);
    await page.getByRole("button", { name: "Confirmer la réservation" }).click();
    await expect(page.getByText("Veuillez accepter les conditions générales")).toBeVisible();
    await page.getByLabel(/Tout l'appareil/).check();
    // Without JavaScript every seat left has its field: the whole aircraft needs them all.
    await expect(page.getByText("Remplissez autant de champs que de places choisies")).toBeVisible();
    await fillPassengers(page, await page.getByLabel("Nombre de places").locator("option").count());
    await fillCustomer(page, email);
    await page.getByLabel("J'accepte les conditions générales").check();
    await page.getByRole("button", { name: "Confirmer la réservation" }).click();
    await payOnSimulator(page);
    await expect(page.getByRole("heading", { level: 1, name: "Merci pour votre réservation" })).toBeVisible();
    await expect(page.getByTestId("order-status")).toHaveText("En cours de traitement");
    expect(normalised(await page.getByTestId("order-amount").textContent())).toBe(
      euros(flight.flightTime * flight.pricePerMinute, 2),
    );
    await readLatestMail(page, email);
  });

  test("a sold-out or unknown flight cannot be booked, and /checkout alone goes to the list", async ({ page }) => {
    const soldOut = upcomingDemoFlights().find((flight) => flight.soldOut)!;
    await page.goto(`/checkout/${soldOut.id}?lng=fr`);
    await expect(page.getByText("Ce vol est complet : il ne peut plus être réservé.")).toBeVisible();
    await expect(page.locator("dt", { hasText: "Places disponibles" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Confirmer la réservation" })).toHaveCount(0);
    const unknown = await page.goto("/checkout/no-such-flight");
    expect(unknown?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Vol non trouvé" })).toBeVisible();
    await page.goto("/checkout");
    await expect(page).toHaveURL(/\/empty-legs$/);
  });
});
