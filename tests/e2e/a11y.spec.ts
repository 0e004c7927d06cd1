/**
 * WCAG 2.2 AA with axe-core: every traveller page and the signed-in client
 * pages, in fr, en and de, on a desktop and a phone. The consent banner is the same
 * component on every page: it is audited open, then closed, on the pages listed in
 * BANNER_PAGES (the landing page, a form, a checkout); the other pages are audited with
 * the choice already made, which halves the suite's longest file. One test per page and
 * screen, looping the languages on one context, so the suite spreads over the workers.
 */
import AxeBuilder from "@axe-core/playwright";
import { devices, type BrowserContext, type Page } from "@playwright/test";
import { expect, loginAs, settle, test } from "./fixtures";
import {
  acceptEssentialCookies,
  fillPassengers,
  payOnSimulator,
  uniqueSuffix,
  upcomingDemoFlights,
} from "./catalogue-helpers";

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
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
const BANNER_PAGES = new Set(["/home", "/login", "/custom-flight", `/checkout/${checkoutFlight.id}`]);

/** Axe's findings, as a short list a failure message can show. */
async function violations(page: Page, when: string) {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return results.violations.map((violation) => ({
    when,
    rule: violation.id,
    nodes: violation.nodes.map((node) => node.target.join(" ")).slice(0, 5),
  }));
}

/** The page in each language, banner open then closed (on the same load). */
async function auditInEveryLanguage(
  context: BrowserContext,
  page: Page,
  path: string,
  { banner: withBannerOpen = true } = {},
) {
  const found = [];
  for (const language of LANGUAGES) {
    if (withBannerOpen) await context.clearCookies({ name: "jm_consent" });
    else await acceptEssentialCookies(context);
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

for (const [screen, device] of Object.entries(SCREENS)) {
  test.describe(`axe, ${screen}`, () => {
    test.use(device);
    // Up to six analyses per page: room for a busy machine (about 10 s each when idle).
    test.describe.configure({ timeout: 90_000 });

    for (const path of PUBLIC_PAGES) {
      test(`${path} has no WCAG 2.2 AA violation in fr, en and de`, async ({ context, page }) => {
        expect(await auditInEveryLanguage(context, page, path, { banner: BANNER_PAGES.has(path) })).toEqual([]);
      });
    }

    test("the signed-in client pages have no WCAG 2.2 AA violation in fr, en and de", async ({
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
      for (const path of ["/dashboard", "/profile", "/notifications", confirmation]) {
        // The banner was audited on the public pages: here the choice is made.
        found.push(
          ...(await auditInEveryLanguage(context, page, path, { banner: false })).map((item) => ({ path, ...item })),
        );
      }
      await waitlist("leave");
      expect(found).toEqual([]);
    });
  });
}
