/**
 * The waitlist of sold-out flights (decision 021) against the real Worker: a new client asks
 * to be told on a flight a guest's order sold out, the admin refuses that order on
 * /admin/orders, and the client finds the notification and the mail; the dashboard's
 * 'Liste d'attente' lets them leave. Without JavaScript, the checkout page's button is a
 * plain form, signed out it answers with the heart's sign-in toast.
 */
import type { Browser, Page } from "@playwright/test";

import { bookOverHttp, refuseOrder, seatsOnCheckout } from "./admin-helpers";
import { acceptEssentialCookies, upcomingDemoFlights } from "./catalogue-helpers";
import { expect, loginAs, settle, signIn, test, uniqueEmail } from "./fixtures";
import { followMailLink, readLatestMail } from "./mail";

const PASSWORD = "Vol-prive-2026";

test.beforeEach(async ({ context }) => {
  await acceptEssentialCookies(context);
});

/**
 * A bookable demo flight no other spec books: checkout, admin-orders, a11y and payments
 * take the last ten of these.
 */
function waitlistTestFlight() {
  const candidates = upcomingDemoFlights().filter((flight) => !flight.soldOut && flight.feedSeats >= 4);
  return candidates[candidates.length - 1 - 10]!;
}

/** A page of its own network (the caps of decision 016 count each scenario alone). */
async function pageOnOwnNetwork(browser: Browser) {
  const hextet = () => Math.floor(Math.random() * 0x10000).toString(16);
  const context = await browser.newContext({
    locale: "fr-CH",
    extraHTTPHeaders: { "CF-Connecting-IP": `2001:db8:${hextet()}:${hextet()}::7` },
  });
  await acceptEssentialCookies(context);
  return context.newPage();
}

/** A new confirmed client, signed in (the demo client's bell is another spec's to count). */
async function newClient(page: Page, email: string) {
  await page.goto("/register");
  await settle(page);
  await page.getByLabel("Prénom").fill("Wanda");
  await page.getByLabel("Nom", { exact: true }).fill("Attente");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Mot de passe", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirmer le mot de passe").fill(PASSWORD);
  await page.getByRole("main").getByRole("button", { name: "S'inscrire" }).click();
  await expect(page.getByRole("heading", { name: "Inscription réussie !" })).toBeVisible();
  await followMailLink(page, email, /\/confirm-email\?token=/);
  await expect(page.getByText("Email confirmé avec succès !")).toBeVisible();
  await page.goto("/login?redirectTo=%2Fdashboard");
  await settle(page);
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL("/dashboard");
}

test("a client waitlists a sold-out flight, the admin refuses the order that filled it, the client is told", async ({
  page,
  browser,
}) => {
  const flight = waitlistTestFlight();
  const route = `${flight.fromCity} → ${flight.toCity}`;

  // A guest holds every seat left: the flight is sold out.
  const buyer = await pageOnOwnNetwork(browser);
  // Over HTTP, the form as the browser posts it: the checkout's page is checkout.spec.ts's.
  const guest = await bookOverHttp(buyer.request, flight.id, await seatsOnCheckout(buyer, flight.id));
  await buyer.goto(`/checkout/${flight.id}?lng=fr`);
  await expect(buyer.getByText("Ce vol est complet : il ne peut plus être réservé.")).toBeVisible();

  const email = uniqueEmail("waitlist");
  await newClient(page, email);
  await page.goto(
    `/home?lng=fr&${new URLSearchParams({ from: flight.fromCity, to: flight.toCity, date: flight.day })}`,
  );
  await settle(page);
  const card = page
    .getByRole("article")
    .filter({ has: page.getByRole("heading", { name: route }) })
    .first();
  await expect(card.getByText("SOLD OUT")).toBeVisible();
  await card.getByRole("button", { name: `Me prévenir si une place se libère – ${route}` }).click();
  await expect(page.getByText("C'est noté : vous serez prévenu si une place se libère sur ce vol.")).toBeVisible();
  await expect(card.getByTestId("waitlist-status")).toHaveText(/Vous serez prévenu/);
  await expect(card.getByRole("button", { name: `Ne plus être prévenu – ${route}` })).toBeVisible();

  await page.goto("/dashboard");
  const entry = page.getByRole("region", { name: "Liste d'attente" }).getByTestId("waitlist-entry");
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText(route);
  await expect(entry).toContainText("Complet : vous serez prévenu dès qu'une place se libère.");

  const staff = await pageOnOwnNetwork(browser);
  await loginAs(staff, "admin", { redirectTo: `/admin/orders?status=pending&q=${encodeURIComponent(guest)}` });
  await settle(staff);
  const order = staff.getByTestId("order-card");
  await expect(order).toHaveCount(1);
  await order.locator("summary").first().click();
  await refuseOrder(order);
  await expect(staff.getByText("Commande refusée avec succès")).toBeVisible();

  await page.goto("/notifications");
  const told = page.getByTestId("notification").filter({ hasText: `Place libérée : ${route}` });
  await expect(told).toHaveCount(1);
  await expect(told).toContainText("Des places sont de nouveau disponibles sur le vol du");
  const mail = await readLatestMail(page, email, { subject: `Une place s'est libérée : ${route} – JetMalin` });
  expect(mail.text).toContain("Bonjour Wanda,");
  expect(mail.links).toContain(`${new URL(page.url()).origin}/checkout/${flight.id}`);

  // Seats are free now: the dashboard says so, and 'Quitter' takes the flight off the list.
  await page.goto("/dashboard");
  await settle(page);
  await expect(entry).toContainText("Des places sont libres sur ce vol.");
  await entry.getByRole("button", { name: `Quitter – ${route}` }).click();
  await expect(page.getByText("Vous avez quitté la liste d'attente de ce vol.")).toBeVisible();
  await expect(entry).toHaveCount(0);
  await buyer.context().close();
  await staff.context().close();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the checkout page's button is a plain form: the sign-in toast signed out, join and leave signed in", async ({
    page,
  }) => {
    const soldOut = upcomingDemoFlights().find((flight) => flight.soldOut)!;
    const route = `${soldOut.fromCity} → ${soldOut.toCity}`;
    const join = () => page.getByRole("button", { name: `Me prévenir si une place se libère – ${route}` });

    await page.goto(`/checkout/${soldOut.id}?lng=fr`);
    await join().click();
    await expect(page).toHaveURL(`/checkout/${soldOut.id}?lng=fr`);
    await expect(page.getByText("Vous devez être connecté pour être prévenu quand une place se libère")).toBeVisible();
    await page.getByRole("alert").getByRole("link", { name: "Se connecter" }).click();
    await expect(page).toHaveURL(/\/login\?redirectTo=/);

    await loginAs(page, "client", { redirectTo: `/checkout/${soldOut.id}` });
    await expect(page).toHaveURL(`/checkout/${soldOut.id}`);
    await join().click();
    await expect(page.getByText("C'est noté : vous serez prévenu si une place se libère sur ce vol.")).toBeVisible();
    await expect(page.getByTestId("waitlist-status")).toHaveText(/Vous serez prévenu/);
    // Leave again: the demo client's dashboard is other specs' to read.
    await page.getByRole("button", { name: `Ne plus être prévenu – ${route}` }).click();
    await expect(page.getByText("Vous avez quitté la liste d'attente de ce vol.")).toBeVisible();
    await expect(join()).toBeVisible();
  });
});
