import { expect, type Page } from "@playwright/test";
import { settle, signIn } from "./fixtures";
import { followMailLink } from "./mail";

export const NEW_CLIENT_PASSWORD = "Vol-prive-2026";

/** A new client registered through /register, confirmed from the dev mailbox, signed in on /profile. */
export async function newClientOnProfile(page: Page, email: string, firstName: string, lastName = "Effacée") {
  await page.goto("/register");
  await settle(page);
  await page.getByLabel("Prénom").fill(firstName);
  await page.getByLabel("Nom", { exact: true }).fill(lastName);
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Mot de passe", { exact: true }).fill(NEW_CLIENT_PASSWORD);
  await page.getByLabel("Confirmer le mot de passe").fill(NEW_CLIENT_PASSWORD);
  await page.getByRole("main").getByRole("button", { name: "S'inscrire" }).click();
  await expect(page.getByRole("heading", { name: "Inscription réussie !" })).toBeVisible();
  await followMailLink(page, email, /\/confirm-email\?token=/);
  await expect(page.getByText("Email confirmé avec succès !")).toBeVisible();
  await page.goto("/login?redirectTo=%2Fprofile");
  await settle(page);
  await signIn(page, email, NEW_CLIENT_PASSWORD);
  await expect(page).toHaveURL("/profile");
  await settle(page);
}
