/**
 * Offers (docs/decisions/058-offers.md): staff answer a custom request with an offer, the customer accepts it from the
 * mailed link without an account and pays on the simulator, staff confirm it; a rerouted leg's estimate is shown
 * before sending (docs/decisions/059-rerouted-legs.md). In French with JavaScript (after hydration), in English without.
 */
import { type Browser, type Page, request as playwrightRequest } from "@playwright/test";

import { violations } from "./axe";
import { acceptEssentialCookies, payOnSimulator, uniqueSuffix, upcomingDemoFlights } from "./catalogue-helpers";
import { expect, loginAs, test, testNetwork, waitForHydration } from "./fixtures";
import { readLatestMail } from "./mail";

test.beforeEach(async ({ context }) => {
  await acceptEssentialCookies(context);
});

const PRICE_EUROS = 9_800;
const digits = (text: string | null) => (text ?? "").replace(/\D/g, "");
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** The visitor's custom request over HTTP, as the form posts it (catalogue-requests.spec.ts drives the form itself). */
async function sendCustomRequest(baseURL: string, email: string, lng: "fr" | "en") {
  const request = await playwrightRequest.newContext({
    baseURL,
    extraHTTPHeaders: { "Accept-Language": lng, "CF-Connecting-IP": testNetwork() },
  });
  const path = `/custom-flight?lng=${lng}`;
  const form = await (await request.get(path)).text();
  const key = /name="idempotencyKey"[^>]*value="([^"]+)"|value="([^"]+)"[^>]*name="idempotencyKey"/.exec(form)!;
  const sent = await request.post(path, {
    form: {
      idempotencyKey: key[1] ?? key[2]!,
      departure: "Genève",
      arrival: "Nice",
      date: inDays(30),
      passengers: "2",
      firstName: "Olga",
      lastName: "Offre",
      email,
      phone: "+41 79 555 66 77",
    },
    headers: { Origin: baseURL },
    maxRedirects: 0,
  });
  expect(sent.status()).toBe(302);
  await request.dispose();
}

/** Staff (the gestionnaire, in French) answer the request with an offer from the inbox. */
async function answerWithOffer(page: Page, email: string) {
  await loginAs(page, "gestionnaire", { redirectTo: "/admin/requests?kind=custom" });
  await waitForHydration(page);
  const card = page.getByTestId("request-card").filter({ hasText: email });
  await expect(card.getByTestId("request-state")).toHaveText("Nouvelle");
  await card.getByRole("link", { name: "Répondre par une offre" }).click();
  await expect(page.getByRole("heading", { name: "Demande de Olga Offre" })).toBeVisible();
  const form = page.locator("form#offer");
  await form.getByLabel("Aéroport de départ (code OACI)").fill("LSGG");
  await form.getByLabel("Aéroport d'arrivée (code OACI)").fill("LFMN");
  await form.getByLabel("Date de départ").fill(inDays(30));
  await form.getByLabel("Heure de départ (heure suisse)").fill("10:00");
  await form.getByLabel("Fenêtre de départ (heures après)").fill("2");
  await form.getByLabel("Temps de vol (minutes)").fill("70");
  await form.getByLabel("Appareil").selectOption("pc24");
  await form.getByLabel("Places").fill("2");
  await form.getByLabel("Prix total (EUR)").fill(String(PRICE_EUROS));
  await expect(form.getByLabel("Validité (heures)")).toHaveValue("48");
  await form.getByLabel("Compris dans le prix").fill("Catering, bagages, taxes");
  await form.getByLabel("Transporteur (nom de la compagnie)").fill("Alpes Jet SA");
  await form.getByLabel("Numéro de certificat de transporteur (AOC)").fill("CH.AOC.1042");
  await form.getByLabel("État de l'AOC (code à 2 lettres)").fill("CH");
  await form.getByRole("button", { name: "Envoyer l'offre" }).click();
  await expect(page.getByText("Offre envoyée au client.")).toBeVisible();
  await expect(page.getByTestId("staff-offer")).toContainText("Version 1 · Ouverte");
  expect(await violations(page, "the request's page")).toEqual([]);
}

/** The admin validates the paid order (without JavaScript, as payments.spec.ts does). */
async function staffConfirm(browser: Browser, email: string) {
  const staff = await browser.newContext({ javaScriptEnabled: false, locale: "fr-CH" });
  await acceptEssentialCookies(staff);
  const admin = await staff.newPage();
  await loginAs(admin, "admin", { redirectTo: `/admin/orders?status=processing&q=${encodeURIComponent(email)}` });
  const card = admin.getByTestId("order-card");
  await expect(card).toHaveCount(1);
  await card.locator("summary").first().click();
  // The offer came with the order: its version in the order's history.
  await expect(card.getByTestId("order-history")).toContainText("Offre envoyée");
  await card.getByRole("button", { name: "Valider" }).click();
  await expect(admin.getByText("Commande validée avec succès")).toBeVisible();
  await admin.goto(`/admin/requests?kind=custom&state=accepted`);
  await expect(admin.getByTestId("request-card").filter({ hasText: email }).getByTestId("request-state")).toHaveText(
    "Acceptée",
  );
  await staff.close();
}

test("fr: staff answer a request with an offer, the customer accepts it from the mail without an account, pays, staff confirm", async ({
  page,
  browser,
  baseURL,
}) => {
  const email = `offre.${uniqueSuffix()}@example.ch`;
  await sendCustomRequest(baseURL!, email, "fr");
  await answerWithOffer(page, email);

  const customer = await browser.newContext({ locale: "fr-CH" });
  await acceptEssentialCookies(customer);
  const visitor = await customer.newPage();
  const mail = await readLatestMail(visitor, email, { subject: "Votre offre de vol Genève → Nice" });
  expect(mail.text).toContain("Catering, bagages, taxes");
  await visitor.goto(mail.links.find((link) => /\/offers\/[^/?]+\?key=/.test(link))!);
  await waitForHydration(visitor);
  await expect(visitor.getByRole("heading", { level: 1, name: "Votre offre Genève → Nice" })).toBeVisible();
  await expect(visitor.getByTestId("offer-state")).toContainText("Cette offre est valable jusqu'au");
  expect(await violations(visitor, "the offer's page")).toEqual([]);
  // A question first, in the request's thread.
  await visitor.getByLabel("Votre message").fill("Peut-on partir à 10 h 30 ?");
  await visitor.getByRole("button", { name: "Envoyer le message" }).click();
  await expect(visitor.getByText("Message envoyé.")).toBeVisible();
  await expect(visitor.getByRole("listitem").filter({ hasText: "Peut-on partir à 10 h 30 ?" })).toBeVisible();

  await visitor.getByRole("link", { name: "Accepter et réserver" }).click();
  await expect(visitor.getByRole("heading", { level: 1, name: "Réserver le vol Genève → Nice" })).toBeVisible();
  await waitForHydration(visitor);
  const main = visitor.getByRole("main");
  await expect(main.getByLabel("Email")).toHaveValue(email);
  expect(await violations(visitor, "the offer's checkout")).toEqual([]);
  await main.getByLabel("Nom complet du passager 1", { exact: true }).fill("Olga Offre");
  await main.getByLabel("Nom complet du passager 2", { exact: true }).fill("Igor Offre");
  await main.getByLabel("Adresse").fill("Rue du Rhône 1");
  await main.getByLabel("Code postal").fill("1204");
  await main.getByLabel("Ville").fill("Genève");
  await main.getByRole("checkbox").check();
  await main.getByRole("button", { name: /Réserver et payer/ }).click();
  await payOnSimulator(visitor);
  await expect(visitor.getByRole("heading", { level: 1, name: "Merci pour votre réservation" })).toBeVisible();
  expect(digits(await visitor.getByTestId("order-amount").textContent())).toBe(`${PRICE_EUROS}00`);
  await customer.close();

  await staffConfirm(browser, email);
});

test("en, without JavaScript: the customer accepts the mailed offer and pays; an accepted offer is accepted once", async ({
  page,
  browser,
  baseURL,
}) => {
  const email = `offer.${uniqueSuffix()}@example.ch`;
  await sendCustomRequest(baseURL!, email, "en");
  await answerWithOffer(page, email);

  const customer = await browser.newContext({ javaScriptEnabled: false, locale: "en-GB" });
  await acceptEssentialCookies(customer);
  const visitor = await customer.newPage();
  const mail = await readLatestMail(visitor, email, { subject: "Your flight offer Geneva → Nice" });
  const link = mail.links.find((href) => /\/offers\/[^/?]+\?key=/.test(href))!;
  await visitor.goto(`${link}&lng=en`);
  await expect(visitor.getByRole("heading", { level: 1, name: "Your offer Geneva → Nice" })).toBeVisible();
  await visitor.getByRole("link", { name: "Accept and book" }).click();
  const main = visitor.getByRole("main");
  await main.getByLabel("Full name of passenger 1", { exact: true }).fill("Olga Offer");
  await main.getByLabel("Full name of passenger 2", { exact: true }).fill("Igor Offer");
  await main.getByLabel("Address").fill("1 Rue du Rhône");
  await main.getByLabel("Postcode").fill("1204");
  await main.getByLabel("City").fill("Geneva");
  await main.getByRole("checkbox").check();
  await main.getByRole("button", { name: /Book and pay/ }).click();
  await visitor.waitForURL(/\/dev\/pay\//);
  await visitor.getByRole("button", { name: "Pay", exact: true }).click();
  await visitor.waitForURL(/\/confirmation\//);
  await expect(visitor.getByRole("heading", { level: 1, name: "Thank you for your booking" })).toBeVisible();

  // The offer's page now says it was accepted, and offers no second acceptance.
  await visitor.goto(`${link}&lng=en`);
  await expect(visitor.getByTestId("offer-state")).toHaveText("You accepted this offer.");
  await expect(visitor.getByRole("link", { name: "Accept and book" })).toHaveCount(0);
  await customer.close();

  await staffConfirm(browser, email);
});

/** A demo leg from Geneva, days ahead, whose seats no test books (this one books nothing). */
function genevaLeg() {
  return upcomingDemoFlights().find((flight) => flight.from === "LSGG" && !flight.soldOut)!;
}

/** Geneva → Sion by the spherical law of cosines on the demo coordinates, at the fleet page's cruise speeds. */
function expectedEstimate(leg: { aircraftType: string; pricePerMinute: number }) {
  const rad = (degrees: number) => (degrees * Math.PI) / 180;
  const [geneva, sion] = [
    { lat: 46.2381, lon: 6.109 },
    { lat: 46.2196, lon: 7.3268 },
  ];
  const km =
    6371.0088 *
    Math.acos(
      Math.sin(rad(geneva.lat)) * Math.sin(rad(sion.lat)) +
        Math.cos(rad(geneva.lat)) * Math.cos(rad(sion.lat)) * Math.cos(rad(sion.lon - geneva.lon)),
    );
  const minutes = Math.ceil((km / (leg.aircraftType === "PC24" ? 815 : 500)) * 60);
  return { km: Math.round(km), minutes, price: minutes * leg.pricePerMinute };
}

for (const variant of [
  { language: "fr", javaScript: true },
  { language: "en", javaScript: false },
] as const) {
  test(`${variant.language}${variant.javaScript ? "" : ", without JavaScript"}: a leg from another airport shows its estimate before sending`, async ({
    browser,
    page,
  }) => {
    const leg = genevaLeg();
    const expected = expectedEstimate(leg);
    const fr = variant.language === "fr";
    const context = await browser.newContext({
      javaScriptEnabled: variant.javaScript,
      locale: fr ? "fr-CH" : "en-GB",
      extraHTTPHeaders: { "CF-Connecting-IP": testNetwork() },
    });
    await acceptEssentialCookies(context);
    const visitor = await context.newPage();
    await visitor.goto(`/checkout/${leg.id}?lng=${variant.language}`);
    if (variant.javaScript) await waitForHydration(visitor);
    await visitor.getByRole("link", { name: fr ? "Partir d'un autre aéroport" : "Leave from another airport" }).click();
    await expect(
      visitor.getByRole("heading", {
        level: 1,
        name: fr ? "Partir d'un autre aéroport" : "Leave from another airport",
      }),
    ).toBeVisible();
    if (variant.javaScript) await waitForHydration(visitor);
    await visitor
      .getByLabel(fr ? /Aéroport de départ, au lieu de/ : /Departure airport, instead of/)
      .selectOption("LSGS");
    await visitor.getByLabel(fr ? "Heure de départ (heure suisse)" : "Departure time (Swiss time)").fill("12:00");
    await expect(visitor.getByTestId("reroute-estimate")).toHaveCount(0);
    await visitor.getByRole("button", { name: fr ? "Voir l'estimation" : "See the estimate" }).click();
    const estimate = visitor.getByTestId("reroute-estimate");
    await expect(estimate).toContainText(
      fr
        ? `Vol de positionnement jusqu'à Sion (LSGS) : ${expected.km} km, environ ${expected.minutes} min de vol.`
        : `Positioning flight to Sion (LSGS): ${expected.km} km, about ${expected.minutes} min of flight.`,
    );
    expect(digits(await estimate.locator("p.text-2xl").textContent())).toBe(String(expected.price));
    await expect(estimate).toContainText(fr ? "C'est une estimation" : "This is an estimate");
    // Axe runs in the page: with JavaScript only.
    if (variant.javaScript) expect(await violations(visitor, "the rerouted leg's page")).toEqual([]);

    const email = `reroute.${uniqueSuffix()}@example.ch`;
    const main = visitor.getByRole("main");
    await main.getByLabel(fr ? "Nombre de passagers" : /passengers/i).fill("3");
    await main.getByLabel(fr ? "Prénom" : "First name").fill("Rémi");
    await main.getByLabel(fr ? "Nom" : "Last name", { exact: true }).fill("Route");
    await main.getByLabel("Email").fill(email);
    await main.getByLabel(fr ? "Téléphone" : "Phone").fill("+41 79 123 45 67");
    await main.getByRole("button", { name: fr ? "Envoyer la demande" : "Send the request" }).click();
    await expect(
      visitor.getByText(
        fr
          ? "Demande envoyée : nous vous répondons par une offre, par e-mail."
          : "Request sent: we will answer with an offer by email.",
      ),
    ).toBeVisible();
    await context.close();

    // Staff see the leg, the positioning and the estimate in the inbox.
    await loginAs(page, "gestionnaire", { redirectTo: "/admin/requests?kind=custom&state=new" });
    const card = page.getByTestId("request-card").filter({ hasText: email });
    await expect(card).toContainText(
      `départ de Sion (LSGS), positionnement ${expected.km} km (${expected.minutes} min)`,
    );
    expect(await violations(page, "the requests inbox")).toEqual([]);
  });
}
