/**
 * The 'Utilisateurs' tab (docs/back-office.md 'Users'): create, edit, passwords, deletion;
 * admin only.
 */
import type { Page } from "@playwright/test";

import { postForm, signInOverHttp } from "./admin-helpers";
import { acceptEssentialCookies } from "./catalogue-helpers";
import { DEMO_ACCOUNTS, expect, loginAs, settle, signInContext, test, testNetwork, uniqueEmail } from "./fixtures";

test.beforeEach(async ({ context }) => {
  await acceptEssentialCookies(context);
});

async function createUser(
  page: Page,
  kind: "Nouveau client" | "Nouveau gestionnaire",
  email: string,
  password = "Motdepasse-2026",
) {
  await page.getByRole("link", { name: kind }).click();
  const dialog = page.getByRole("dialog", { name: kind });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Prénom").fill("Nina");
  await dialog.getByLabel("Nom", { exact: true }).fill("Nouvelle");
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Mot de passe", { exact: true }).fill(password);
  await dialog.getByRole("button", { name: "Créer le compte" }).click();
}

test("the admin creates a client and a gestionnaire, confirmed at once", async ({ page, playwright, baseURL }) => {
  await loginAs(page, "admin", { redirectTo: "/admin/users" });
  await settle(page);
  const client = uniqueEmail("client");
  await createUser(page, "Nouveau client", client);
  await expect(page.getByText("Client créé avec succès")).toBeVisible();
  await expect(page.getByRole("heading", { level: 3, name: "Nina Nouvelle" })).toBeVisible();
  const manager = uniqueEmail("manager");
  await createUser(page, "Nouveau gestionnaire", manager);
  await expect(page.getByText("Gestionnaire créé avec succès")).toBeVisible();

  // The same address twice is refused with the spec's error and a reason.
  await createUser(page, "Nouveau client", client);
  await expect(page.getByRole("dialog").getByText(/Erreur lors de la création du client/)).toBeVisible();

  // Bad input: the spec's messages, nothing sent.
  await page.goto("/admin/users?dialog=new-client");
  await settle(page);
  const dialog = page.getByRole("dialog", { name: "Nouveau client" });
  await dialog.getByLabel("Email").fill("not-an-email");
  await dialog.getByLabel("Mot de passe", { exact: true }).fill("short");
  await dialog.getByRole("button", { name: "Créer le compte" }).click();
  await expect(dialog.getByText("Ce champ est requis").first()).toBeVisible();
  await expect(dialog.getByText("Email invalide")).toBeVisible();
  await expect(dialog.getByText("Le mot de passe doit contenir au moins 8 caractères")).toBeVisible();

  // The new gestionnaire signs in straight away, and is sent to set up the second factor
  // before the back-office opens (decision 027). Over HTTP: the sign-in form and the
  // enrolment page are driven in Chromium by accounts.spec.ts and staff-second-factor.spec.ts.
  const other = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { "Accept-Language": "fr-CH" } });
  const signedIn = await other.post("/login", {
    form: { intent: "login", email: manager, password: "Motdepasse-2026" },
    headers: { Origin: baseURL! },
    maxRedirects: 0,
  });
  expect(signedIn.headers()["location"]).toBe("/profile/second-factor?redirectTo=%2Fadmin");
  const enrolment = await other.get(signedIn.headers()["location"]!);
  expect(enrolment.status()).toBe(200);
  expect(await enrolment.text()).toContain("Activez la double authentification pour ouvrir le back-office.");
  await other.dispose();
});

test("an edit is saved, and a new password ends the user's open sessions", async ({ page, baseURL }) => {
  await loginAs(page, "admin", { redirectTo: "/admin/users" });
  await settle(page);
  const email = uniqueEmail("edited");
  await createUser(page, "Nouveau client", email);
  await expect(page.getByText("Client créé avec succès")).toBeVisible();

  // The user is signed in elsewhere (over HTTP: only the session matters).
  const other = await signInOverHttp(baseURL!, email, "Motdepasse-2026", testNetwork());
  expect((await other.get("/dashboard", { maxRedirects: 0 })).status()).toBe(200);

  const form = page.locator("form", { has: page.getByRole("button", { name: "Enregistrer" }) });
  await form.getByLabel("Nom", { exact: true }).fill("Modifiée");
  await form.getByLabel("Langue").selectOption("es");
  await form.getByRole("button", { name: "Enregistrer" }).click();
  await expect(page.getByText("Utilisateur mis à jour avec succès")).toBeVisible();
  await expect(page.getByRole("heading", { level: 3, name: "Nina Modifiée" })).toBeVisible();
  await form.getByLabel("Prénom").fill("");
  await form.getByRole("button", { name: "Enregistrer" }).click();
  await expect(form.getByText("Ce champ est requis")).toBeVisible();

  await page.getByRole("link", { name: "Changer le mot de passe" }).click();
  const dialog = page.getByRole("dialog", { name: /Nouveau mot de passe pour/ });
  const submit = dialog.getByRole("button", { name: "Mettre à jour le mot de passe" });
  await dialog.getByLabel("Nouveau mot de passe").fill("1234567");
  await expect(submit).toBeDisabled();
  await dialog.getByLabel("Nouveau mot de passe").fill("12345678-new");
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(page.getByText("Mot de passe mis à jour avec succès")).toBeVisible();
  // Focus came back to what opened the dialog.
  await expect(page.getByRole("dialog")).toHaveCount(0);

  const after = await other.get("/dashboard", { maxRedirects: 0 });
  expect(after.status()).toBe(302);
  expect(after.headers()["location"]).toMatch(/^\/login\?redirectTo=%2Fdashboard/);
  await other.dispose();
});

test("nobody deletes or demotes themselves, and the last admin stays; another user is deleted", async ({
  page,
  baseURL,
}) => {
  await loginAs(page, "admin", { redirectTo: "/admin/users?q=admin%40jetmalin.test" });
  await settle(page);
  await page.getByRole("link", { name: /Alice Admin/ }).click();
  await expect(page.getByRole("link", { name: "Supprimer" })).toHaveCount(0);
  const form = page.locator("form", { has: page.getByRole("button", { name: "Enregistrer" }) });
  await form.getByLabel("Rôle").selectOption("client");
  await form.getByRole("button", { name: "Enregistrer" }).click();
  await expect(
    page.getByText("Vous ne pouvez ni supprimer votre propre compte ni changer votre propre rôle."),
  ).toBeVisible();
  const adminId = new URL(page.url()).searchParams.get("user")!;
  const response = await postForm(page, "/admin/users", { intent: "delete", userId: adminId }, baseURL!);
  expect(response.status()).toBe(409);
  expect(await response.text()).toContain("Erreur lors de la suppression de l'utilisateur");

  // A client made for the test is deleted.
  await page.goto("/admin/users");
  await settle(page);
  await createUser(page, "Nouveau client", uniqueEmail("gone"));
  await expect(page.getByText("Client créé avec succès")).toBeVisible();
  await page.getByRole("link", { name: "Supprimer" }).click();
  const dialog = page.getByRole("dialog", { name: /Supprimer Nina Nouvelle/ });
  await dialog.getByRole("button", { name: "Supprimer définitivement" }).click();
  await expect(page.getByText("Utilisateur supprimé avec succès")).toBeVisible();
  await expect(page).toHaveURL("/admin/users");
});

test("the user dialogs trap focus, close on Escape and give focus back", async ({ page }) => {
  await loginAs(page, "admin", { redirectTo: "/admin/users" });
  await settle(page);
  await page.getByRole("link", { name: "Nouveau gestionnaire" }).click();
  const dialog = page.getByRole("dialog", { name: "Nouveau gestionnaire" });
  await expect(dialog).toHaveAttribute("aria-modal", "true");
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press("Tab");
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Nouveau gestionnaire" })).toBeFocused();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the dialogs are links and the forms post: a client is created", async ({ page }) => {
    await loginAs(page, "admin", { redirectTo: "/admin/users" });
    await createUser(page, "Nouveau client", uniqueEmail("nojs"));
    await expect(page.getByRole("heading", { level: 3, name: "Nina Nouvelle" })).toBeVisible();
  });
});

test("a client is sent away from the users tab", async ({ page }) => {
  await signInContext(page, "client");
  await page.goto("/admin/users");
  await expect(page).toHaveURL("/home");
  await expect(page.getByText("Accès non autorisé")).toBeVisible();
  expect(DEMO_ACCOUNTS.client).toBe("client@jetmalin.test");
});
