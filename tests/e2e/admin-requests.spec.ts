/** The 'Demandes' tab (docs/back-office.md 'Requests'): admin and gestionnaire. */
import { acceptEssentialCookies, uniqueSuffix } from "./catalogue-helpers";
import { expect, loginAs, test, testNetwork } from "./fixtures";

test.beforeEach(async ({ context }) => {
  await acceptEssentialCookies(context);
});

test("an exclusive request made on /exclusive-booking is listed, and staff mark it handled", async ({
  page,
  playwright,
  baseURL,
}) => {
  // The visitor's forms over HTTP, as the browser posts them (they are driven in Chromium by
  // catalogue-requests.spec.ts): the tab is what this test is about.
  const visitor = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { "Accept-Language": "fr-CH", "CF-Connecting-IP": testNetwork() },
  });
  const email = `exclusive.${uniqueSuffix()}@example.ch`;
  const path = "/exclusive-booking/geneva-sttropez?lng=fr";
  const form = await (await visitor.get(path)).text();
  const inputValue = (name: string) =>
    /value="([^"]*)"/.exec(new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(form)?.[0] ?? "")?.[1];
  const sent = await visitor.post(path, {
    form: {
      idempotencyKey: inputValue("idempotencyKey")!,
      // The first day offered.
      departureDate: inputValue("departureDate")!,
      firstName: "Edgar",
      lastName: "Exclusif",
      email,
      phone: "+41 79 000 11 22",
      address: "Quai du Mont-Blanc 5",
      zipCode: "1201",
      city: "Genève",
      country: "CH",
    },
    headers: { Origin: baseURL! },
    maxRedirects: 0,
  });
  expect(sent.headers()["location"]).toMatch(/\/demande-reservation-envoyee$/);
  // The same visitor asks for the newsletter: listed, awaiting its confirmation.
  const news = `news.${uniqueSuffix()}@example.ch`;
  const subscribed = await visitor.post("/newsletter", {
    form: { email: news, redirectTo: "/demande-reservation-envoyee" },
    headers: { Origin: baseURL! },
  });
  expect(await subscribed.text()).toMatch(/Vérifiez votre boîte mail/);
  await visitor.dispose();

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
