/**
 * What a customer sees after a change: the order page of a flight the operator cancelled
 * (no thanks, the similar flights, the prefilled request, the flight list) in French, English
 * and German; the customer space's small things (the dashboard's empty lists lead to the
 * flights, no role shown to a client, the checkout's phone kept in the profile); the legal
 * notice; the header's language switch for a visitor, without JavaScript. The flights here are
 * made by staff through /new-flight: no demo flight is booked.
 */
import type { APIRequestContext, Page } from "@playwright/test";

import { newClientOnProfile } from "./account-helpers";
import { bookAsGuest, createStaffFlight, staffRequest } from "./admin-helpers";
import { violations } from "./axe";
import { acceptEssentialCookies } from "./catalogue-helpers";
import { expect, settle, test, testNetwork, uniqueEmail } from "./fixtures";
import { readLatestMail } from "./mail";

test.beforeEach(async ({ context }) => {
  await acceptEssentialCookies(context);
});

/** A flight from Genève to a city of its own, made by the admin through /new-flight (HTTP): its id, city and day. */
const staffFlight = (staff: APIRequestContext, baseURL: string, dayOffset: number, time = "11:40") =>
  createStaffFlight(staff, baseURL, { cityPrefix: "Suiteville", dayOffset, time });

/** The order page's link in the flight-cancelled mail. */
async function orderLinkFromMail(page: Page, email: string) {
  const mail = await readLatestMail(page, email, { subject: "Vol annulé" });
  const link = mail.links.find((href) => /\/confirmation\/[\w-]+\?key=/.test(href));
  expect(link, "the mail links the order page").toBeTruthy();
  const url = new URL(link!);
  return `${url.pathname}${url.search}`;
}

const CANCELLED_PAGE = {
  fr: {
    heading: "Votre vol a été annulé",
    thanks: "Merci pour votre réservation",
    similar: "Vols similaires",
    custom: "Demander un vol sur mesure sur ce trajet",
    list: "Voir les autres vols",
  },
  en: {
    heading: "Your flight has been cancelled",
    thanks: "Thank you for your booking",
    similar: "Similar flights",
    custom: "Request a custom flight on this route",
    list: "See the other flights",
  },
  de: {
    heading: "Ihr Flug wurde annulliert",
    thanks: "Vielen Dank für Ihre Buchung",
    similar: "Ähnliche Flüge",
    custom: "Flug nach Mass auf dieser Strecke anfragen",
    list: "Die anderen Flüge ansehen",
  },
} as const;

test("the order page of a flight the operator cancelled thanks nobody and leads on, in French, English and German", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const staff = await staffRequest("admin", testNetwork());
  // The same morning from the same airport: the similar flight the page must offer.
  const cancelled = await staffFlight(staff, baseURL!, 33, "11:40");
  const similar = await staffFlight(staff, baseURL!, 33, "11:45");
  const email = await bookAsGuest(page, cancelled.id, 1);
  const cancel = await staff.post(`/admin/flights/${cancelled.id}/cancel`, {
    form: { intent: "confirm", reason: "weather" },
    headers: { Origin: baseURL! },
    maxRedirects: 0,
  });
  expect(cancel.status(), "staff cancel the flight").toBe(302);
  await staff.dispose();
  const orderPage = await orderLinkFromMail(page, email);

  const found = [];
  for (const language of ["fr", "en", "de"] as const) {
    const text = CANCELLED_PAGE[language];
    await page.goto(`${orderPage}&lng=${language}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(text.heading);
    await expect(page).toHaveTitle(`${text.heading} – JetMalin`);
    await expect(page.getByText(text.thanks)).toHaveCount(0);
    const section = page.getByRole("region", { name: text.similar });
    await expect(section.locator(`a[href="/checkout/${similar.id}"]`)).toBeVisible();
    await expect(section.locator(`a[href="/checkout/${cancelled.id}"]`)).toHaveCount(0);
    // The request prefilled with the route and the day, as the cancellation mail's.
    const prefilled = new URLSearchParams({ departure: "Genève", arrival: cancelled.city, date: cancelled.day });
    await expect(page.getByRole("link", { name: text.custom })).toHaveAttribute("href", `/custom-flight?${prefilled}`);
    await expect(page.getByRole("link", { name: text.list })).toHaveAttribute("href", "/empty-legs");
    // The customer knows the order by its reference; the flight's is staff's.
    await expect(page.getByTestId("order-reference")).toHaveText(/^JM-/);
    await expect(page.getByTestId("flight-reference")).toHaveCount(0);
    await settle(page);
    found.push(...(await violations(page, `cancelled order ${language} 1280 px`)));
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${orderPage}&lng=fr`);
  await settle(page);
  found.push(...(await violations(page, "cancelled order fr 390 px")));
  expect(found).toEqual([]);

  // The flight's own page says it once, with the same ways on.
  await page.goto(`/checkout/${cancelled.id}?lng=fr`);
  await expect(page.getByText("Ce vol a été annulé")).toHaveCount(1);
  await expect(
    page.getByRole("region", { name: "Vols similaires" }).locator(`a[href="/checkout/${similar.id}"]`),
  ).toBeVisible();
});

test("a new client: the dashboard's empty lists lead to the flights, no role shown, the checkout's phone kept", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await newClientOnProfile(page, uniqueEmail("outcome"), "Philippe", "Profil");
  const details = page.getByRole("main");
  await expect(details).toContainText("Non renseigné");
  await expect(details.getByText("Rôle", { exact: true })).toHaveCount(0);
  await expect(page.getByTestId("role-badge")).toHaveCount(0);

  await page.goto("/dashboard");
  const emptyLists = page.getByTestId("empty-list");
  await expect(emptyLists).toHaveCount(3);
  for (const list of await emptyLists.all())
    await expect(list.getByRole("link", { name: "Voir les vols" })).toHaveAttribute("href", "/empty-legs");

  const staff = await staffRequest("admin", testNetwork());
  const flight = await staffFlight(staff, baseURL!, 34);
  await staff.dispose();
  await bookAsGuest(page, flight.id, 1);
  await page.goto("/profile");
  await expect(details).toContainText("+41 79 123 45 67");
  await expect(details).not.toContainText("Non renseigné");
});

const LEGAL = {
  fr: { heading: "Mentions légales", register: "Registre du commerce" },
  en: { heading: "Legal notice", register: "Commercial register" },
  de: { heading: "Impressum", register: "Handelsregister" },
} as const;

test("the legal notice answers in each language and is linked from the footer", async ({ request, page }) => {
  for (const language of ["fr", "en", "de"] as const) {
    const response = await request.get(`/legal-notice?lng=${language}`);
    expect(response.status(), language).toBe(200);
    const html = (await response.text()).replaceAll("&#x27;", "'");
    expect(html).toMatch(new RegExp(`<h1[^>]*>${LEGAL[language].heading}</h1>`));
    expect(html).toContain(LEGAL[language].register);
    expect(html).toMatch(/CHE-\d{3}\.\d{3}\.\d{3}/);
    expect(html).toContain("JetMalin SA");
  }
  await page.goto("/home?lng=de");
  await page.getByRole("contentinfo").getByRole("link", { name: "Impressum" }).click();
  await expect(page).toHaveURL(/\/legal-notice/);
  await expect(page.getByRole("heading", { level: 1, name: "Impressum" })).toBeVisible();
});

test("the legal notice passes axe in French, English and German on a phone and a wide screen", async ({ page }) => {
  const found = [];
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    for (const language of ["fr", "en", "de"] as const) {
      await page.goto(`/legal-notice?lng=${language}`);
      await settle(page);
      found.push(...(await violations(page, `/legal-notice ${language} ${width} px`)));
    }
  }
  expect(found).toEqual([]);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a visitor switches the language from the header, on a wide screen and in the phone's menu", async ({
    page,
  }) => {
    await page.goto("/home?lng=fr");
    const header = page.getByRole("banner");
    await header.getByRole("navigation").getByRole("link", { name: "English" }).click();
    await expect(page).toHaveURL(/lng=en/);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(header.getByRole("link", { name: "English" }).first()).toHaveAttribute("aria-current", "true");

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/legal-notice");
    await header.getByText("Menu", { exact: true }).click();
    await header.locator("details[open]").getByRole("link", { name: "Deutsch" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(page.getByRole("heading", { level: 1, name: "Impressum" })).toBeVisible();
  });
});
