/**
 * The 'Commandes' tab (issues 10 and 17): validate (capture a paid order, or record a
 * pending one's offline payment), refuse, the payment and history of each card, the
 * search by the order's reference, export; admin only.
 */
import { parseCsv } from "../csv";
import { adminTestFlight, bookOverHttp, buyerRequest, postForm, seatsOnCheckout } from "./admin-helpers";
import { acceptEssentialCookies } from "./catalogue-helpers";
import { expect, loginAs, settle, test } from "./fixtures";
import { readLatestMail } from "./mail";

test.beforeEach(async ({ context }) => {
  await acceptEssentialCookies(context);
});

test("the admin captures one paid order and refuses a pending one: seats come back, both customers are mailed", async ({
  page,
  browser,
}) => {
  const flight = adminTestFlight(0);
  const buyer = await browser.newPage();
  const seatsBefore = await seatsOnCheckout(buyer, flight.id);
  // The orders over HTTP: the checkout's page is checkout.spec.ts's.
  const buyers = await buyerRequest();
  const validated = await bookOverHttp(buyers, flight.id, 1, { pay: true });
  const refused = await bookOverHttp(buyers, flight.id, 2);
  await buyers.dispose();
  expect(await seatsOnCheckout(buyer, flight.id)).toBe(seatsBefore - 3);

  await loginAs(page, "admin", { redirectTo: `/admin/orders?status=processing&q=${encodeURIComponent(validated)}` });
  await settle(page);
  const first = page.getByTestId("order-card");
  await expect(first).toHaveCount(1);
  await first.locator("summary").first().click();
  await expect(first).toContainText(validated);
  await expect(first).toContainText(`${flight.fromCity} → ${flight.toCity}`);
  await expect(first).toContainText("En traitement");
  await expect(first.getByTestId("order-payment-state")).toHaveText("Carte autorisée");
  await expect(first.getByTestId("order-history")).toContainText("Commande passée");
  await expect(first.getByTestId("order-decision-notes")).toContainText(
    "Valider débite le montant autorisé sur la carte du client.",
  );
  const reference = (await first.getByTestId("order-reference").textContent()) ?? "";
  expect(reference).toMatch(/^JM-[A-Z0-9]{6}$/);
  await expect(first.getByRole("link", { name: /Ouvrir la page de la commande/ })).toHaveAttribute("target", "_blank");
  await first.getByRole("button", { name: "Valider" }).click();
  await expect(page.getByText("Commande validée avec succès")).toBeVisible();

  // The search finds the order by its own reference.
  await page.goto(`/admin/orders?q=${encodeURIComponent(reference.toLowerCase())}`);
  await settle(page);
  const found = page.getByTestId("order-card");
  await expect(found).toHaveCount(1);
  await expect(found).toContainText("Confirmé");
  await expect(found.getByTestId("order-payment-state")).toHaveText("Encaissé");
  await found.locator("summary").first().click();
  await expect(found.getByRole("button", { name: "Valider" })).toHaveCount(0);
  await expect(found.getByTestId("order-history")).toContainText("Paiement encaissé");

  await page.goto(`/admin/orders?status=pending&q=${encodeURIComponent(refused)}`);
  await settle(page);
  const second = page.getByTestId("order-card");
  await second.locator("summary").first().click();
  await expect(second.getByTestId("order-decision-notes")).toContainText(
    "Valider enregistre un paiement reçu hors ligne",
  );
  // 'Refuser' asks first: nothing is sent until the refusal is confirmed.
  const confirm = second.getByRole("button", { name: "Confirmer le refus" });
  await expect(confirm).toBeHidden();
  await second.getByTestId("refuse-confirmation").locator("summary").click();
  await expect(
    second.getByRole("form", { name: "Refuser cette commande ? Le client en est informé par mail." }),
  ).toBeVisible();
  await expect(second).toContainText("En attente");
  await confirm.click();
  await expect(page.getByText("Commande refusée avec succès")).toBeVisible();
  // Filtered on 'En attente', the refused order has left the list.
  await expect(page.getByText("Aucune commande trouvée")).toBeVisible();

  expect(await seatsOnCheckout(buyer, flight.id)).toBe(seatsBefore - 1);
  expect((await readLatestMail(buyer, validated)).subject).toMatch(/confirm/i);
  expect((await readLatestMail(buyer, refused)).subject).toMatch(/annul|refus/i);
  await buyer.close();
});

test("the export is the filtered orders as commandes_{date}.csv with a BOM, semicolons and a decimal comma", async ({
  page,
}) => {
  const flight = adminTestFlight(1);
  const buyer = await buyerRequest();
  const email = await bookOverHttp(buyer, flight.id, 1);
  await buyer.dispose();

  await loginAs(page, "admin", { redirectTo: `/admin/orders?status=pending&q=${encodeURIComponent(email)}` });
  await settle(page);
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Exporter en CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^commandes_\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = await (await file.createReadStream()).toArray();
  const text = Buffer.concat(bytes).toString("utf8");
  expect(text.startsWith("\uFEFF")).toBe(true);
  // Semicolons and a decimal comma, as French-locale Excel splits a double-clicked file (decision 026).
  const [header, ...rows] = parseCsv(text.slice(1).trimEnd(), ";");
  // The spec's columns, then the order's reference and its payment (decision 026).
  expect(header).toEqual(["ID", "Date", "Client", "Email", "Vol", "Statut", "Montant", "Référence", "Paiement"]);
  expect(rows).toHaveLength(1);
  const [row] = rows;
  expect(row!.slice(2, 4)).toEqual(["Olivia Ordre", email]);
  expect(row![4]).toContain(`${flight.fromCity} → ${flight.toCity}`);
  expect(row![5]).toBe("En attente");
  expect(row![6]).toMatch(/^\d+,\d{2}$/);
  expect(row![7]).toMatch(/^JM-[A-Z0-9]{6}$/);
  expect(row![8]).toBe("Aucun paiement");
});

test("a gestionnaire sees no admin tab and gets 403 posting to the admin actions", async ({ page, baseURL }) => {
  await loginAs(page, "gestionnaire");
  const tabs = page.getByRole("navigation", { name: "Sections du tableau de bord" });
  await expect(tabs.getByRole("link")).toHaveText(["Vols", "Demandes"]);
  await page.goto("/admin/orders");
  await expect(page).toHaveURL("/home");
  await expect(page.getByText("Accès non autorisé")).toBeVisible();
  for (const [path, form] of [
    ["/admin/orders", { intent: "validate", orderId: "any" }],
    ["/admin/orders/export", { status: "" }],
    [
      "/admin/users",
      { intent: "create-client", firstName: "X", lastName: "Y", email: "x@example.ch", password: "longenough" },
    ],
  ] as const) {
    const response = await postForm(page, path, form, baseURL!);
    expect(response.status(), path).toBe(403);
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the filter, the cards and 'Valider' (an offline payment) are plain HTML", async ({ page }) => {
    const flight = adminTestFlight(2);
    const buyer = await buyerRequest();
    const email = await bookOverHttp(buyer, flight.id, 1);
    await buyer.dispose();
    await loginAs(page, "admin", { redirectTo: "/admin/orders" });
    await page.getByLabel("Rechercher une commande").fill(email);
    await page.getByLabel("Statut").selectOption("pending");
    await page.getByRole("button", { name: "Rechercher" }).click();
    const card = page.getByTestId("order-card");
    await expect(card).toHaveCount(1);
    await card.locator("summary").first().click();
    await card.getByRole("button", { name: "Valider" }).click();
    await expect(page.getByText("Commande validée avec succès")).toBeVisible();
    await page.goto(`/admin/orders?q=${encodeURIComponent(email)}`);
    await expect(page.getByTestId("order-payment-state")).toHaveText("Payé hors ligne");
  });
});
