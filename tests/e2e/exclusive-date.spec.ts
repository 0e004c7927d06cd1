/**
 * The exclusive request's day (decision 025): the form offers the next Fridays (or Mondays,
 * as the flight runs); the day picked reaches the staff's mail and the 'Demandes' tab,
 * with JavaScript and without.
 */
import type { Locator, Page } from "@playwright/test";

import { acceptEssentialCookies, uniqueSuffix } from "./catalogue-helpers";
import { expect, loginAs, settle, test } from "./fixtures";
import { readLatestMail } from "./mail";

const STAFF = "reservations@jetmalin.test";
const DAY_MS = 24 * 3600_000;

test.beforeEach(async ({ context }) => {
  await acceptEssentialCookies(context);
});

/** The next `count` days of `weekday` (5 Friday, 1 Monday) after `instant`'s day in Zurich, "YYYY-MM-DD". */
function nextWeekdays(instant: number, weekday: number, count = 8) {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Zurich" }).format(instant);
  const days: string[] = [];
  for (let time = Date.parse(`${today}T12:00:00Z`) + DAY_MS; days.length < count; time += DAY_MS) {
    if (new Date(time).getUTCDay() === weekday) days.push(new Date(time).toISOString().slice(0, 10));
  }
  return days;
}

/**
 * Opens the form and returns the days it offers. The server counts them from its clock when
 * it answers (not from the run's demo instant: they are the next weekdays after today, not
 * demo flights), so they are the next `weekday`s after the day of some instant between the
 * request and the answer: the list of the request's day, or of the answer's when midnight in
 * Zurich fell in between (then the two lists differ only on a departure weekday's eve).
 */
async function openOfferedDays(page: Page, path: string, weekday: number) {
  const sent = Date.now();
  await page.goto(path);
  const answered = Date.now();
  const offered = await dateChoice(page).radios.evaluateAll((inputs) =>
    inputs.map((input) => (input as HTMLInputElement).value),
  );
  const expected = [nextWeekdays(sent, weekday), nextWeekdays(answered, weekday)];
  expect(expected.map((days) => JSON.stringify(days))).toContain(JSON.stringify(offered));
  return offered;
}

/** The offered days' radios and, for one of them, the day as its label writes it. */
function dateChoice(page: Page) {
  const group = page.getByTestId("exclusive-dates");
  const radios = group.getByRole("radio");
  const labelOf = async (radio: Locator) =>
    (await group
      .locator(`label[for="${await radio.getAttribute("id")}"] > span > span`)
      .first()
      .textContent()) ?? "";
  return { group, radios, labelOf };
}

async function fillCustomer(
  page: Page,
  labels: Record<"firstName" | "lastName" | "email" | "phone" | "address" | "zipCode" | "city", string>,
  values: { lastName: string; email: string },
) {
  const main = page.getByRole("main");
  await main.getByLabel(labels.firstName, { exact: true }).fill("Léa");
  await main.getByLabel(labels.lastName, { exact: true }).fill(values.lastName);
  await main.getByLabel(labels.email, { exact: true }).fill(values.email);
  await main.getByLabel(labels.phone, { exact: true }).fill("+41 79 123 45 67");
  await main.getByLabel(labels.address, { exact: true }).fill("Rue du Rhône 1");
  await main.getByLabel(labels.zipCode, { exact: true }).fill("1204");
  await main.getByLabel(labels.city, { exact: true }).fill("Genève");
}

test("the round trip's second Friday, picked with JavaScript, reaches the staff's mail and the requests tab", async ({
  page,
  browser,
}) => {
  const suffix = uniqueSuffix();
  const lastName = `Date${suffix}`;
  const email = `date.${suffix}@example.ch`;
  const fridays = await openOfferedDays(page, "/exclusive-booking/geneva-sttropez-geneva?lng=fr", 5);
  await settle(page);
  const { group, radios, labelOf } = dateChoice(page);
  await expect(page.getByRole("group", { name: "Date du vol" })).toContainText(
    "Choisissez le vendredi de l'aller : le retour a lieu le lundi suivant.",
  );
  await expect(radios).toHaveCount(8);
  await expect(radios.first()).not.toBeChecked();

  const second = radios.nth(1);
  const day = await labelOf(second);
  const dayOfMonth = fridays[1]!.slice(8);
  expect(day).toMatch(new RegExp(`^vendredi ${dayOfMonth} \\p{L}+ \\d{4}$`, "u"));
  // The return, the Monday after, is shown with it.
  await expect(group.locator(`label[for="${await second.getAttribute("id")}"]`)).toContainText(
    /Retour le lundi \d{2} \p{L}+ \d{4}/u,
  );
  await second.check();
  await fillCustomer(
    page,
    {
      firstName: "Prénom",
      lastName: "Nom",
      email: "Email",
      phone: "Téléphone",
      address: "Adresse",
      zipCode: "Code postal",
      city: "Ville",
    },
    { lastName, email },
  );
  await page.getByRole("button", { name: "Envoyer ma demande" }).click();
  await expect(page).toHaveURL(/\/demande-reservation-envoyee$/);

  const staffMail = await readLatestMail(page, STAFF, {
    subject: `Nouvelle réservation vol exclusif - Léa ${lastName}`,
  });
  expect(staffMail.text).toContain(`Date : ${day}, Horaire à définir`);
  expect(staffMail.text).toMatch(/Retour : lundi \d{2} \p{L}+ \d{4}, entre 08:00 et 11:00/u);
  expect(staffMail.text).not.toContain("Tous les vendredis");

  const staff = await browser.newPage();
  await loginAs(staff, "admin", { redirectTo: "/admin/requests?kind=exclusive&lng=fr" });
  const card = staff.getByTestId("request-card").filter({ hasText: email });
  await expect(card).toContainText(`Aller le ${day}, retour le lundi`);
  await staff.close();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the second Monday back to Geneva, in English: refused without a day, then sent; staff read it in their language", async ({
    page,
    browser,
  }) => {
    const suffix = uniqueSuffix();
    const lastName = `Lundi${suffix}`;
    const email = `lundi.${suffix}@example.ch`;
    const mondays = await openOfferedDays(page, "/exclusive-booking/sttropez-geneva?lng=en", 1);
    const { radios, labelOf } = dateChoice(page);
    const day = await labelOf(radios.nth(1));
    expect(day).toMatch(new RegExp(`^Monday ${Number(mondays[1]!.slice(8))} \\p{L}+ \\d{4}$`, "u"));

    await fillCustomer(
      page,
      {
        firstName: "First name",
        lastName: "Last name",
        email: "Email",
        phone: "Phone",
        address: "Address",
        zipCode: "Postcode",
        city: "City",
      },
      { lastName, email },
    );
    await page.getByRole("button", { name: "Send my request" }).click();
    await expect(page.getByText("Please choose the date of your flight")).toBeVisible();
    await expect(radios.first()).toHaveAttribute("aria-invalid", "true");
    await radios.nth(1).check();
    await page.getByRole("button", { name: "Send my request" }).click();
    await expect(page).toHaveURL(/\/demande-reservation-envoyee$/);

    // The same day as the French page writes it: the staff's mail is in French.
    await page.goto("/exclusive-booking/sttropez-geneva?lng=fr");
    // The day sent, found by its value: the French page is another answer of the server.
    const dayFr = await labelOf(dateChoice(page).group.locator(`input[value="${mondays[1]}"]`));
    expect(dayFr).toMatch(/^lundi \d{2} \p{L}+ \d{4}$/u);
    const staffMail = await readLatestMail(page, STAFF, {
      subject: `Nouvelle réservation vol exclusif - Léa ${lastName}`,
    });
    expect(staffMail.text).toContain(`Date : ${dayFr}, entre 08:00 et 11:00`);

    const staff = await browser.newPage();
    await loginAs(staff, "gestionnaire", { redirectTo: "/admin/requests?kind=exclusive&lng=en" });
    await expect(staff.getByTestId("request-card").filter({ hasText: email })).toContainText(`Flight on ${day}`);
    await staff.close();
  });
});
