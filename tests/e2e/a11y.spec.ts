/**
 * WCAG 2.2 AA with axe-core (tests/e2e/axe.ts): every traveller page in fr, en and de on
 * a desktop (one test per page), and each of them on a phone in one language, the three
 * languages in turn down the list (one test per language); the signed-in client pages
 * likewise, in two tests (the order's page needs an order first) that each sign in once
 * for both screens. The phone changes the layout, not the texts, which the desktop audits
 * in every language. The consent banner is the same component on every page: it is
 * audited open, then closed, on the pages listed in BANNER_PAGES (the landing page and a
 * form), on both screens; the other pages are audited with the choice already made.
 */
import { type Browser, type BrowserContext, type BrowserContextOptions, devices, type Page } from "@playwright/test";

import { violations } from "./axe";
import {
  acceptEssentialCookies,
  fillPassengers,
  payOnSimulator,
  uniqueSuffix,
  upcomingDemoFlights,
} from "./catalogue-helpers";
import { expect, settle, signInContext, test } from "./fixtures";

const LANGUAGES = ["fr", "en", "de"] as const;
const BANNER_BUTTON = { fr: "Tout accepter", en: "Accept all", de: "Alle akzeptieren" } as const;

// A phone as Playwright describes it, without the browser choice a describe may not set.
const { defaultBrowserType: _phoneBrowser, ...PHONE } = devices["Pixel 7"];

/** A bookable flight no other test books (checkout.spec.ts takes the last three). */
const bookable = upcomingDemoFlights().filter((flight) => !flight.soldOut && flight.feedSeats >= 4);
const checkoutFlight = bookable[bookable.length - 6]!;
/** Sold-out demo flights: the first one's checkout page offers the waitlist; the second one the client waits for. */
const soldOutFlights = upcomingDemoFlights().filter((flight) => flight.soldOut);

const PUBLIC_PAGES = [
  "/home",
  "/empty-legs",
  // The filtered list with its map, widened by a radius and flexible dates (decision 036):
  // the cards say how far.
  "/empty-legs?from=Lausanne&radius=100&flex=3",
  "/fleet",
  "/fleet?aircraft=pc12-ngx",
  "/partners",
  "/about",
  "/faq",
  "/custom-flights",
  "/custom-flight",
  "/exclusive-booking/geneva-sttropez",
  `/checkout/${checkoutFlight.id}`,
  `/checkout/${soldOutFlights[0]!.id}`,
  "/privacy-policy",
  "/terms",
  "/cookies",
  "/legal-notice",
  "/login",
  "/register",
  "/reset-password",
  "/no-such-page",
];

/** Pages audited with the consent banner open, then closed; the others with the choice made. */
const BANNER_PAGES = new Set(["/home", "/custom-flight"]);

type Language = (typeof LANGUAGES)[number];
/** On a phone, each page in one language, the three in turn down the list. */
const phoneLanguage = (index: number) => LANGUAGES[index % LANGUAGES.length]!;

/** The page in each of the languages, banner open then closed (on the same load). */
async function audit(
  context: BrowserContext,
  page: Page,
  path: string,
  languages: readonly Language[],
  { banner: withBannerOpen = true } = {},
) {
  const found = [];
  if (!withBannerOpen) await acceptEssentialCookies(context);
  for (const language of languages) {
    if (withBannerOpen) await context.clearCookies({ name: "jm_consent" });
    await page.goto(`${path}${path.includes("?") ? "&" : "?"}lng=${language}`);
    await settle(page);
    const banner = page.getByRole("region", { name: "Cookies", exact: true });
    const withBanner = (await banner.count()) > 0;
    found.push(...(await violations(page, `${language}${withBanner ? ", banner open" : ""}`)));
    if (withBanner) {
      if (await page.locator("dialog:modal").count()) {
        // A modal dialog open on arrival makes the banner inert until it closes: record
        // the choice as the banner would, and load the page again.
        await acceptEssentialCookies(context);
        await page.reload();
        await settle(page);
      } else {
        await banner.getByRole("button", { name: BANNER_BUTTON[language] }).click();
      }
      await expect(banner).toHaveCount(0);
      found.push(...(await violations(page, `${language}, banner closed`)));
    }
  }
  return found;
}

test.describe("axe, desktop", () => {
  // Up to six analyses per test: room for a busy machine (about a second each when idle).
  test.describe.configure({ timeout: 60_000 });

  for (const path of PUBLIC_PAGES) {
    test(`${path} has no WCAG 2.2 AA violation in fr, en and de`, async ({ context, page }) => {
      expect(await audit(context, page, path, LANGUAGES, { banner: BANNER_PAGES.has(path) })).toEqual([]);
    });
  }
});

test.describe("axe, phone", () => {
  test.use(PHONE);
  test.describe.configure({ timeout: 60_000 });

  // One test per language, each page of that language's turn on the same context.
  for (const language of LANGUAGES) {
    const paths = PUBLIC_PAGES.filter((_, index) => phoneLanguage(index) === language);
    test(`${paths.join(", ")} have no WCAG 2.2 AA violation in ${language}`, async ({ context, page }) => {
      const found = [];
      for (const path of paths) {
        const audited = await audit(context, page, path, [language], { banner: BANNER_PAGES.has(path) });
        found.push(...audited.map((item) => ({ path, ...item })));
      }
      expect(found).toEqual([]);
    });
  }
});

/** The signed-in client's pages in every language on a desktop, then on a phone with the same session. */
async function auditSignedIn(
  { browser, context, page }: { browser: Browser; context: BrowserContext; page: Page },
  phoneOptions: BrowserContextOptions,
  pages: { path: string; index: number }[],
) {
  // The banner was audited on the public pages: here the choice is made.
  const found = [];
  for (const { path } of pages) {
    const audited = await audit(context, page, path, LANGUAGES, { banner: false });
    found.push(...audited.map((item) => ({ path, ...item })));
  }
  const phone = await browser.newContext({ ...PHONE, ...phoneOptions, storageState: await context.storageState() });
  const phonePage = await phone.newPage();
  for (const { path, index } of pages) {
    const audited = await audit(phone, phonePage, path, [phoneLanguage(index)], { banner: false });
    found.push(...audited.map((item) => ({ path, phone: true, ...item })));
  }
  await phone.close();
  return found;
}

// Two tests (the order's page needs an order first), each signing in once for both screens.
test.describe("axe, the signed-in client, desktop and phone", () => {
  test.describe.configure({ timeout: 90_000 });

  test("the dashboard, profile and notifications have no WCAG 2.2 AA violation in fr, en and de, and on a phone in one language each", async ({
    browser,
    context,
    page,
    baseURL,
    extraHTTPHeaders,
    locale,
    timezoneId,
  }) => {
    // Signed in over HTTP: the audits open the pages, each in its language.
    await signInContext(page, "client");
    // A flight of the client's waitlist, for the dashboard's 'Liste d'attente' and its 'Quitter' (left at the end).
    const waitlist = (intent: "join" | "leave") =>
      page.request.post("/waitlist", {
        form: { intent, flightId: soldOutFlights[1]!.id },
        headers: { Origin: baseURL! },
        maxRedirects: 0,
      });
    expect((await waitlist("join")).status()).toBe(302);
    const pages = ["/dashboard", "/profile", "/notifications"].map((path, index) => ({ path, index }));
    const found = await auditSignedIn(
      { browser, context, page },
      { baseURL, extraHTTPHeaders, locale, timezoneId },
      pages,
    );
    await waitlist("leave");
    expect(found).toEqual([]);
  });

  test("the client's order page has no WCAG 2.2 AA violation in fr, en and de, and on a phone in fr", async ({
    browser,
    context,
    page,
    baseURL,
    extraHTTPHeaders,
    locale,
    timezoneId,
  }) => {
    // Signed in over HTTP: the audits open the pages, each in its language.
    await signInContext(page, "client");
    // An order of the client's own, for its page.
    await page.goto(`/checkout/${checkoutFlight.id}?lng=fr`);
    await settle(page);
    const main = page.getByRole("main");
    for (const [label, value] of [
      ["Prénom", "Léa"],
      ["Email", `a11y.${uniqueSuffix()}@example.ch`],
      ["Téléphone", "+41 79 123 45 67"],
      ["Adresse", "Rue du Rhône 1"],
      ["Code postal", "1204"],
      ["Ville", "Genève"],
    ] as const) {
      await main.getByLabel(label, { exact: true }).fill(value);
    }
    await main.getByLabel("Nom", { exact: true }).fill("Muller");
    await fillPassengers(page, 1);
    await page.getByLabel("J'accepte les conditions générales").check();
    await page.getByRole("button", { name: "Confirmer la réservation" }).click();
    // The provider's page (the simulator), then the order's page with its payment in progress.
    await payOnSimulator(page);
    // Fourth of the client's pages: fr on the phone, after the three above.
    const pages = [{ path: new URL(page.url()).pathname, index: 3 }];
    const found = await auditSignedIn(
      { browser, context, page },
      { baseURL, extraHTTPHeaders, locale, timezoneId },
      pages,
    );
    expect(found).toEqual([]);
  });
});
