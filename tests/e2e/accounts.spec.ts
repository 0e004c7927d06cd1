import type { Page } from "@playwright/test";

import { registerOverHttp } from "./account-helpers";
import { signInOverHttp } from "./admin-helpers";
import {
  answerSecondFactor,
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  DEMO_TOTP_SECRET,
  expect,
  loginAs,
  settle,
  signIn,
  test,
  testNetwork,
  uniqueEmail,
  waitForHydration,
} from "./fixtures";
import { followMailLink } from "./mail";

const STRONG_PASSWORD = "Vol-prive-2026";

async function register(
  page: Page,
  { email, firstName = "Léa", password = STRONG_PASSWORD }: { email: string; firstName?: string; password?: string },
) {
  await page.goto("/register");
  await settle(page);
  await page.getByLabel("Prénom").fill(firstName);
  await page.getByLabel("Nom", { exact: true }).fill("Martin");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Mot de passe", { exact: true }).fill(password);
  await page.getByLabel("Confirmer le mot de passe").fill(password);
  await page.getByRole("main").getByRole("button", { name: "S'inscrire" }).click();
  await expect(page.getByRole("heading", { name: "Inscription réussie !" })).toBeVisible();
}

/** Signs up and confirms through the link of the mail in /dev/mail. */
async function registerAndConfirm(page: Page, email: string, firstName = "Léa") {
  await register(page, { email, firstName });
  await followMailLink(page, email, /\/confirm-email\?token=/);
  await expect(page).toHaveURL("/confirm-email?status=confirmed");
  await expect(page.getByText("Email confirmé avec succès !")).toBeVisible();
}

function headerNav(page: Page) {
  return page.getByRole("banner").getByRole("navigation").first();
}

test("sign-up, the confirmation link from /dev/mail, sign-in and sign-out", async ({ page, consoleErrors }) => {
  const email = uniqueEmail("signup");
  await registerAndConfirm(page, email, "Noémie");
  await page.getByRole("main").getByRole("link", { name: "Se connecter" }).click();
  await expect(page).toHaveURL("/login");
  await signIn(page, email, STRONG_PASSWORD);
  await expect(page).toHaveURL("/dashboard");
  await expect(page.getByText("Connexion réussie !")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Bienvenue, Noémie !" })).toBeVisible();
  await expect(headerNav(page).getByRole("link", { name: "Mon profil : Noémie" })).toBeVisible();

  await headerNav(page).getByRole("button", { name: "Se déconnecter" }).click();
  await expect(page).toHaveURL("/home");
  await expect(page.getByText("Déconnexion réussie")).toBeVisible();
  await expect(headerNav(page).getByRole("link", { name: "Se connecter" })).toBeVisible();
  // The used confirmation link does not work twice.
  await followMailLink(page, email, /\/confirm-email\?token=/);
  await expect(page.getByText("Le lien de confirmation est invalide ou a expiré")).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test("the reset flow end to end from /dev/mail", async ({ page, baseURL }) => {
  const email = uniqueEmail("reset");
  await registerOverHttp(page, email, "Léa", { lastName: "Martin", password: STRONG_PASSWORD });
  // A second device is signed in (over HTTP: only its session matters): the reset must end it too.
  const other = await signInOverHttp(baseURL!, email, STRONG_PASSWORD, testNetwork());
  expect((await other.get("/dashboard", { maxRedirects: 0 })).status()).toBe(200);

  await page.goto("/login");
  await page.getByRole("link", { name: "Mot de passe oublié ?" }).click();
  // Type into the reset form, not the sign-in form it replaces.
  await expect(page).toHaveURL(/mode=reset/);
  await expect(page.getByLabel("Mot de passe", { exact: true })).toHaveCount(0);
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByRole("button", { name: "Envoyer" }).click();
  await expect(page.getByText("Instructions de réinitialisation envoyées par email")).toBeVisible();

  await followMailLink(page, email, /\/reset-password\?type=recovery&code=/);
  await expect(page.getByRole("heading", { name: "Nouveau mot de passe" })).toBeVisible();
  await page.getByLabel("Nouveau mot de passe").fill("12345");
  await page.getByRole("button", { name: "Mettre à jour le mot de passe" }).click();
  await expect(page.getByText("Le mot de passe doit contenir au moins 6 caractères")).toBeVisible();
  await page.getByLabel("Nouveau mot de passe").fill("nouveau-mdp-2026");
  await page.getByRole("button", { name: "Mettre à jour le mot de passe" }).click();
  await expect(page).toHaveURL("/reset-success");
  await expect(page.getByText("Mot de passe mis à jour avec succès")).toBeVisible();

  const after = await other.get("/dashboard", { maxRedirects: 0 });
  expect(after.status()).toBe(302);
  expect(after.headers()["location"]).toMatch(/^\/login\?redirectTo=%2Fdashboard/);
  await other.dispose();

  await page.getByRole("main").getByRole("link", { name: "Se connecter" }).click();
  await signIn(page, email, STRONG_PASSWORD);
  await expect(page.getByRole("alert")).toHaveText("Mot de passe erroné");
  await signIn(page, email, "nouveau-mdp-2026");
  await expect(page).toHaveURL("/dashboard");
});

test("the profile edit saves phone and language, and the UI switches at once", async ({ page }) => {
  const email = uniqueEmail("profile");
  await registerOverHttp(page, email, "Inès", { lastName: "Martin", password: STRONG_PASSWORD });
  await page.goto("/login?redirectTo=%2Fprofile");
  await signIn(page, email, STRONG_PASSWORD);
  await expect(page).toHaveURL("/profile");
  await expect(page.getByText("Non renseigné")).toBeVisible();
  await page.getByRole("link", { name: "Modifier" }).click();
  await expect(page).toHaveURL("/profile?edit=1");
  await expect(page.getByLabel("Email", { exact: true })).toHaveAttribute("readonly", "");
  await expect(page.getByRole("option", { name: "Español" })).toHaveCount(0);

  // Cancel restores the saved values.
  await page.getByLabel("Prénom").fill("Autre");
  await page.getByRole("link", { name: "Annuler" }).click();
  await expect(page).toHaveURL("/profile");
  await expect(page.getByRole("main")).toContainText("Inès");

  await page.getByRole("link", { name: "Modifier" }).click();
  await page.getByLabel("Téléphone").fill("abc");
  await page.getByRole("button", { name: "Enregistrer", exact: true }).click();
  await expect(page.getByText("Numéro de téléphone invalide")).toBeVisible();
  await page.getByLabel("Téléphone").fill("+41 79 123 45 67");
  await page.getByRole("combobox", { name: "Langue" }).selectOption("de");
  await page.getByRole("button", { name: "Enregistrer", exact: true }).click();

  await expect(page).toHaveURL("/profile");
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await expect(page.getByRole("heading", { name: "Mein Profil" })).toBeVisible();
  await expect(page.getByText("Sprache erfolgreich aktualisiert")).toBeVisible();
  await expect(page.getByRole("main")).toContainText("+41 79 123 45 67");
  await expect(page.getByRole("main")).toContainText("Deutsch");

  // Saved in D1: a fresh browser (no language cookie) gets German after sign-in.
  await page.context().clearCookies();
  await page.goto("/login");
  await signIn(page, email, STRONG_PASSWORD);
  await expect(page).toHaveURL("/dashboard");
  await page.goto("/profile");
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await expect(page.getByRole("main")).toContainText("+41 79 123 45 67");
});

test("an unconfirmed account cannot sign in yet and gets the spec's message", async ({ page }) => {
  const email = uniqueEmail("unconfirmed");
  await register(page, { email });
  await expect(page.getByText(`Nous avons envoyé un lien de confirmation à ${email}`)).toBeVisible();
  // No session until the email is confirmed.
  await expect(page.getByRole("link", { name: "Se connecter" }).first()).toBeVisible();

  await page.goto("/login");
  await signIn(page, email, STRONG_PASSWORD);
  await expect(page.getByRole("alert")).toHaveText("Veuillez confirmer votre email avant de vous connecter");
  await expect(page).toHaveURL(/\/login/);
});

test("a wrong password and an unknown email get the same message", async ({ page }) => {
  await page.goto("/login");
  await expect(page.getByRole("heading", { name: "Connexion à JetMalin" })).toBeVisible();
  await signIn(page, DEMO_ACCOUNTS.client, "not-the-password");
  await expect(page.getByRole("alert")).toHaveText("Mot de passe erroné");

  await signIn(page, uniqueEmail("nobody"), "whatever-password");
  await expect(page.getByRole("alert")).toHaveText("Mot de passe erroné");
});

test("empty sign-in and sign-up forms show the spec's messages", async ({ page }) => {
  await page.goto("/login");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Se connecter", exact: true }).click();
  await expect(page.getByText("Ce champ est requis")).toHaveCount(2);

  await page.goto("/register");
  await waitForHydration(page);
  await page.getByRole("main").getByRole("button", { name: "S'inscrire" }).click();
  for (const message of [
    "Le prénom est requis",
    "Le nom est requis",
    "L'email est requis",
    "Le mot de passe est requis",
    "Veuillez confirmer votre mot de passe",
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await page.getByLabel("Email", { exact: true }).fill("pas-un-email");
  await page.getByLabel("Mot de passe", { exact: true }).fill("court");
  await page.getByLabel("Confirmer le mot de passe").fill("autre");
  await page.getByRole("main").getByRole("button", { name: "S'inscrire" }).click();
  await expect(page.getByText("Email invalide", { exact: true })).toBeVisible();
  await expect(page.getByText("Le mot de passe doit contenir au moins 8 caractères")).toBeVisible();
  await expect(page.getByText("Les mots de passe ne correspondent pas")).toBeVisible();
});

test("sign-up works without JavaScript and says when the email is taken", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, locale: "fr-CH" });
  const page = await context.newPage();
  await page.goto("/register");
  // Without JavaScript the password fields are plain inputs and there is no toggle.
  await expect(page.getByRole("button", { name: "Afficher le mot de passe" })).toHaveCount(0);
  await page.getByRole("main").getByRole("button", { name: "S'inscrire" }).click();
  await expect(page.getByText("Le prénom est requis")).toBeVisible();

  await page.getByLabel("Prénom").fill("Claire");
  await page.getByLabel("Nom", { exact: true }).fill("Doublon");
  await page.getByLabel("Email", { exact: true }).fill(DEMO_ACCOUNTS.client);
  await page.getByLabel("Mot de passe", { exact: true }).fill(STRONG_PASSWORD);
  await page.getByLabel("Confirmer le mot de passe").fill(STRONG_PASSWORD);
  await page.getByRole("main").getByRole("button", { name: "S'inscrire" }).click();
  await expect(page.getByText("Cette adresse email est déjà utilisée")).toBeVisible();
  await context.close();
});

test("the show/hide toggle reveals the password once JavaScript runs", async ({ page }) => {
  await page.goto("/register");
  await waitForHydration(page);
  const password = page.getByLabel("Mot de passe", { exact: true });
  await expect(password).toHaveAttribute("type", "password");
  await page.getByRole("button", { name: "Afficher le mot de passe" }).first().click();
  await expect(password).toHaveAttribute("type", "text");
  await page.getByRole("button", { name: "Masquer le mot de passe" }).click();
  await expect(password).toHaveAttribute("type", "password");
});

test("anonymous /profile goes to /login and comes back after sign-in", async ({ page }) => {
  await page.goto("/profile");
  await expect(page).toHaveURL("/login?redirectTo=%2Fprofile");
  await signIn(page, DEMO_ACCOUNTS.client, DEMO_PASSWORD);
  await expect(page).toHaveURL("/profile");
  await expect(page.getByRole("heading", { name: "Mon profil" })).toBeVisible();
  await expect(page.getByText("Connexion réussie !")).toBeVisible();
  await expect(page.getByRole("link", { name: "Retour au tableau de bord" })).toHaveAttribute("href", "/dashboard");
});

test("a client lands on /dashboard, sees the signed-in header, and is kept out of /admin", async ({ page }) => {
  await loginAs(page, "client");
  await expect(page).toHaveURL("/dashboard");
  await expect(page.getByRole("heading", { name: "Bienvenue, Claire !" })).toBeVisible();
  const nav = page.getByRole("banner").getByRole("navigation").first();
  await expect(nav.getByRole("link", { name: "Mon profil : Claire" })).toHaveAttribute("href", "/profile");
  await expect(nav.getByRole("button", { name: "Se déconnecter" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Dashboard" })).toHaveCount(0);
  await expect(nav.getByRole("link", { name: "Se connecter" })).toHaveCount(0);

  // A client at /admin: 'Accès non autorisé', then / (which leads to /home).
  await page.goto("/admin");
  await expect(page).toHaveURL("/home");
  await expect(page.getByText("Accès non autorisé")).toBeVisible();
  await page.goto("/new-flight");
  await expect(page).toHaveURL("/home");
});

test("staff land on /admin with the Dashboard button and the staff profile", async ({ page }) => {
  await loginAs(page, "admin");
  await expect(page).toHaveURL("/admin");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tableau de bord administrateur");
  await page.getByRole("banner").getByRole("navigation").first().getByRole("link", { name: "Dashboard" }).click();
  await expect(page).toHaveURL("/admin");
  await page.goto("/profile");
  await expect(page.getByTestId("role-badge")).toHaveText("Administrateur");
  await expect(page.getByTestId("role-badge")).toHaveClass(/purple/);
  await expect(page.getByRole("link", { name: "Retour à l'administration" })).toHaveAttribute("href", "/admin");
});

test("the gestionnaire gets the manager title and a blue badge", async ({ page }) => {
  await loginAs(page, "gestionnaire");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tableau de bord gestionnaire");
  await page.goto("/new-flight");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Nouveau vol");
  await page.goto("/profile");
  await expect(page.getByTestId("role-badge")).toHaveClass(/blue/);
});

test("signed-out visitors are sent to /login by /admin and /new-flight", async ({ request }) => {
  for (const path of ["/admin", "/new-flight"]) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(302);
    expect(response.headers()["location"]).toBe(`/login?${new URLSearchParams({ redirectTo: path })}`);
  }
});

test("sign-out goes home, or stays on a public page like /reset-password", async ({ page }) => {
  await loginAs(page, "client", { redirectTo: "/reset-password" });
  await page
    .getByRole("banner")
    .getByRole("navigation")
    .first()
    .getByRole("button", { name: "Se déconnecter" })
    .click();
  await expect(page.getByText("Déconnexion réussie")).toBeVisible();
  await expect(page).toHaveURL("/reset-password");
  await expect(page.getByRole("link", { name: "Se connecter" }).first()).toBeVisible();

  await loginAs(page, "client");
  await page
    .getByRole("banner")
    .getByRole("navigation")
    .first()
    .getByRole("button", { name: "Se déconnecter" })
    .click();
  await expect(page).toHaveURL("/home");
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard/);
});

test("the mobile menu mirrors the signed-in header and signs out without JavaScript", async ({ browser }) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
    locale: "fr-CH",
  });
  const page = await context.newPage();
  await page.goto("/login");
  await signIn(page, DEMO_ACCOUNTS.gestionnaire, DEMO_PASSWORD);
  await answerSecondFactor(page, DEMO_TOTP_SECRET);
  await expect(page).toHaveURL("/admin");
  await page.getByText("Menu", { exact: true }).click();
  const menu = page.locator("details[open]");
  await expect(menu.getByRole("link", { name: "Mon profil : Gaston" })).toBeVisible();
  await expect(menu.getByRole("link", { name: "Dashboard" })).toBeVisible();
  await expect(menu.getByRole("button", { name: "English" })).toBeVisible();
  await menu.getByRole("button", { name: "Se déconnecter" }).click();
  await expect(page).toHaveURL("/home");
  await expect(page.getByText("Déconnexion réussie")).toBeVisible();
  await context.close();
});

test("'Mot de passe oublié ?' switches to reset mode, which answers the same for any email", async ({ page }) => {
  await page.goto("/login");
  await page.getByRole("link", { name: "Mot de passe oublié ?" }).click();
  await expect(page).toHaveURL("/login?mode=reset");
  await expect(page.getByLabel("Mot de passe", { exact: true })).toHaveCount(0);
  await page.getByLabel("Email", { exact: true }).fill(uniqueEmail("nobody"));
  await page.getByRole("button", { name: "Envoyer" }).click();
  await expect(page.getByText("Instructions de réinitialisation envoyées par email")).toBeVisible();
  await page.getByRole("link", { name: "Retour", exact: true }).click();
  await expect(page).toHaveURL("/login");
  await expect(page.getByLabel("Mot de passe", { exact: true })).toBeVisible();
});

test("an invalid reset link says so and leads home", async ({ page }) => {
  await page.goto("/reset-password?type=recovery&code=not-a-real-code");
  await expect(page.getByText("Lien invalide ou expiré.")).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: "Retour à l'accueil" })).toHaveAttribute("href", "/");
});

test("an invalid confirmation link says so, with buttons to /login and /", async ({ page }) => {
  await page.goto("/confirm-email?token=not-a-real-token");
  await expect(page.getByText("Le lien de confirmation est invalide ou a expiré")).toBeVisible();
  const main = page.getByRole("main");
  await expect(main.getByRole("link", { name: "Se connecter" })).toHaveAttribute("href", "/login");
  await expect(main.getByRole("link", { name: "Retour à l'accueil" })).toHaveAttribute("href", "/");
});
