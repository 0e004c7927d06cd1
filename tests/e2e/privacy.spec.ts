/**
 * A traveller's rights from /profile (docs/privacy.md 'Droits des personnes'):
 * 'Télécharger mes données' gives a JSON file of their own data, and 'Supprimer mon
 * compte', confirmed with the password, erases the account and signs them out for good;
 * with JavaScript and without.
 */
import { readFile } from "node:fs/promises";

import type { Page } from "@playwright/test";

import { NEW_CLIENT_PASSWORD, newClientOnProfile } from "./account-helpers";
import { acceptEssentialCookies } from "./catalogue-helpers";
import { DEMO_ACCOUNTS, expect, loginAs, settle, signIn, test, uniqueEmail } from "./fixtures";

const PASSWORD = NEW_CLIENT_PASSWORD;

test.beforeEach(async ({ context }) => {
  await acceptEssentialCookies(context);
});

/** 'Télécharger mes données': the file the browser saves, parsed. */
async function downloadData(page: Page) {
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Télécharger mes données" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^jetmalin-donnees-\d{4}-\d{2}-\d{2}\.json$/);
  return JSON.parse(await readFile((await download.path())!, "utf8")) as {
    profile: { email: string; firstName: string };
    orders: unknown[];
  };
}

/** The deletion form of 'Vos données'. */
function deletionForm(page: Page) {
  return page.getByRole("form", { name: "Supprimer mon compte" });
}

/** After the deletion: signed out, and the password opens nothing any more. */
async function expectGone(page: Page, email: string) {
  await expect(page.getByRole("banner").getByRole("link", { name: "Se connecter" }).first()).toBeVisible();
  await page.goto("/profile");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fprofile/);
  await settle(page);
  await signIn(page, email, PASSWORD);
  await expect(page.getByText("Mot de passe erroné")).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
}

test("download my data, then delete my account with my password", async ({ page, consoleErrors }) => {
  const email = uniqueEmail("privacy");
  await newClientOnProfile(page, email, "Ondine");

  const data = await downloadData(page);
  expect(data.profile).toMatchObject({ email, firstName: "Ondine" });
  expect(data.orders).toEqual([]);
  // The download leaves the page where it was.
  await expect(page).toHaveURL("/profile");

  const form = deletionForm(page);
  await expect(page.getByText("Conservées : vos réservations, 10 ans")).toBeVisible();
  // Nothing typed: the browser says so, nothing is sent.
  await form.getByRole("button", { name: "Supprimer mon compte" }).click();
  await expect(form.getByText("Le mot de passe est requis")).toBeVisible();
  await form.getByLabel("Mot de passe actuel").fill("pas-le-bon-2026");
  await form.getByRole("button", { name: "Supprimer mon compte" }).click();
  await expect(form.getByText("Mot de passe incorrect")).toBeVisible();
  await expect(page).toHaveURL("/profile");

  await form.getByLabel("Mot de passe actuel").fill(PASSWORD);
  await form.getByRole("button", { name: "Supprimer mon compte" }).click();
  await expect(page).toHaveURL("/home");
  await expect(page.getByText("Votre compte a été supprimé.")).toBeVisible();
  // The wrong password's 400 is the only failed request.
  expect(consoleErrors.filter((error) => !error.includes("status of 400"))).toEqual([]);
  await expectGone(page, email);
});

test("the data file is only the signed-in user's: signed out, it is the sign-in page", async ({ request }) => {
  const response = await request.get("/profile/data.json", { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers()["location"]).toBe("/login?redirectTo=%2Fprofile");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the download is a link and the deletion a form that posts", async ({ page }) => {
    const email = uniqueEmail("privacy-nojs");
    await newClientOnProfile(page, email, "Mélusine");

    const data = await downloadData(page);
    expect(data.profile.email).toBe(email);

    const form = deletionForm(page);
    await form.getByLabel("Mot de passe actuel").fill("pas-le-bon-2026");
    await form.getByRole("button", { name: "Supprimer mon compte" }).click();
    await expect(deletionForm(page).getByText("Mot de passe incorrect")).toBeVisible();

    await deletionForm(page).getByLabel("Mot de passe actuel").fill(PASSWORD);
    await deletionForm(page).getByRole("button", { name: "Supprimer mon compte" }).click();
    await expect(page).toHaveURL("/home");
    await expect(page.getByText("Votre compte a été supprimé.")).toBeVisible();
    await expectGone(page, email);
  });
});

test("an admin downloads a user's data from the users tab", async ({ page }) => {
  await loginAs(page, "admin", { redirectTo: `/admin/users?q=${encodeURIComponent(DEMO_ACCOUNTS.client)}` });
  await settle(page);
  await page
    .getByRole("link", { name: /Claire/ })
    .first()
    .click();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Télécharger les données" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^jetmalin-donnees-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(await readFile((await download.path())!, "utf8")) as { profile: { email: string } };
  expect(data.profile.email).toBe(DEMO_ACCOUNTS.client);
});
