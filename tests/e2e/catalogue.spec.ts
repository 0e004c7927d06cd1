import type { Page } from "@playwright/test";

import { cityName } from "#app/content/city-names";
import { formatDayKey } from "#app/utils/format";

import { acceptEssentialCookies, upcomingDemoFlights } from "./catalogue-helpers";
import { expect, signInContext, test, waitForHydration } from "./fixtures";

test.beforeEach(async ({ context }) => {
  await acceptEssentialCookies(context);
});

const flightList = (page: Page, name = "Vols disponibles") => page.getByRole("list", { name }).getByRole("article");

test("/home shows the page top to bottom, 6 flights, then 12 with 'Voir plus de vols'", async ({
  page,
  consoleErrors,
}) => {
  await page.goto("/home?lng=fr");
  await expect(page.getByRole("link", { name: "Découvrir les vols exclusifs" })).toHaveAttribute("href", "#exclusive");
  const exclusive = page.locator("#exclusive").getByRole("article");
  await expect(exclusive).toHaveCount(3);
  await expect(exclusive.nth(0)).toContainText("Genève → St-Tropez");
  await expect(exclusive.nth(0)).toContainText("Horaire à définir");
  await expect(exclusive.nth(0)).toContainText(/5[’'\s]500\s€/u);
  await expect(exclusive.nth(1)).toContainText("entre 08:00 et 11:00");
  await expect(exclusive.nth(2)).toContainText(/10[’'\s]500\s€/u);
  await expect(exclusive.nth(2)).toContainText("PC-12 | 6 places");
  await expect(exclusive.nth(2).getByRole("link", { name: "Demander ce vol" })).toHaveAttribute(
    "href",
    "/exclusive-booking/geneva-sttropez-geneva",
  );
  await expect(page.getByRole("heading", { level: 1, name: "Vols Optimisés à prix Malin" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Là où les jets volent à vide, vous voyagez malin" })).toBeVisible();

  await expect(flightList(page)).toHaveCount(6);
  await waitForHydration(page);
  await page.getByRole("link", { name: "Voir plus de vols" }).click();
  await expect(page).toHaveURL(/show=12/);
  await expect(flightList(page)).toHaveCount(12);
  expect(consoleErrors).toEqual([]);
});

test("the flight card shows the spec's details in English", async ({ page }) => {
  const first = upcomingDemoFlights()[0]!;
  await page.goto("/home?lng=en");
  const card = flightList(page, "Available flights").first();
  await expect(card.getByRole("heading")).toHaveText(
    `${cityName(first.fromCity, "en")} → ${cityName(first.toCity, "en")}`,
  );
  // The seats left, as the checkout counts them: never more than the flight offers (bookings of other tests take some).
  const seatsLeft = Number((await card.getByText(/^\d+ seats? left$/).textContent())!.split(" ")[0]);
  expect(seatsLeft).toBeGreaterThan(0);
  expect(seatsLeft).toBeLessThanOrEqual(first.feedSeats);
  await expect(card).toContainText(/\d{1,2}\u00A0min|\d\u00A0h/);
  await expect(card).toContainText(/updated (just now|.*ago)/);
  await expect(card.locator("[data-probability]")).toContainText(/probability/);
  await expect(page.getByRole("link", { name: "Show more flights" })).toBeVisible();
  // The tabs are the page's script's work (decision 041): links until it ran.
  await waitForHydration(page);
  await expect(page.getByRole("tab")).toHaveCount(2);
});

test("the filter narrows by departure, then arrival, then date, and reset clears it", async ({ page }) => {
  const flights = upcomingDemoFlights();
  await page.goto("/home?lng=fr");
  await waitForHydration(page);
  const search = page.getByRole("form", { name: "Rechercher un vol" });
  const departure = search.getByLabel("Départ");
  const arrival = search.getByLabel("Arrivée");
  const date = search.getByLabel("Date", { exact: true });
  const reset = page.getByRole("button", { name: "Réinitialiser" });
  await expect(arrival).toBeDisabled();
  await expect(date).toBeDisabled();
  await expect(reset).toBeDisabled();

  await departure.selectOption("Genève");
  await expect(page).toHaveURL(/from=Gen%C3%A8ve/);
  await expect(arrival).toBeEnabled();
  // A day may be asked for without an arrival.
  await expect(date).toBeEnabled();
  const headings = page.getByRole("list", { name: "Vols disponibles" }).getByRole("heading");
  for (const text of await headings.allTextContents()) expect(text).toMatch(/^Genève → /);

  await arrival.selectOption("St-Tropez");
  await expect(page).toHaveURL(/to=St-Tropez/);
  const route = flights.filter((flight) => flight.fromCity === "Genève" && flight.toCity === "St-Tropez");
  await expect(flightList(page)).toHaveCount(route.length);
  await expect(date).toBeEnabled();

  const day = route[0]!.day;
  await date.selectOption(day);
  await expect(page).toHaveURL(new RegExp(`date=${day}`));
  await expect(flightList(page)).toHaveCount(route.filter((flight) => flight.day === day).length);
  await expect(date.locator("option:checked")).toHaveText(formatDayKey(day, "fr"));

  // Changing the departure clears the arrival and the date.
  await departure.selectOption("Zurich");
  await expect(page).toHaveURL(/from=Zurich$/);
  await expect(arrival).toHaveValue("");
  await expect(date).toHaveValue("");

  await reset.click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(flightList(page)).toHaveCount(6);
  await expect(departure).toHaveValue("");
  await expect(reset).toBeDisabled();
});

test("a departure picked before the page has hydrated is kept and opens the arrivals", async ({ page }) => {
  const flights = upcomingDemoFlights();
  // Hold the page's script back so the choice is made on the server-rendered page: signed
  // out, /home's one script (decision 041).
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/static-page\.client-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  // The held script holds the load event back too.
  await page.goto("/home?lng=fr", { waitUntil: "commit" });
  const search = page.getByRole("form", { name: "Rechercher un vol" });
  await search.getByLabel("Départ").selectOption("Genève");
  expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
  release();
  await waitForHydration(page);

  await expect(page).toHaveURL(/from=Gen%C3%A8ve/);
  const arrival = search.getByLabel("Arrivée");
  await expect(arrival).toBeEnabled();
  const arrivals = [
    ...new Set(flights.filter((flight) => flight.fromCity === "Genève").map((flight) => flight.toCity)),
  ];
  await expect(arrival.locator("option")).toHaveCount(arrivals.length + 1);
  await expect(search.getByLabel("Départ")).toHaveValue("Genève");
});

test("a search with no match shows the spec's text", async ({ page }) => {
  await page.goto("/home?from=Atlantide");
  await expect(page.getByText("Aucun vol ne correspond à vos critères de recherche.")).toBeVisible();
});

test("a sold-out flight shows 'SOLD OUT' and a disabled 'Vol complet'", async ({ page }) => {
  const soldOut = upcomingDemoFlights().find((flight) => flight.soldOut)!;
  const params = new URLSearchParams({ from: soldOut.fromCity, to: soldOut.toCity, date: soldOut.day });
  await page.goto(`/home?${params}`);
  const card = flightList(page).filter({ hasText: soldOut.fromCity }).first();
  await expect(card.getByText("SOLD OUT")).toBeVisible();
  await expect(card.getByRole("button", { name: "Vol complet" })).toBeDisabled();
  await expect(card.getByRole("link", { name: "Réserver ce vol" })).toHaveCount(0);
});

test("the card's price note opens, and the heart asks signed-out visitors to sign in", async ({ page }) => {
  await page.goto("/home?lng=fr");
  const card = flightList(page).first();
  await card.getByRole("button", { name: "Comment ce prix est calculé" }).click();
  await expect(page.getByText(/Prix indicatif par siège/).first()).toBeVisible();
  await page.keyboard.press("Escape");
  await waitForHydration(page);
  await card.getByRole("button", { name: /aux favoris/ }).click();
  const toast = page.getByRole("alert").filter({ hasText: "Connexion requise" });
  await expect(toast).toContainText("Vous devez être connecté pour ajouter des vols en favoris");
  await expect(toast.getByRole("link", { name: "Se connecter" })).toHaveAttribute(
    "href",
    "/login?redirectTo=%2Fhome%3Flng%3Dfr",
  );
});

test("the offer tabs switch with the mouse and the keyboard", async ({ page }) => {
  await page.goto("/home?lng=fr");
  await waitForHydration(page);
  const emptyLegs = page.getByRole("tab", { name: "Empty Legs" });
  await expect(emptyLegs).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("tabpanel")).toContainText("Jusqu'à 75 % moins cher");
  await page.getByRole("tab", { name: "Sur Mesure" }).click();
  await expect(page.getByRole("tabpanel")).toContainText("Horaires flexibles");
  await expect(page.getByRole("tabpanel").getByRole("link", { name: "Demander un devis" })).toHaveAttribute(
    "href",
    "/custom-flight",
  );
  await page.keyboard.press("ArrowLeft");
  await expect(emptyLegs).toBeFocused();
  await expect(page.getByRole("tabpanel").getByRole("link", { name: "Voir les vols disponibles" })).toHaveAttribute(
    "href",
    "#empty-legs",
  );
});

test("a failed reload of the list shows the error panel, and 'Réessayer' brings the flights back", async ({ page }) => {
  // Signed in, /home hydrates and reloads its list without a document load (decision 041).
  await signInContext(page, "client");
  await page.goto("/home?lng=fr");
  await waitForHydration(page);
  await page.route("**/home.data*", (route) => route.abort());
  await page.getByRole("form", { name: "Rechercher un vol" }).getByLabel("Départ").selectOption("Genève");
  await expect(page.getByText("Une erreur est survenue lors du chargement des vols")).toBeVisible();
  await page.unroute("**/home.data*");
  await page.getByRole("link", { name: "Réessayer" }).click();
  await expect(flightList(page).first()).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the home list, 'Voir plus de vols', the tabs and the filter work", async ({ page }) => {
    const flights = upcomingDemoFlights();
    await page.goto("/home?lng=fr");
    await expect(flightList(page)).toHaveCount(6);
    await page.getByRole("link", { name: "Voir plus de vols" }).click();
    await expect(flightList(page)).toHaveCount(12);

    await page.getByRole("navigation", { name: "Nos formules" }).getByRole("link", { name: "Sur Mesure" }).click();
    await expect(page).toHaveURL(/tab=custom/);
    await expect(page.getByRole("link", { name: "Demander un devis" })).toBeVisible();

    const search = page.getByRole("form", { name: "Rechercher un vol" });
    await search.getByLabel("Départ").selectOption("Genève");
    await search.getByRole("button", { name: "Rechercher" }).click();
    await expect(search.getByLabel("Arrivée")).toBeEnabled();
    await search.getByLabel("Arrivée").selectOption("Nice");
    await search.getByRole("button", { name: "Rechercher" }).click();
    const route = flights.filter((flight) => flight.fromCity === "Genève" && flight.toCity === "Nice");
    await expect(flightList(page)).toHaveCount(route.length);
    await search.getByLabel("Date", { exact: true }).selectOption(route[0]!.day);
    await search.getByRole("button", { name: "Rechercher" }).click();
    await expect(page).toHaveURL(new RegExp(`date=${route[0]!.day}`));
    await page.getByRole("button", { name: "Réinitialiser" }).click();
    await expect(page).toHaveURL(/\/home\??$/);
    await expect(flightList(page)).toHaveCount(6);
  });
});

test("/fleet shows 5 aircraft; a tap opens the overlay, arrows and swipes move, its close button closes", async ({
  page,
}) => {
  await page.goto("/fleet?lng=fr");
  await waitForHydration(page);
  const cards = page.getByRole("list", { name: "Appareils" }).getByRole("article");
  await expect(cards).toHaveCount(5);
  await expect(cards.nth(3)).toContainText("815 km/h");
  await expect(cards.nth(3)).toContainText("45 000 ft".replace(" ", "\u202f"));

  await cards.nth(0).getByRole("link").click();
  const dialog = page.getByRole("dialog");
  const overlay = dialog.locator("[data-aircraft]");
  await expect(dialog).toContainText("Disponible pour réservation");
  await expect(overlay).toHaveAttribute("data-aircraft", "pc12-ngx");
  await page.keyboard.press("ArrowRight");
  await expect(overlay).toHaveAttribute("data-aircraft", "pc12-ng");
  await page.keyboard.press("ArrowLeft");
  await expect(overlay).toHaveAttribute("data-aircraft", "pc12-ngx");

  const swipe = (distance: number) =>
    overlay.evaluate((element, dx) => {
      const touch = (x: number) => new Touch({ identifier: 1, target: element, clientX: x, clientY: 10 });
      element.dispatchEvent(
        new TouchEvent("touchstart", { bubbles: true, touches: [touch(200)], changedTouches: [touch(200)] }),
      );
      element.dispatchEvent(
        new TouchEvent("touchend", { bubbles: true, touches: [], changedTouches: [touch(200 + dx)] }),
      );
    }, distance);
  await swipe(-50);
  await expect(overlay).toHaveAttribute("data-aircraft", "pc12-ngx");
  await swipe(-100);
  await expect(overlay).toHaveAttribute("data-aircraft", "pc12-ng");
  await swipe(100);
  await expect(overlay).toHaveAttribute("data-aircraft", "pc12-ngx");

  // The dialog is modal: the page under it is inert, its close button closes it.
  await dialog.getByRole("link", { name: "Fermer" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Demander un devis" })).toHaveAttribute("href", "/custom-flight");
});

test("/partners shows 8 partners with their links and the 'join us' block, in German too", async ({ page }) => {
  await page.goto("/partners?lng=fr");
  const cards = page.getByRole("list", { name: "Partenaires" }).getByRole("article");
  await expect(cards).toHaveCount(8);
  for (const link of await cards.getByRole("link").all()) await expect(link).toHaveAttribute("href", /^https:\/\//);
  await expect(page.getByRole("link", { name: "partenaires@jetmalin.ch" })).toHaveAttribute(
    "href",
    "mailto:partenaires@jetmalin.ch",
  );
  await page.goto("/partners?lng=de");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Unsere Partner");
  await expect(page.getByRole("list", { name: "Partner" }).getByRole("article")).toHaveCount(8);
});

test("the content pages are translated", async ({ page }) => {
  for (const [path, fr, de] of [
    ["/about", "À propos de JetMalin", "Über JetMalin"],
    ["/faq", "Questions fréquentes", "Häufige Fragen"],
    ["/privacy-policy", "Politique de confidentialité", "Datenschutzerklärung"],
    ["/terms", "Conditions générales", "Allgemeine Geschäftsbedingungen"],
    ["/custom-flights", "Vols sur mesure", "Massgeschneiderte Flüge"],
    ["/empty-legs", "Empty Legs", "Empty Legs"],
  ] as const) {
    await page.goto(`${path}?lng=fr`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(fr);
    await page.goto(`${path}?lng=de`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(de);
  }
  await page.goto("/empty-legs?lng=fr");
  await expect(flightList(page)).toHaveCount(6);
});

test("the page's texts arrive as JSON files, not scripts, and the cards' drawings as images", async ({ page }) => {
  const scripts: string[] = [];
  const translations: string[] = [];
  page.on("response", (response) => {
    const url = new URL(response.url());
    if (response.request().resourceType() === "script") scripts.push(url.pathname);
    if (url.pathname.startsWith("/locales/")) translations.push(url.pathname);
  });
  // Signed out, /home is served without React: one script of its own, no texts to load (decision 041).
  await page.goto("/home?lng=de");
  await waitForHydration(page);
  await page.waitForLoadState("networkidle");
  expect(scripts).toEqual([expect.stringMatching(/^\/assets\/static-page\.client-[^/]*\.js$/)]);
  expect(translations).toEqual([]);
  await page.getByRole("tab", { name: "Massgeschneidert" }).click();
  await expect(page.getByRole("tab", { name: "Massgeschneidert" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("tabpanel")).toContainText("Flexible Zeiten");

  // Signed in, it hydrates: React and the page's texts as JSON.
  scripts.length = 0;
  await signInContext(page, "client");
  await page.goto("/home?lng=de");
  await waitForHydration(page);
  expect(scripts.some((path) => /\/assets\/framework-[^/]*\.js$/.test(path))).toBe(true);
  expect(translations.sort()).toEqual(["/locales/de/catalogue.json", "/locales/de/translation.json"]);
  expect(scripts.filter((path) => /locales|catalogue|translation\.json/.test(path))).toEqual([]);
  // Hydrated with the German texts: the tabs work and still speak German.
  await page.getByRole("tab", { name: "Massgeschneidert" }).click();
  await expect(page.getByRole("tab", { name: "Massgeschneidert" })).toHaveAttribute("aria-selected", "true");

  const drawing = page.locator('#exclusive img[src="/art/st-tropez.svg"]').first();
  await expect(drawing).toHaveAttribute("alt", "");
  await expect
    .poll(() => drawing.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
    .toBe(true);
});

test("a client-side navigation loads the next page's texts before showing it", async ({ page }) => {
  await page.goto("/home?lng=en");
  await waitForHydration(page);
  await page.getByRole("banner").getByRole("link", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeVisible();
  await expect(page.locator("main")).not.toContainText("login.");
});
