/**
 * The back-office's flights (docs/back-office.md 'Flights') in Chromium against the real Worker.
 * Every test changes only flights it creates itself, from cities no other test uses,
 * 60 days ahead (after every demo flight and outside the alert window), so the tests
 * that book, favourite or list demo flights run undisturbed beside these.
 */
import type { Page } from "@playwright/test";

import { zurichDay } from "#app/utils/format";

import { violations } from "./axe";
import { acceptEssentialCookies, uniqueSuffix } from "./catalogue-helpers";
import { expect, loginAs, settle, signInContext, test } from "./fixtures";

const DAY = 86_400_000;
/** A Zurich day after every demo flight. */
const flightDay = () => zurichDay(new Date(Date.now() + 60 * DAY));
const newCities = () => {
  const suffix = uniqueSuffix();
  return { from: `Testville-${suffix}`, to: `Arrivée-${suffix}` };
};

test.beforeEach(async ({ context }) => {
  await acceptEssentialCookies(context);
});

/** Fills /new-flight with a new route (new cities, so the duration is given) and submits it. */
async function createFlight(page: Page, { from, to }: { from: string; to: string }) {
  await page.goto("/new-flight?lng=fr");
  await settle(page);
  await page.getByLabel("Ville de départ").fill(from);
  await page.getByLabel("Ville d'arrivée").fill(to);
  await page.getByLabel("Date", { exact: true }).fill(flightDay());
  await page.getByLabel("Durée du vol (minutes, facultatif)").fill("55");
  await page.getByRole("button", { name: "Créer le vol" }).click();
  await page.waitForURL((url) => url.pathname === "/admin");
  await expect(page.getByText("Vol créé avec succès")).toBeVisible();
}

/** The flights tab searched by a city, and the one flight row it finds. */
async function flightRow(page: Page, city: string) {
  await page.goto(`/admin?${new URLSearchParams({ q: city, lng: "fr" })}`);
  await settle(page);
  const row = page
    .getByTestId("admin-flight")
    .filter({ has: page.getByRole("heading", { name: new RegExp(`^${city} → `) }) });
  await expect(row).toHaveCount(1);
  return row;
}

test.describe("who sees what", () => {
  test("the gestionnaire sees the flights and requests tabs, not users nor orders", async ({ page }) => {
    await loginAs(page, "gestionnaire", { redirectTo: "/admin?lng=fr" });
    await expect(page.getByRole("heading", { level: 1, name: "Tableau de bord gestionnaire" })).toBeVisible();
    const tabs = page.getByRole("navigation", { name: "Sections du tableau de bord" });
    await expect(tabs.getByRole("link", { name: "Vols" })).toBeVisible();
    await expect(tabs.getByRole("link", { name: "Demandes" })).toBeVisible();
    await expect(tabs.getByRole("link", { name: "Utilisateurs" })).toHaveCount(0);
    await expect(tabs.getByRole("link", { name: "Commandes" })).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 2, name: "Vols" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Synchroniser" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Nouveau vol" })).toHaveAttribute("href", "/new-flight");
    for (const tile of ["Vols actifs", "Places disponibles", "Vols aujourd'hui", "Durée moyenne"]) {
      await expect(page.getByText(tile, { exact: true })).toBeVisible();
    }
    await expect(page.getByRole("heading", { name: "Places disponibles sur les 14 prochains jours" })).toBeVisible();
    await expect(page.getByTestId("chart-seats")).toHaveCount(14);
    // The staff profile is titled after the role.
    await page.goto("/profile?lng=fr");
    await expect(page.getByRole("heading", { level: 1, name: "Profil gestionnaire" })).toBeVisible();
  });

  test("the admin sees the tabs", async ({ page }) => {
    await loginAs(page, "admin", { redirectTo: "/admin?lng=fr" });
    await expect(page.getByRole("heading", { level: 1, name: "Tableau de bord administrateur" })).toBeVisible();
    const tabs = page.getByRole("navigation", { name: "Sections du tableau de bord" });
    for (const name of ["Vols", "Utilisateurs", "Commandes"])
      await expect(tabs.getByRole("link", { name })).toBeVisible();
    await page.goto("/profile?lng=fr");
    await expect(page.getByRole("heading", { level: 1, name: "Profil administrateur" })).toBeVisible();
  });

  test("dense rows on a desktop; on a phone the tabs scroll on one line and the chart is reachable by keyboard, axe clean", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await loginAs(page, "admin", { redirectTo: "/admin?lng=fr" });
    await settle(page);
    const rows = page.getByTestId("admin-flight");
    expect(await rows.count()).toBeGreaterThanOrEqual(8);
    await rows.first().evaluate((row) => row.scrollIntoView({ block: "start" }));
    const inView = await rows.evaluateAll(
      (all) =>
        all.filter((row) => {
          const box = row.getBoundingClientRect();
          return box.top >= 0 && box.bottom <= window.innerHeight;
        }).length,
    );
    expect(inView).toBeGreaterThanOrEqual(8);
    await page.evaluate(() => window.scrollTo(0, 0));

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/admin?lng=fr");
    await settle(page);
    const tabs = page.getByTestId("admin-tabs");
    const tops = await tabs
      .locator("li")
      .evaluateAll((items) => items.map((item) => Math.round(item.getBoundingClientRect().top)));
    expect(tops).toHaveLength(4);
    expect(new Set(tops).size).toBe(1);
    expect(await tabs.evaluate((list) => getComputedStyle(list).overflowX)).toBe("auto");
    const chart = page.getByRole("region", { name: "Graphique des places par jour, défilable" });
    expect(await chart.evaluate((region) => region.scrollWidth > region.clientWidth)).toBe(true);
    await chart.focus();
    await expect(chart).toBeFocused();
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => chart.evaluate((region) => region.scrollLeft)).toBeGreaterThan(0);
    await tabs.evaluate((list) => list.scrollIntoView({ block: "start" }));
    await rows.first().evaluate((row) => row.scrollIntoView({ block: "start" }));
    // The WCAG 2.2 AA rules of a11y.spec.ts, run as it runs them (tests/e2e/axe.ts).
    expect(await violations(page, "390 px, rows in view")).toEqual([]);
  });

  test("a client gets 'Accès non autorisé' for the flights tab and /new-flight", async ({ page }) => {
    await signInContext(page, "client");
    for (const path of ["/admin", "/new-flight"]) {
      await page.goto(`${path}?lng=fr`);
      await expect(page).toHaveURL(/\/home/);
      await expect(page.getByText("Accès non autorisé")).toBeVisible();
    }
  });
});

test.describe("with JavaScript", () => {
  test("a new flight appears on /home; an edit is saved without reload and shows in the history", async ({ page }) => {
    const cities = newCities();
    await signInContext(page, "gestionnaire");
    await createFlight(page, cities);

    const row = await flightRow(page, cities.from);
    await expect(row.getByTestId("probability-marker")).toHaveText("Probabilité à vérifier");
    await expect(row.getByText("PC12", { exact: true })).toBeVisible();
    await expect(row.getByTestId("flight-date")).toHaveText(
      new RegExp(`^${flightDay().split("-").reverse().join("/")} 08:00$`),
    );

    // The page must not reload: a mark left on window survives the save.
    await page.evaluate(() => ((window as unknown as { keep: number }).keep = 42));
    await row.getByText("Modifier, détails et historique", { exact: true }).click();
    await row.getByLabel("Probabilité (%)").fill("90");
    const minus = row.getByRole("button", { name: "Retirer une place" });
    const plus = row.getByRole("button", { name: "Ajouter une place" });
    const seats = row.getByLabel("Places", { exact: true });
    await expect(seats).toHaveValue("6");
    await plus.click();
    await plus.click();
    await expect(seats).toHaveValue("8");
    await expect(plus).toBeDisabled();
    await minus.click();
    await expect(plus).toBeEnabled();
    await row.getByRole("radio", { name: "Heure exacte" }).check();
    await row.getByLabel("Heure (Zurich)").fill("10:30");
    await row.getByRole("button", { name: "Enregistrer" }).click();
    // The keyboard's focus comes back to the saved row, and the result is a status message.
    await expect(row.getByRole("status").filter({ hasText: "Modifications enregistrées avec succès" })).toBeVisible();
    await expect(row).toBeFocused();
    await expect(row.getByTestId("probability-marker")).toHaveText("Probabilité mise à jour");
    await expect(row.getByTestId("flight-date")).toHaveText(/ 10:30$/);
    expect(await page.evaluate(() => (window as unknown as { keep?: number }).keep)).toBe(42);

    await row.getByText("Historique", { exact: true }).click();
    const entries = row.getByTestId("history-entry");
    await expect(entries).toHaveCount(2);
    await expect(entries.first()).toContainText("Modification");
    await expect(entries.first()).toContainText("Gaston Gestionnaire");
    await expect(entries.first()).toContainText("Probabilité (équipe) : vide → 90");
    await expect(entries.first()).toContainText("Places (équipe) : vide → 7");
    await expect(entries.last()).toContainText("Création");

    await row.getByText("Détails", { exact: true }).click();
    await expect(row.getByText(`${cities.from} (ZZ`)).toBeVisible();

    await page.goto(`/home?${new URLSearchParams({ lng: "fr", from: cities.from })}`);
    const card = page
      .getByRole("article")
      .filter({ has: page.getByRole("heading", { name: `${cities.from} → ${cities.to}` }) });
    await expect(card).toHaveCount(1);
    await expect(card.getByRole("link", { name: "Réserver ce vol" })).toBeVisible();
  });

  test("the sold-out toggle disables the flight's booking on /home", async ({ page }) => {
    const cities = newCities();
    await signInContext(page, "admin");
    await createFlight(page, cities);
    const row = await flightRow(page, cities.from);
    await row.getByRole("button", { name: "Marquer complet" }).click();
    await expect(row.getByText("Le vol est maintenant complet : il ne peut plus être réservé.")).toBeVisible();
    await expect(row.getByRole("button", { name: "Remettre en vente" })).toBeVisible();

    await page.goto(`/home?${new URLSearchParams({ lng: "fr", from: cities.from })}`);
    const card = page
      .getByRole("article")
      .filter({ has: page.getByRole("heading", { name: `${cities.from} → ${cities.to}` }) });
    await expect(card.getByRole("button", { name: "Vol complet" })).toBeDisabled();
    await expect(card.getByRole("link", { name: "Réserver ce vol" })).toHaveCount(0);
  });

  test("/new-flight says what is missing", async ({ page }) => {
    await loginAs(page, "gestionnaire", { redirectTo: "/new-flight?lng=fr" });
    await settle(page);
    await expect(page.getByRole("link", { name: "Retour à l'administration" })).toHaveAttribute("href", "/admin");
    await page.getByRole("radio", { name: "Heure exacte" }).check();
    await page.getByRole("button", { name: "Créer le vol" }).click();
    await expect(page.getByText("La ville de départ est requise")).toBeVisible();
    await expect(page.getByText("La ville d'arrivée est requise")).toBeVisible();
    await expect(page.getByText("La date est requise")).toBeVisible();
    await expect(page.getByText("Ce champ est requis")).toBeVisible();
  });

  test("/home's scripts carry no back-office text", async ({ page }) => {
    const scripts = new Set<string>();
    page.on("response", (response) => {
      if (response.request().resourceType() === "script") scripts.add(response.url());
    });
    await page.goto("/home?lng=fr");
    await settle(page);
    // Module preloads are scripts too, even before they run.
    for (const href of await page
      .locator('link[rel="modulepreload"]')
      .evaluateAll((links) => links.map((link) => (link as HTMLLinkElement).href))) {
      scripts.add(href);
    }
    expect(scripts.size).toBeGreaterThan(0);
    for (const url of scripts) {
      const body = await (await page.request.get(url)).text();
      for (const text of [
        "Modifications enregistrées avec succès",
        "Tableau de bord administrateur",
        "Probabilité à vérifier",
        "Vol créé avec succès",
      ]) {
        expect(body.includes(text), `${url} contains '${text}'`).toBe(false);
      }
    }
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the new-flight form validates and creates; the edit form saves", async ({ page }) => {
    await loginAs(page, "gestionnaire", { redirectTo: "/new-flight?lng=fr" });
    await page.getByRole("button", { name: "Créer le vol" }).click();
    await expect(page.getByText("La ville de départ est requise")).toBeVisible();
    await expect(page.getByText("La date est requise")).toBeVisible();

    const cities = newCities();
    await createFlight(page, cities);
    const row = await flightRow(page, cities.from);
    await expect(row.getByTestId("probability-marker")).toHaveText("Probabilité à vérifier");
    const flightId = await row.getAttribute("data-flight-id");
    await row.getByText("Modifier, détails et historique", { exact: true }).click();
    await row.getByLabel("Probabilité (%)").fill("75");
    await row.getByLabel("Places", { exact: true }).fill("3");
    await row.getByRole("button", { name: "Enregistrer" }).click();
    // Back on the list at the saved row's anchor, the result in a status message.
    await expect(page).toHaveURL(new RegExp(`/admin\\?q=.*#flight-row-${flightId}$`));
    await expect(page.getByRole("status").filter({ hasText: "Modifications enregistrées avec succès" })).toBeVisible();
    await expect(page.getByText("Modifications enregistrées avec succès")).toBeVisible();
    const saved = page
      .getByTestId("admin-flight")
      .filter({ has: page.getByRole("heading", { name: new RegExp(`^${cities.from} → `) }) });
    await expect(saved.getByTestId("probability-marker")).toHaveText("Probabilité mise à jour");
    await expect(saved.getByText("3 disponibles sur 3")).toBeVisible();
    await saved.getByText("Modifier, détails et historique", { exact: true }).click();
    await saved.getByText("Historique", { exact: true }).click();
    await expect(saved.getByTestId("history-entry").first()).toContainText("Gaston Gestionnaire");
    await expect(saved.getByTestId("history-entry").first()).toContainText("Places (équipe) : vide → 3");
  });
});
