/**
 * Decision 024: a notification reads in the language of the page that
 * shows it, whatever the language its owner had when it was written, and links to its
 * flight; the header's language switch of a signed-in client changes their profile
 * language, so their next mail follows (with and without JavaScript).
 */
import type { Page } from "@playwright/test";

import { cityName } from "../../app/content/city-names";
import { formatDay, formatTime } from "../../app/utils/format";
import { NEW_CLIENT_PASSWORD, newClientOnProfile } from "./account-helpers";
import { acceptEssentialCookies, upcomingDemoFlights } from "./catalogue-helpers";
import { expect, settle, test, uniqueEmail, waitForHydration } from "./fixtures";
import { executeLocalSql } from "./local-d1";
import { readLatestMail } from "./mail";

test.beforeEach(async ({ context }) => {
  await acceptEssentialCookies(context);
});

/** A flight alert for `email`'s account about `flightId`, stored as the alert job stores it: a type and its flight's params. */
async function insertFlightAlert(email: string, flightId: string) {
  await executeLocalSql(
    `INSERT INTO notifications (user_id, type, params, flight_id, created_at)
      SELECT u.id, 'flight_alert', json_object('from', d.served_city, 'to', a.served_city, 'fromIcao', d.icao_code, 'toIcao', a.icao_code, 'departure', f.departure_date), f.id, ${Date.now()}
      FROM users u, flights f JOIN airports d ON d.id = f.departure_airport_id JOIN airports a ON a.id = f.arrival_airport_id
      WHERE u.email = '${email}' AND f.id = '${flightId}'`,
  );
}

/** The 'Langue' line of /profile's details, whatever the page's language. */
const profileLanguage = (page: Page) =>
  page
    .getByRole("main")
    .locator("dl > div")
    .filter({ has: page.locator("dt", { hasText: /^(Langue|Language|Sprache)$/ }) })
    .locator("dd");

test("a French client's alert reads in German with a link to its flight; the header's switch changes the profile language and the next mail", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const email = uniqueEmail("langue");
  // Registered from a French page: the profile language is French.
  await newClientOnProfile(page, email, "Fabienne", "Langue");
  await expect(profileLanguage(page)).toHaveText("Français");
  // A flight whose cities are spelt otherwise in German (Genève is Genf).
  const flight = upcomingDemoFlights().find(
    (candidate) => !candidate.soldOut && cityName(candidate.fromCity, "de") !== candidate.fromCity,
  )!;
  await insertFlightAlert(email, flight.id);

  await page.goto("/notifications?lng=de");
  await waitForHydration(page);
  const route = `${cityName(flight.fromCity, "de")} → ${cityName(flight.toCity, "de")}`;
  const item = page.getByTestId("notification").filter({ hasText: `Neuer Flug: ${route}` });
  await expect(item).toHaveCount(1);
  await expect(item).toContainText(
    `Abflug am ${formatDay(flight.departureDate, "de")} um ${formatTime(flight.departureDate)}. Buchen Sie, bevor er ausgebucht ist.`,
  );
  await expect(item).not.toContainText("Nouveau vol");
  await item.getByRole("link", { name: "Zum Flug" }).click();
  await expect(page).toHaveURL(`/checkout/${flight.id}`);
  await expect(page.getByRole("heading", { level: 1, name: route })).toBeVisible();

  // Without JavaScript, the header's switch is a plain form: to German, and the profile says so.
  const noScript = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  const plain = await noScript.newPage();
  await plain.goto("/profile");
  await plain.getByRole("banner").getByRole("navigation").first().getByRole("button", { name: "Deutsch" }).click();
  await expect(plain).toHaveURL("/profile?lng=de");
  await expect(plain.locator("html")).toHaveAttribute("lang", "de");
  await expect(profileLanguage(plain)).toHaveText("Deutsch");
  await noScript.close();

  // With JavaScript, to English: the page, the profile, and the next mail.
  await page.goto("/profile");
  await waitForHydration(page);
  await expect(profileLanguage(page)).toHaveText("Deutsch");
  await page.getByRole("banner").getByRole("navigation").first().getByRole("button", { name: "English" }).click();
  await expect(page).toHaveURL("/profile?lng=en");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(profileLanguage(page)).toHaveText("English");

  // The next mail, the account's last one, is in English.
  const form = page.getByRole("form", { name: "Delete my account" });
  await form.getByLabel("Current password").fill(NEW_CLIENT_PASSWORD);
  await form.getByRole("button", { name: "Delete my account" }).click();
  await expect(page.getByText("Your account has been deleted.")).toBeVisible();
  await settle(page);
  const mail = await readLatestMail(page, email);
  expect(mail.subject).toBe("Your account has been deleted – JetMalin");
});
