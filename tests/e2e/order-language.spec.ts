/**
 * What an order sends follows the account's language as it is now (docs/orders.md 'Messages'): a client books in
 * French, switches the site to English with the header's switch (which sets her profile), cancels, and gets the
 * cancellation mail and the credit note in English, the mail linking the note. Books the demo flight 19 from the
 * end of the candidates (with seats to spare); the other specs take up to 18.
 */
import { PDFDocument } from "@cantoo/pdf-lib";

import { cancellationFee } from "#app/orders/cancellation-fees";

import { BASE_URL } from "../../playwright.config";
import { newClientOnProfile } from "./account-helpers";
import { bookAsGuest, staffRequest } from "./admin-helpers";
import { acceptEssentialCookies, upcomingDemoFlights } from "./catalogue-helpers";
import { expect, test, uniqueEmail, waitForHydration } from "./fixtures";
import { readLatestMail } from "./mail";

test.beforeEach(async ({ context }) => {
  await acceptEssentialCookies(context);
});

const euros = (cents: number) =>
  new Intl.NumberFormat("en-GB", { style: "currency", currency: "EUR", minimumFractionDigits: 2 })
    .format(cents / 100)
    .replace(/\s/g, " ");
const normalised = (text: string | null) => (text ?? "").replace(/\s/g, " ");

test("a client who switched to English cancels: the mail and the credit note are in English, the mail links the note", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const candidates = upcomingDemoFlights().filter((flight) => !flight.soldOut && flight.feedSeats >= 4);
  const flight = candidates[candidates.length - 1 - 19]!;
  await newClientOnProfile(page, uniqueEmail("english"), "Emma", "Anglaise");

  // Booked and paid in French while signed in: the order's own language is French.
  const email = await bookAsGuest(page, flight.id, 1, { pay: true });
  const orderUrl = new URL(page.url());
  const orderId = orderUrl.pathname.split("/")[2]!;
  const reference = (await page.getByTestId("order-reference").textContent()) ?? "";
  const admin = await staffRequest("admin", "198.51.100.181");
  const validated = await admin.post("/admin/orders", {
    form: { intent: "validate", orderId, redirectTo: "/admin/orders" },
    headers: { Origin: BASE_URL },
    maxRedirects: 0,
  });
  expect(validated.status()).toBe(302);
  await admin.dispose();

  // The header's switch: the page and the profile in English.
  await page.goto(orderUrl.pathname + orderUrl.search);
  await waitForHydration(page);
  await page.getByRole("banner").getByRole("navigation").first().getByRole("button", { name: "English" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByTestId("order-status")).toHaveText("Confirmed");

  const amountCents = Math.round(
    Number(normalised(await page.getByTestId("order-amount").textContent()).replace(/[^\d.]/g, "")) * 100,
  );
  const { refundCents } = cancellationFee({
    amountCents,
    departure: flight.departureDate,
    now: new Date(),
    freeCancellation: false,
  });
  expect(refundCents).toBeGreaterThan(0);
  await page.getByTestId("open-cancellation").click();
  await page.getByTestId("cancel-step").getByRole("button", { name: "Confirm the cancellation" }).click();
  await expect(page.getByTestId("order-status")).toHaveText("Cancelled");
  // One line for the refund, done: the simulator refunded at once.
  expect(normalised(await page.getByTestId("order-money").textContent())).toBe(
    `${euros(refundCents)} refunded to the card used for payment.`,
  );
  await expect(page.getByText(/Refund of|refunded to/)).toHaveCount(1);

  const mail = await readLatestMail(page, email, { subject: `Cancellation of your booking ${reference}` });
  expect(mail.text).toContain("Your credit note (PDF)");
  expect(mail.text).not.toContain("Annulation");
  const link = mail.links.find((href) => new URL(href).pathname === `/confirmation/${orderId}/credit-note.pdf`);
  expect(link, "the mail links the credit note").toBeTruthy();
  expect(new URL(link!).searchParams.get("key")).toBeTruthy();

  // The link's key opens the note without a session; the note is in English.
  const anonymous = await page.context().browser()!.newContext();
  const pdf = await anonymous.request.get(link!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  const parsed = await PDFDocument.load(await pdf.body());
  expect(parsed.getTitle()).toMatch(new RegExp(`^Credit note \\d{6} – order ${reference}$`));
  expect(normalised(parsed.getSubject() ?? "")).toBe(`${reference} ${euros(refundCents)}`);
  await anonymous.close();

  // The page lists it too, in English.
  await expect(page.getByRole("link", { name: "Download the credit note (PDF)" })).toBeVisible();
});
