import type { Page } from "@playwright/test";

import { acceptEssentialCookies, uniqueSuffix } from "./catalogue-helpers";
import { expect, test, waitForHydration } from "./fixtures";
import { readLatestMail } from "./mail";

const CHECK_INBOX =
  "Presque fini ! Vérifiez votre boîte mail et cliquez sur le lien de confirmation pour recevoir la newsletter.";

const STAFF = "reservations@jetmalin.test";

/** How many mails the dev mailbox lists for `to` (its rows, read over HTTP: the page stays where it is). */
async function mailCount(page: Page, to: string) {
  const mailbox = await (await page.request.get(`/dev/mail?${new URLSearchParams({ to })}`)).text();
  return mailbox.split('data-testid="mail-row"').length - 1;
}

test.beforeEach(async ({ context }) => {
  await acceptEssentialCookies(context);
});

async function fillExclusiveForm(page: Page, { lastName, email }: { lastName: string; email: string }, labels = FR) {
  await page.getByTestId("exclusive-dates").getByRole("radio").first().check();
  await page.getByRole("main").getByLabel(labels.firstName, { exact: true }).fill("Léa");
  await page.getByRole("main").getByLabel(labels.lastName, { exact: true }).fill(lastName);
  await page.getByRole("main").getByLabel(labels.email, { exact: true }).fill(email);
  await page.getByRole("main").getByLabel(labels.phone, { exact: true }).fill("+41 79 123 45 67");
  await page.getByRole("main").getByLabel(labels.address, { exact: true }).fill("Rue du Rhône 1");
  await page.getByRole("main").getByLabel(labels.zipCode, { exact: true }).fill("1204");
  await page.getByRole("main").getByLabel(labels.city, { exact: true }).fill("Genève");
}
const FR = {
  firstName: "Prénom",
  lastName: "Nom",
  email: "Email",
  phone: "Téléphone",
  address: "Adresse",
  zipCode: "Code postal",
  city: "Ville",
};
const EN = {
  firstName: "First name",
  lastName: "Last name",
  email: "Email",
  phone: "Phone",
  address: "Address",
  zipCode: "Postcode",
  city: "City",
};

test("the exclusive form shows each validation message, then sends the request and two mails", async ({ page }) => {
  const suffix = uniqueSuffix();
  const lastName = `Muller${suffix}`;
  const email = `lea.${suffix}@example.ch`;
  await page.goto("/exclusive-booking/geneva-sttropez?lng=fr");
  await waitForHydration(page);
  const header = page.locator("header").filter({ hasText: "Aller simple" });
  await expect(header.getByRole("heading", { level: 1 })).toHaveText("Genève → St-Tropez");
  await expect(header).toContainText("Tous les vendredis, Horaire à définir");
  await expect(header).toContainText("PC-12 | 6 places");
  await expect(header).toContainText(/5[’'\s]500\s€/u);
  const country = page.getByRole("main").getByLabel("Pays");
  await expect(country).toHaveValue("CH");
  await expect(country.locator("option")).toHaveText([
    "Allemagne",
    "Autriche",
    "Belgique",
    "Espagne",
    "France",
    "Italie",
    "Luxembourg",
    "Monaco",
    "Pays-Bas",
    "Royaume-Uni",
    "Suisse",
  ]);

  await page.getByRole("button", { name: "Envoyer ma demande" }).click();
  for (const label of ["Prénom", "Nom", "Téléphone", "Adresse", "Code postal", "Ville"]) {
    const field = page.getByRole("main").getByLabel(label, { exact: true });
    await expect(field).toHaveAttribute("aria-invalid", "true");
    const errorId = await field.getAttribute("aria-describedby");
    await expect(page.locator(`[id="${errorId}"]`)).toHaveText("Requis");
  }
  await expect(page.getByText("L'email est requis")).toBeVisible();
  await expect(page.getByText("Veuillez choisir la date de votre vol")).toBeVisible();
  await page.getByRole("main").getByLabel("Email", { exact: true }).fill("lea@example");
  await page.getByRole("main").getByLabel("Email", { exact: true }).blur();
  await expect(page.getByText("Adresse email invalide")).toBeVisible();

  await fillExclusiveForm(page, { lastName, email });
  await page.getByRole("button", { name: "Envoyer ma demande" }).click();
  await expect(page).toHaveURL(/\/demande-reservation-envoyee$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Demande de réservation envoyée");

  const customerMail = await readLatestMail(page, email);
  expect(customerMail.subject).toBe("Confirmation de votre demande de réservation - JetMalin");
  expect(customerMail.text).toContain("Genève");
  const staffMail = await readLatestMail(page, STAFF, {
    subject: `Nouvelle réservation vol exclusif - Léa ${lastName}`,
  });
  expect(staffMail.text).toContain(email);
  expect(staffMail.text).toContain("Aller simple");
});

test("an unknown exclusive flight is a 404 with the spec's texts", async ({ page }) => {
  const response = await page.goto("/exclusive-booking/paris-tokyo?lng=fr");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Vol non trouvé");
  await expect(page.getByText("Le vol que vous recherchez n'existe pas.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Retour à l'accueil" }).first()).toHaveAttribute("href", "/home");
});

test("the custom form rejects 9 passengers and a bad phone, then succeeds", async ({ page }) => {
  const suffix = uniqueSuffix();
  const email = `paul.${suffix}@example.ch`;
  await page.goto("/custom-flight?lng=fr");
  await waitForHydration(page);
  await page.getByRole("main").getByLabel("Ville de départ").selectOption("Lausanne");
  await page.getByRole("main").getByLabel("Ville d'arrivée").fill("Courchevel");
  const tomorrow = new Date(Date.now() + 36 * 3600_000).toISOString().slice(0, 10);
  await page.getByRole("main").getByLabel("Date").fill(tomorrow);
  await page.getByRole("main").getByLabel("Nombre de passagers").fill("9");
  await page.getByRole("main").getByLabel("Prénom").fill("Paul");
  await page.getByRole("main").getByLabel("Nom", { exact: true }).fill(`Favre${suffix}`);
  await page.getByRole("main").getByLabel("Email").fill(email);
  await page.getByRole("main").getByLabel("Téléphone").fill("12-34");
  await page.getByRole("button", { name: "Envoyer ma demande" }).click();
  await expect(page.getByText("Veuillez sélectionner le nombre de passagers")).toBeVisible();
  await expect(page.getByText("Numéro de téléphone invalide")).toBeVisible();

  await page.getByRole("main").getByLabel("Nombre de passagers").fill("8");
  await page.getByRole("main").getByLabel("Téléphone").fill("+41 (21) 555-12-34");
  const idempotencyKey = page.locator('input[name="idempotencyKey"]');
  const firstKey = await idempotencyKey.inputValue();
  await page.getByRole("button", { name: "Envoyer ma demande" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Votre demande a été envoyée avec succès !" })).toBeVisible();
  // Emptied after the request, as the page reloaded without JavaScript is, and the next request is a new one.
  await expect(idempotencyKey).not.toHaveValue(firstKey);
  await expect(page.getByRole("main").getByLabel("Ville de départ")).toHaveValue("");
  await expect(page.getByRole("main").getByLabel("Ville d'arrivée")).toHaveValue("");
  await expect(page.getByRole("main").getByLabel("Email")).toHaveValue("");
  const mail = await readLatestMail(page, email);
  expect(mail.subject).toBe("Votre demande de vol sur mesure - JetMalin");
  expect(mail.text).toContain("Courchevel");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the exclusive form validates on the server and sends the request, in English", async ({ page }) => {
    const suffix = uniqueSuffix();
    const email = `lea.${suffix}@example.ch`;
    await page.goto("/exclusive-booking/geneva-sttropez-geneva?lng=en");
    await page.getByRole("button", { name: "Send my request" }).click();
    await expect(page.getByText("Email is required")).toBeVisible();
    await expect(page.getByText("Required", { exact: true })).toHaveCount(6);
    await expect(page.getByText("Please choose the date of your flight")).toBeVisible();
    await fillExclusiveForm(page, { lastName: `Muller${suffix}`, email }, EN);
    await page.getByRole("main").getByLabel("Country").selectOption("FR");
    await page.getByRole("button", { name: "Send my request" }).click();
    await expect(page).toHaveURL(/\/demande-reservation-envoyee$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Booking request sent");
    const mail = await readLatestMail(page, email);
    expect(mail.subject).toBe("Confirmation of your booking request - JetMalin");
    // English punctuation (docs/i18n.md): no French space before a colon, cities in English.
    expect(mail.text).toContain("Geneva");
    expect(mail.text).not.toContain(" :");
  });

  test("the custom form validates on the server and succeeds", async ({ page }) => {
    const suffix = uniqueSuffix();
    await page.goto("/custom-flight?lng=fr");
    await page.getByRole("main").getByLabel("Ville de départ").selectOption("Genève");
    await page.getByRole("main").getByLabel("Ville d'arrivée").fill("Olbia");
    await page
      .getByRole("main")
      .getByLabel("Date")
      .fill(new Date(Date.now() + 72 * 3600_000).toISOString().slice(0, 10));
    await page.getByRole("main").getByLabel("Nombre de passagers").fill("9");
    await page.getByRole("main").getByLabel("Prénom").fill("Paul");
    await page.getByRole("main").getByLabel("Nom", { exact: true }).fill(`Favre${suffix}`);
    await page.getByRole("main").getByLabel("Email").fill(`paul.${suffix}@example.ch`);
    await page.getByRole("main").getByLabel("Téléphone").fill("abc");
    await page.getByRole("button", { name: "Envoyer ma demande" }).click();
    await expect(page.getByText("Veuillez sélectionner le nombre de passagers")).toBeVisible();
    await expect(page.getByText("Numéro de téléphone invalide")).toBeVisible();
    await page.getByRole("main").getByLabel("Nombre de passagers").fill("2");
    await page.getByRole("main").getByLabel("Téléphone").fill("+41 22 555 12 34");
    await page.getByRole("button", { name: "Envoyer ma demande" }).click();
    await expect(page.getByText("Votre demande a été envoyée avec succès !")).toBeVisible();
    await expect(page.getByRole("main").getByLabel("Ville d'arrivée")).toHaveValue("");
  });

  test("the footer newsletter asks for a confirmation by mail, subscribes on the click, and unsubscribes", async ({
    page,
  }) => {
    const email = `news.${uniqueSuffix()}@example.ch`;
    await page.goto("/about?lng=fr");
    const footer = page.getByRole("contentinfo");
    const subscribe = footer.getByRole("button", { name: "S'inscrire" });
    await subscribe.click();
    await expect(page.getByText("Veuillez entrer votre email")).toBeVisible();
    await expect(page).toHaveURL(/\/about/);
    await footer.getByLabel("Recevez nos meilleurs empty legs par email").fill("pas-un-email");
    await subscribe.click();
    await expect(page.getByText("Email invalide")).toBeVisible();
    await footer.getByLabel("Recevez nos meilleurs empty legs par email").fill(email.toUpperCase());
    await subscribe.click();
    await expect(page.getByText(CHECK_INBOX)).toBeVisible();
    // Asking again answers the same, without a second mail.
    await footer.getByLabel("Recevez nos meilleurs empty legs par email").fill(email);
    await subscribe.click();
    await expect(page.getByText(CHECK_INBOX)).toBeVisible();

    const request = await readLatestMail(page, email);
    expect(request.subject).toBe("Confirmez votre inscription à la newsletter JetMalin");
    expect(await mailCount(page, email)).toBe(1);
    const confirm = request.links.find((link) => link.includes("/newsletter/confirm?token="))!;
    expect(confirm).toBeTruthy();
    // Opening the link alone subscribes nobody (mail scanners open links): no welcome yet.
    await page.goto(new URL(confirm).pathname + new URL(confirm).search);
    await expect(page.getByRole("heading", { name: "Confirmer votre inscription" })).toBeVisible();
    expect(await mailCount(page, email)).toBe(1);
    await page.getByRole("button", { name: "Confirmer mon inscription" }).click();
    await expect(page.getByRole("heading", { name: "Inscription réussie !" })).toBeVisible();

    const welcome = await readLatestMail(page, email, { subject: "Bienvenue dans la newsletter JetMalin" });
    const unsubscribe = welcome.links.find((link) => link.includes("/newsletter/unsubscribe?token="))!;
    await page.goto(new URL(unsubscribe).pathname + new URL(unsubscribe).search);
    await page.getByRole("button", { name: "Confirmer la désinscription" }).click();
    await expect(page.getByText("Vous êtes désinscrit de la newsletter.")).toBeVisible();
    // The confirmation link was used once: it cannot subscribe the address again.
    await page.goto(new URL(confirm).pathname + new URL(confirm).search);
    await expect(
      page.getByText("Ce lien de confirmation n'est pas valide ou a expiré.", { exact: false }),
    ).toBeVisible();
  });

  test("with JavaScript, the newsletter sign-up and its confirmation keep the page and show the same texts", async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: true, locale: "fr-CH" });
    const page = await context.newPage();
    const email = `news.js.${uniqueSuffix()}@example.ch`;
    await page.goto("/faq?lng=fr");
    await waitForHydration(page);
    const footer = page.getByRole("contentinfo");
    await footer.getByLabel("Recevez nos meilleurs empty legs par email").fill(email);
    await footer.getByRole("button", { name: "S'inscrire" }).click();
    await expect(page).toHaveURL(/\/faq/);
    await expect(page.getByText(CHECK_INBOX)).toBeVisible();
    const request = await readLatestMail(page, email);
    const confirm = request.links.find((link) => link.includes("/newsletter/confirm?token="))!;
    await page.goto(new URL(confirm).pathname + new URL(confirm).search);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Confirmer mon inscription" }).click();
    await expect(page.getByRole("heading", { name: "Inscription réussie !" })).toBeVisible();
    await readLatestMail(page, email, { subject: "Bienvenue dans la newsletter JetMalin" });
    await context.close();
  });
});
