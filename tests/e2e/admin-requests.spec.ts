/** The 'Demandes' tab (docs/back-office.md 'Requests'): admin and gestionnaire. */
import { expect, loginAs, settle, test } from "./fixtures";
import { acceptEssentialCookies, uniqueSuffix } from "./catalogue-helpers";

test.beforeEach(async ({ context }) => {
  await acceptEssentialCookies(context);
});

test("an exclusive request made on /exclusive-booking is listed, and staff mark it handled", async ({
  page,
  browser,
}) => {
  const visitor = await browser.newPage();
  const email = `exclusive.${uniqueSuffix()}@example.ch`;
  await visitor.goto("/exclusive-booking/geneva-sttropez?lng=fr");
  await settle(visitor);
  const main = visitor.getByRole("main");
  await main.getByRole("radio").first().check();
  await main.getByLabel("Prénom", { exact: true }).fill("Edgar");
  await main.getByLabel("Nom", { exact: true }).fill("Exclusif");
  await main.getByLabel("Email", { exact: true }).fill(email);
  await main.getByLabel("Téléphone", { exact: true }).fill("+41 79 000 11 22");
  await main.getByLabel("Adresse", { exact: true }).fill("Quai du Mont-Blanc 5");
  await main.getByLabel("Code postal", { exact: true }).fill("1201");
  await main.getByLabel("Ville", { exact: true }).fill("Genève");
  await visitor.getByRole("button", { name: "Envoyer ma demande" }).click();
  await expect(visitor).toHaveURL(/\/demande-reservation-envoyee$/);
  // The same visitor asks for the newsletter: listed, awaiting its confirmation.
  const news = `news.${uniqueSuffix()}@example.ch`;
  const footer = visitor.getByRole("contentinfo");
  await footer.getByLabel("Recevez nos meilleurs empty legs par email").fill(news);
  await footer.getByRole("button", { name: "S'inscrire" }).click();
  await expect(visitor.getByText(/Vérifiez votre boîte mail/)).toBeVisible();
  await visitor.close();

  await loginAs(page, "gestionnaire");
  await page.getByRole("link", { name: "Demandes" }).click();
  const card = page.getByTestId("request-card").filter({ hasText: email });
  await expect(card).toContainText("Edgar Exclusif");
  await expect(card).toContainText("Nouvelle");
  await card.getByRole("button", { name: "Marquer comme traitée" }).click();
  await expect(page.getByText("Statut de la demande mis à jour")).toBeVisible();
  await expect(card).toContainText("Traitée par Gaston Gestionnaire");
  await page.getByRole("main").getByRole("link", { name: "Newsletter" }).click();
  await expect(page.getByRole("row").filter({ hasText: news })).toContainText("En attente de confirmation");
});
