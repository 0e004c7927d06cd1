/**
 * Passkeys as a person uses them (decision 038), in Chromium with its virtual
 * authenticator (DevTools protocol: an internal CTAP2 authenticator with resident keys
 * and user verification): a client adds one on /profile/passkeys (with the account's
 * password: a wrong one adds nothing), signs out, signs in with it, removes it, and the
 * removed passkey is refused; a new gestionnaire enrols a passkey on the second factor's
 * page (the password too) and then signs in to the back-office without a code.
 * The refusals (replay, expiry, origin, RP id, counter, another user's passkey) are
 * proved with real signatures in app/accounts/passkeys.server.test.ts.
 */
import type { Page } from "@playwright/test";

import { BASE_URL } from "../../playwright.config";
import { staffRequest } from "./admin-helpers";
import { violations } from "./axe";
import { acceptEssentialCookies } from "./catalogue-helpers";
import { expect, postSignIn, settle, test, testNetwork, uniqueEmail, waitForHydration } from "./fixtures";

const PASSWORD = "Cle-d-acces-2026";

test.beforeEach(async ({ context }) => {
  await acceptEssentialCookies(context);
});

/** A platform authenticator (Touch ID, Windows Hello...) as Chrome's DevTools emulate it. */
async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

/** A confirmed account of `kind` made by the admin over HTTP (the users tab's form). */
async function createAccount(kind: "client" | "gestionnaire", email: string) {
  const admin = await staffRequest("admin", testNetwork());
  const created = await admin.post("/admin/users", {
    form: { intent: `create-${kind}`, firstName: "Paula", lastName: "Passkey", email, password: PASSWORD },
    headers: { Origin: BASE_URL },
    maxRedirects: 0,
  });
  expect(created.status(), `the admin creates ${email}`).toBeLessThan(400);
  await admin.dispose();
}

/** 'Ajouter une clé d'accès': the name and the account's password, then the browser's ceremony. */
async function addPasskey(page: Page, name: string, password = PASSWORD) {
  await page.getByLabel("Nom de la clé").fill(name);
  await page.getByLabel("Votre mot de passe, pour confirmer que c'est bien vous").fill(password);
  await page.getByRole("button", { name: "Ajouter une clé d'accès" }).click();
}

async function signOut(page: Page) {
  const signedOut = await page.request.post("/logout", {
    form: { redirectTo: "/" },
    headers: { Origin: BASE_URL },
    maxRedirects: 0,
  });
  expect(signedOut.status(), "the sign-out").toBe(302);
  // Read the sign-out's answer, so its toast does not show on the next page.
  await page.request.get(signedOut.headers()["location"]!);
}

/**
 * /login with a passkey. Chrome offers it in the email field (conditional mediation), and
 * the virtual authenticator picks it at once, as a person picking it there. `button`: a
 * browser without conditional mediation (like Firefox before 119), where the person
 * presses 'Se connecter avec une clé d'accès'.
 */
async function signInWithPasskey(page: Page, { button = false } = {}) {
  if (button)
    await page.addInitScript(() => {
      PublicKeyCredential.isConditionalMediationAvailable = () => Promise.resolve(false);
    });
  await page.goto("/login");
  if (!button) return;
  await waitForHydration(page);
  await page.getByRole("button", { name: "Se connecter avec une clé d'accès" }).click();
}

test("a client adds a passkey, signs in with it, removes it, and the removed passkey is refused", async ({ page }) => {
  const email = uniqueEmail("passkey");
  await createAccount("client", email);
  await postSignIn(page, email, PASSWORD);
  await addVirtualAuthenticator(page);

  await page.goto("/profile");
  await expect(page.getByText("Aucune clé d'accès : connectez-vous d'un geste")).toBeVisible();
  await page.getByRole("link", { name: "Gérer mes clés d'accès" }).click();
  await waitForHydration(page);
  // A stolen session is not enough: a wrong password adds nothing, the name stays, the password goes.
  await addPasskey(page, "Ordinateur de Paula", "pas-le-bon");
  await expect(page.getByRole("alert")).toHaveText("Mot de passe incorrect.");
  await expect(page.getByLabel("Nom de la clé")).toHaveValue("Ordinateur de Paula");
  await expect(page.getByLabel("Votre mot de passe, pour confirmer que c'est bien vous")).toHaveValue("");
  await addPasskey(page, "Ordinateur de Paula");
  await expect(page.getByText("Clé d'accès ajoutée.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Ordinateur de Paula" })).toBeVisible();
  await expect(page.getByText("jamais utilisée")).toBeVisible();
  // Added: the form is empty for the next one.
  await expect(page.getByLabel("Nom de la clé")).toHaveValue("");

  await signOut(page);
  await signInWithPasskey(page);
  await page.waitForURL("**/dashboard");
  await expect(page.getByText("Connexion réussie")).toBeVisible();

  const found = [];
  for (const language of ["fr", "en", "de"]) {
    await page.goto(`/profile/passkeys?lng=${language}`);
    if (language === "fr") await expect(page.getByText(/dernière utilisation le/)).toBeVisible();
    found.push(...(await violations(page, `/profile/passkeys ${language}`)));
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/profile/passkeys?lng=fr");
  await settle(page);
  found.push(...(await violations(page, "/profile/passkeys fr 390 px")));
  expect(found).toEqual([]);

  await page.getByText("Supprimer", { exact: true }).first().click();
  await page.getByLabel("Votre mot de passe, pour supprimer « Ordinateur de Paula »").fill(PASSWORD);
  await page.getByRole("button", { name: "Supprimer", exact: true }).last().click();
  await expect(page.getByText("Clé d'accès supprimée.")).toBeVisible();
  await expect(page.getByText("Aucune clé d'accès pour l'instant.")).toBeVisible();

  // The authenticator still holds it; JetMalin no longer knows it.
  await signOut(page);
  await signInWithPasskey(page);
  await expect(page.getByRole("alert")).toContainText("Cette clé d'accès n'est pas (ou plus) enregistrée");
  expect(new URL(page.url()).pathname).toBe("/login");
});

test("a new gestionnaire enrols a passkey as the second factor and signs in without a code", async ({ page }) => {
  const email = uniqueEmail("passkey-staff");
  await createAccount("gestionnaire", email);
  const enrolment = await postSignIn(page, email, PASSWORD);
  expect(enrolment).toBe("/profile/second-factor?redirectTo=%2Fadmin");
  await addVirtualAuthenticator(page);
  await page.goto(enrolment);
  await waitForHydration(page);
  expect(await violations(page, "/profile/second-factor fr, not enrolled")).toEqual([]);
  await addPasskey(page, "Poste du bureau");
  await page.waitForURL("**/admin");
  await expect(page.getByText("Clé d'accès ajoutée.")).toBeVisible();

  await signOut(page);
  await signInWithPasskey(page, { button: true });
  await page.waitForURL("**/admin");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe("/admin");
});
