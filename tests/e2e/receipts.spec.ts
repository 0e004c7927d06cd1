/**
 * Receipts (docs/decisions/035-receipts.md) as the buyer sees them: once staff validate an
 * order, its page links 'Télécharger le reçu (PDF)', which opens a PDF for the owner and for
 * the confirmation mail's link, and answers 404 to another signed-in client, as the page does.
 * The PDF names the seller's VAT number, the billing address, the carrier, the aircraft and the
 * VAT treatment (decision 056), and an order's downloads are capped.
 */
import { execFileSync } from "node:child_process";

import { PDFDocument } from "@cantoo/pdf-lib";

import { newClientOnProfile } from "./account-helpers";
import { acceptEssentialCookies, fillPassengers, payOnSimulator, upcomingDemoFlights } from "./catalogue-helpers";
import { DEMO_ACCOUNTS, expect, loginAs, settle, signInContext, test } from "./fixtures";
import { readLatestMail } from "./mail";

const normalised = (text: string | null) => (text ?? "").replace(/\s/g, " ");

/** The words drawn on a PDF's page, by poppler's pdftotext (Debian: poppler-utils). */
const drawnWords = (pdf: Buffer) =>
  execFileSync("pdftotext", ["-layout", "-", "-"], { input: pdf }).toString("utf8").replace(/\s+/g, " ");

/** What the receipt says of VAT, by the flight's ends (an ICAO code of region LS is Swiss). */
function vatSentence(from: string, to: string) {
  const swissEnds = [from, to].filter((code) => code.startsWith("LS")).length;
  if (swissEnds === 1) return "exonéré de la TVA suisse (art. 23, al. 2, ch. 8 LTVA)";
  if (swissEnds === 2) return "soumis à la TVA au taux normal";
  return "n'est pas soumis à la TVA suisse";
}

test.beforeEach(async ({ context }) => {
  await acceptEssentialCookies(context);
});

/**
 * A bookable demo flight no other spec books or counts the seats of (checkout.spec.ts and
 * payments.spec.ts take the last ten, waitlist.spec.ts the eleventh from the end,
 * customer-cancellation.spec.ts the twelfth and thirteenth: this one the fourteenth).
 */
function receiptTestFlight() {
  const candidates = upcomingDemoFlights().filter((flight) => !flight.soldOut && flight.feedSeats >= 4);
  return candidates[candidates.length - 1 - 13]!;
}

test("after staff validate, the owner downloads the receipt as a PDF; another client gets a 404", async ({
  page,
  browser,
}) => {
  const flight = receiptTestFlight();
  const route = `${flight.fromCity} → ${flight.toCity}`;

  // The demo client books one seat and pays on the simulator.
  await signInContext(page, "client");
  await page.goto(`/checkout/${flight.id}?lng=fr`);
  await settle(page);
  const main = page.getByRole("main");
  await fillPassengers(page, 1);
  await main.getByLabel("Téléphone").fill("+41 79 555 44 33");
  await main.getByLabel("Adresse").fill("Avenue de la Gare 10");
  await main.getByLabel("Code postal").fill("1003");
  await main.getByLabel("Ville").fill("Lausanne");
  await page.getByLabel("J'accepte les conditions générales").check();
  await page.getByRole("button", { name: "Confirmer la réservation" }).click();
  await page.waitForURL(/\/dev\/pay\//);
  await payOnSimulator(page);
  await expect(page.getByTestId("order-status")).toHaveText("En cours de traitement");
  const orderId = new URL(page.url()).pathname.split("/")[2]!;
  const reference = (await page.getByTestId("order-reference").textContent()) ?? "";
  expect(reference).toMatch(/^JM-[A-Z0-9]{6}$/);
  // Not captured yet: no receipt, no link, and its URL is the page's 404.
  await expect(page.getByRole("link", { name: "Télécharger le reçu (PDF)" })).toHaveCount(0);
  expect((await page.request.get(`/confirmation/${orderId}/receipt.pdf`)).status()).toBe(404);

  // Staff validate it: the card is captured and the receipt issued.
  const staff = await browser.newContext({ locale: "fr-CH" });
  await acceptEssentialCookies(staff);
  const admin = await staff.newPage();
  await loginAs(admin, "admin");
  await admin.goto(`/admin/orders?status=processing&q=${encodeURIComponent(reference)}`);
  await settle(admin);
  const card = admin.getByTestId("order-card");
  await expect(card).toHaveCount(1);
  await card.locator("summary").first().click();
  await card.getByRole("button", { name: "Valider" }).click();
  await expect(admin.getByText("Commande validée avec succès")).toBeVisible();
  await staff.close();

  // The owner, signed in, without the mail's key.
  await page.goto(`/confirmation/${orderId}?lng=fr`);
  await expect(page.getByTestId("order-status")).toHaveText("Confirmé");
  const link = page.getByRole("link", { name: "Télécharger le reçu (PDF)" });
  await expect(link).toHaveAttribute("href", `/confirmation/${orderId}/receipt.pdf`);
  await expect(page.getByRole("link", { name: "Télécharger la note de crédit (PDF)" })).toHaveCount(0);
  const pdf = await page.request.get(`/confirmation/${orderId}/receipt.pdf`);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  // Named in the receipt's language (French), in ASCII and exactly (RFC 6266).
  expect(pdf.headers()["content-disposition"]).toBe(
    `inline; filename="JetMalin-recu-${reference}.pdf"; filename*=UTF-8''JetMalin-re%C3%A7u-${reference}.pdf`,
  );
  expect(pdf.headers()["cache-control"]).toBe("private, no-store");
  const body = await pdf.body();
  expect(body.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  // It parses, and its title and subject name the kind, the number, the order and the amount.
  const parsed = await PDFDocument.load(body);
  expect(parsed.getTitle()).toMatch(new RegExp(`^Reçu \\d{6} – commande ${reference}$`));
  const amount = normalised(await page.getByTestId("order-amount").textContent());
  expect(normalised(parsed.getSubject() ?? "")).toBe(`${reference} ${amount}`);
  // What an accountant reads on it: the seller's VAT number, the billing address typed above,
  // the carrier and the aircraft by name, and the route's VAT treatment.
  const words = drawnWords(body);
  for (const expected of [
    "JetMalin SA",
    "N° TVA : CHE-",
    "Adresse de facturation",
    "Avenue de la Gare 10",
    "1003 Lausanne",
    `Transporteur aérien : ${flight.operatorName}, AOC ${flight.operatorAoc}`,
    `Appareil : Pilatus ${flight.aircraftType === "PC24" ? "PC-24 (PC24)" : "PC-12 (PC12)"}, immatriculé ${flight.aircraftRegistration}`,
    vatSentence(flight.from, flight.to),
    `Total payé ${amount}`,
  ]) {
    expect(words).toContain(expected);
  }

  // The confirmation mail links it with its own key, which opens it without a session.
  const mail = await readLatestMail(page, DEMO_ACCOUNTS.client, {
    subject: `Votre vol ${route} est confirmé – réservation ${reference}`,
  });
  const mailLink = mail.links.find((href) => new URL(href).pathname === `/confirmation/${orderId}/receipt.pdf`);
  expect(mailLink, mail.links.join(", ")).toBeDefined();
  const anonymous = await browser.newContext();
  const byKey = await anonymous.request.get(new URL(mailLink!).pathname + new URL(mailLink!).search, {
    headers: { "CF-Connecting-IP": "2001:db8:35::1" },
  });
  expect(byKey.status()).toBe(200);
  expect((await byKey.body()).subarray(0, 5).toString("latin1")).toBe("%PDF-");
  // Without the key nor a session: the page's 404.
  expect((await anonymous.request.get(`/confirmation/${orderId}/receipt.pdf`)).status()).toBe(404);
  await anonymous.close();

  // Another client, signed in: 404, as the order page answers them; an unknown file too.
  const other = await browser.newContext({ locale: "fr-CH" });
  await acceptEssentialCookies(other);
  const otherPage = await other.newPage();
  await newClientOnProfile(otherPage, `other.${Date.now().toString(36)}@example.ch`, "Otto", "Autre");
  expect((await otherPage.request.get(`/confirmation/${orderId}/receipt.pdf`)).status()).toBe(404);
  expect((await otherPage.request.get(`/confirmation/${orderId}`)).status()).toBe(404);
  expect((await page.request.get(`/confirmation/${orderId}/invoice.pdf`)).status()).toBe(404);
  await other.close();

  // Ten downloads of an order in ten minutes (decision 056). Three so far: the owner's before the
  // capture (a reader of the order, answered the 404 of a missing document), theirs and the mail's
  // after it; the refusals of those who may not read the order count nothing. Seven more are drawn,
  // the next is refused with when to come back, in French.
  const statuses: number[] = [];
  for (let i = 0; i < 7; i += 1)
    statuses.push((await page.request.get(`/confirmation/${orderId}/receipt.pdf`)).status());
  expect(statuses).toEqual(Array.from({ length: 7 }, () => 200));
  const refused = await page.request.get(`/confirmation/${orderId}/receipt.pdf`);
  expect(refused.status()).toBe(429);
  expect(Number(refused.headers()["retry-after"])).toBeGreaterThan(0);
  expect(Number(refused.headers()["retry-after"])).toBeLessThanOrEqual(600);
  expect((await refused.json()).message).toMatch(
    /^Ce document a été téléchargé trop souvent en peu de temps\. Réessayez dans (10|9) minutes\.$/,
  );
});
