/**
 * WCAG 2.2 AA with axe-core (tests/e2e/axe.ts): every traveller page and the signed-in
 * client pages in fr, en and de on a desktop, and each of them on a phone in one
 * language, the three languages in turn down the list (the phone changes the layout, not
 * the texts, which the desktop audits in every language). The consent banner is the same
 * component on every page: it is audited open, then closed, on the pages listed in
 * BANNER_PAGES (the landing page and a form), on both screens; the other pages are audited
 * with the choice already made. One test per page and screen, so the suite spreads over
 * the workers.
 */
import { devices, type BrowserContext, type Page } from "@playwright/test";
import { violations } from "./axe";
import { expect, loginAs, settle, test } from "./fixtures";
import {
  acceptEssentialCookies,
  fillPassengers,
  payOnSimulator,
  uniqueSuffix,
  upcomingDemoFlights,
} from "./catalogue-helpers";

const LANGUAGES = ["fr", "en", "de"] as const;
const BANNER_BUTTON = { fr: "Tout accepter", en: "Accept all", de: "Alle akzeptieren" } as const;

// A phone as Playwright describes it, without the browser choice a describe may not set.
const { defaultBrowserType: _phoneBrowser, ...PHONE } = devices["Pixel 7"];
const SCREENS = { desktop: {}, phone: PHONE } as const;

/** A bookable flight no other test books (checkout.spec.ts takes the last three). */
const bookable = upcomingDemoFlights().filter((flight) => !flight.soldOut && flight.feedSeats >= 4);
const checkoutFlight = bookable[bookable.length - 6]!;
/** Sold-out demo flights: the first one's checkout page offers the waitlist; the second one the client waits for. */
const soldOutFlights = upcomingDemoFlights().filter((flight) => flight.soldOut);

const PUBLIC_PAGES = [
  "/home",
  "/empty-legs",
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
  "/login",
  "/register",
  "/reset-password",
  "/no-such-page",
];

/** Pages audited with the consent banner open, then closed; the others with the choice made. */
const BANNER_PAGES = new Set(["/home", "/custom-flight"]);

/** The languages a page is audited in: all three on a desktop, one on a phone, in turn down the list. */
const languagesOf = (screen: string, index: number) => (screen === "desktop" ? LANGUAGES : [LANGUAGES[index % 3]!]);

/** The page in each of the languages, banner open then closed (on the same load). */
async function audit(
  context: BrowserContext,
  page: Page,
  path: string,
  languages: readonly (typeof LANGUAGES)[number][],
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

const listed = (languages: readonly string[]) =>
  languages.length === 1 ? languages[0] : `${languages.slice(0, -1).join(", ")} and ${languages.at(-1)}`;

for (const [screen, device] of Object.entries(SCREENS)) {
  test.describe(`axe, ${screen}`, () => {
    test.use(device);
    // Up to six analyses per test: room for a busy machine (about a second each when idle).
    test.describe.configure({ timeout: 60_000 });

    PUBLIC_PAGES.forEach((path, index) => {
      const languages = languagesOf(screen, index);
      test(`${path} has no WCAG 2.2 AA violation in ${listed(languages)}`, async ({ context, page }) => {
        expect(await audit(context, page, path, languages, { banner: BANNER_PAGES.has(path) })).toEqual([]);
      });
    });

    const clientPages = (confirmation: string) => ["/dashboard", "/profile", "/notifications", confirmation];
    test(`the signed-in client pages have no WCAG 2.2 AA violation in ${screen === "desktop" ? "fr, en and de" : "one language each"}`, async ({
      context,
      page,
      baseURL,
    }) => {
      test.setTimeout(150_000);
      await loginAs(page, "client", { redirectTo: "/dashboard" });
      // A flight of the client's waitlist, for the dashboard's 'Liste d'attente' and its 'Quitter' (left at the end).
      const waitlist = (intent: "join" | "leave") =>
        page.request.post("/waitlist", {
          form: { intent, flightId: soldOutFlights[1]!.id },
          headers: { Origin: baseURL! },
          maxRedirects: 0,
        });
      expect((await waitlist("join")).status()).toBe(302);
      // An order of the client's own, for its confirmation page.
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
      const confirmation = new URL(page.url()).pathname;

      const found = [];
      for (const [index, path] of clientPages(confirmation).entries()) {
        // The banner was audited on the public pages: here the choice is made.
        const audited = await audit(context, page, path, languagesOf(screen, index), { banner: false });
        found.push(...audited.map((item) => ({ path, ...item })));
      }
      await waitlist("leave");
      expect(found).toEqual([]);
    });
  });
}
