/**
 * The staff second factor (decision 027) as a new gestionnaire lives it: sent to enrol at
 * the first sign-in, reads the secret off the page as an app would scan it, gets recovery
 * codes, then signs in with a code (a used one refused) and with a recovery code (once).
 */
import type { Page } from "@playwright/test";

import { hashPassword } from "#app/accounts/password.server";
import { totpCode as totpCodeAt } from "#app/accounts/totp.server";

import { expect, settle, signIn, test, totpCode, uniqueEmail } from "./fixtures";
import { executeLocalSql } from "./local-d1";

const PASSWORD = "Motdepasse-2026";

/** A gestionnaire made the way the users tab makes one (confirmed at once), without a second factor. */
async function newGestionnaire() {
  const email = uniqueEmail("manager");
  const hash = await hashPassword(PASSWORD);
  await executeLocalSql(
    `INSERT INTO users (id, email, password_hash, first_name, last_name, role, language, email_confirmed_at) VALUES ('${crypto.randomUUID()}', '${email}', '${hash}', 'Gina', 'Gestion', 'gestionnaire', 'fr', ${Date.now()})`,
  );
  return email;
}

async function signOut(page: Page) {
  await page
    .getByRole("banner")
    .getByRole("navigation")
    .first()
    .getByRole("button", { name: "Se déconnecter" })
    .click();
  await expect(page).toHaveURL("/home");
}

/** Signs in with the password and lands on the code step. */
async function passwordStep(page: Page, email: string) {
  await page.goto("/login");
  await settle(page);
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL("/login/code?redirectTo=%2Fadmin");
  await settle(page);
}

async function submitCode(page: Page, code: string) {
  await page.getByLabel("Code à 6 chiffres ou code de secours").fill(code);
  await page.getByRole("button", { name: "Vérifier" }).click();
}

/** Enrols from the page the guard sent the new gestionnaire to; returns the secret and the recovery codes. */
async function enrol(page: Page) {
  await expect(page).toHaveURL("/profile/second-factor?redirectTo=%2Fadmin");
  await expect(page.getByText("Activez la double authentification pour ouvrir le back-office.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Double authentification" })).toBeVisible();
  await expect(
    page.getByRole("img", { name: "QR code à scanner avec l'application d'authentification" }).locator("svg"),
  ).toBeVisible();
  const secret = (await page.getByTestId("totp-secret").innerText()).replace(/\s/g, "");
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await settle(page);
  const firstCode = await totpCode(secret);
  await page.getByLabel("Code à 6 chiffres affiché par l'application").fill(firstCode);
  await page.getByRole("button", { name: "Activer" }).click();
  const list = page.getByRole("list", { name: "Vos codes de secours" });
  await expect(list.getByRole("listitem")).toHaveCount(10);
  const codes = await list.getByRole("listitem").allInnerTexts();
  // The codes show while the page's data still reloads after 'Activer'; following the link
  // then aborts that reload, and Remix sometimes logs the abort as an error (twice in about
  // ten runs, not reproduced on demand: the closing note of 2026-11-27). This test is about
  // the second factor: it follows the link once the reload is done.
  // Without JavaScript there is no router, and nothing reloads.
  await page.waitForFunction(() => {
    const router = (window as { __remixRouter?: { state: { navigation: { state: string } } } }).__remixRouter;
    return (router?.state.navigation.state ?? "idle") === "idle";
  });
  await page.getByRole("link", { name: "J'ai noté mes codes, continuer" }).click();
  await expect(page).toHaveURL("/admin");
  await expect(page.getByRole("heading", { level: 1, name: "Tableau de bord gestionnaire" })).toBeVisible();
  return { secret, codes, firstCode };
}

test("a new gestionnaire enrols, then signs in with a code (a used one refused) and a recovery code (once)", async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(90_000);
  const email = await newGestionnaire();
  await page.goto("/login");
  await settle(page);
  await signIn(page, email, PASSWORD);
  const { secret, codes, firstCode } = await enrol(page);
  await signOut(page);

  // The password alone opens nothing: the code step, and the back-office sends back to sign-in.
  await passwordStep(page, email);
  await expect(page.getByRole("heading", { level: 1, name: "Code de vérification" })).toBeVisible();
  await submitCode(page, "000000");
  await expect(page.getByText("Code incorrect")).toBeVisible();
  // The code that enrolled is used: refused (it is still within the accepted steps); a newer one passes.
  await submitCode(page, firstCode);
  await expect(page.getByText("Ce code a déjà été utilisé. Attendez le suivant dans l'application.")).toBeVisible();
  // Still the enrolment's step: the next step's code, which the server accepts a step early
  // (an app's clock may run ahead), rather than waiting up to 30 s for the app to show it.
  const newer = await totpCode(secret);
  await submitCode(page, newer === firstCode ? await totpCodeAt(secret, new Date(Date.now() + 30_000)) : newer);
  await expect(page).toHaveURL("/admin");
  await expect(page.getByText("Connexion réussie !")).toBeVisible();
  await signOut(page);

  // A recovery code works once.
  await passwordStep(page, email);
  await submitCode(page, codes[0]!);
  await expect(page).toHaveURL("/admin");
  await expect(page.getByText("Il vous reste 9 codes de secours.")).toBeVisible();
  await signOut(page);
  await passwordStep(page, email);
  await submitCode(page, codes[0]!);
  await expect(page.getByText("Code incorrect")).toBeVisible();
  await expect(page).toHaveURL(/\/login\/code/);
  // Chromium logs each refused code's 401 (three here); nothing else.
  expect(consoleErrors.filter((error) => !error.includes("status of 401"))).toEqual([]);
});

test("without JavaScript: enrolment, then a sign-in with a recovery code", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, locale: "fr-CH" });
  const page = await context.newPage();
  const email = await newGestionnaire();
  await page.goto("/login");
  await signIn(page, email, PASSWORD);
  const { codes } = await enrol(page);
  await signOut(page);
  await passwordStep(page, email);
  await submitCode(page, codes[3]!);
  await expect(page).toHaveURL("/admin");
  await expect(page.getByText("Il vous reste 9 codes de secours.")).toBeVisible();
  await context.close();
});
