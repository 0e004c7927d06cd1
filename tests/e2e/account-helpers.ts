import { expect, type Page } from "@playwright/test";

import { BASE_URL } from "../../playwright.config";
import { postSignIn, settle } from "./fixtures";
import { readLatestMail } from "./mail";

export const NEW_CLIENT_PASSWORD = "Vol-prive-2026";

/** A form post from a French page of this site, as the browser sends it. */
const FRENCH_FORM = { Origin: BASE_URL, "Accept-Language": "fr-CH,fr;q=0.9" };

/**
 * Registers a new client and confirms the address over HTTP in the page's context, no page
 * opened: the /register form's post (from a French page: the account's language is French),
 * then the confirmation link of the mail. The sign-up form and the confirmation page
 * themselves are driven in Chromium by accounts.spec.ts.
 */
export async function registerOverHttp(
  page: Page,
  email: string,
  firstName: string,
  { lastName = "Effacée", password = NEW_CLIENT_PASSWORD }: { lastName?: string; password?: string } = {},
) {
  const registered = await page.request.post("/register", {
    form: { firstName, lastName, email, password, confirmPassword: password },
    headers: FRENCH_FORM,
    maxRedirects: 0,
  });
  expect(registered.status(), `the sign-up of ${email}`).toBe(200);
  const mail = await readLatestMail(page, email);
  const link = mail.links.find((candidate) => /\/confirm-email\?token=/.test(candidate));
  expect(link, `the confirmation link in "${mail.subject}"`).toBeTruthy();
  const confirmed = await page.request.get(link!, { maxRedirects: 0 });
  expect(confirmed.headers()["location"], `the confirmation of ${email}`).toBe("/confirm-email?status=confirmed");
}

/** A new client registered and confirmed (`registerOverHttp`), signed in over HTTP, on /profile. */
export async function newClientOnProfile(page: Page, email: string, firstName: string, lastName = "Effacée") {
  await registerOverHttp(page, email, firstName, { lastName });
  expect(await postSignIn(page, email, NEW_CLIENT_PASSWORD, "/profile")).toBe("/profile");
  await page.goto("/profile");
  await expect(page).toHaveURL("/profile");
  await settle(page);
}
