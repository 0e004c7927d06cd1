import { generateTOTP } from "@epic-web/totp";
import { type Cookie, expect, type Page, test as base } from "@playwright/test";

import { BASE_URL } from "../../playwright.config";
import { sharedStaffCookie } from "./staff-sessions";

/** Demo accounts loaded by the seed (README "Demo accounts"). */
export const DEMO_PASSWORD = "JetMalin-demo-2026";
/** The demo staff accounts' second-factor secret (README "Demo accounts", decision 027). */
export const DEMO_TOTP_SECRET = "JETMALINDEMOSTAFFSECRETKEY234567";
export const DEMO_ACCOUNTS = {
  admin: "admin@jetmalin.test",
  gestionnaire: "gestionnaire@jetmalin.test",
  client: "client@jetmalin.test",
} as const;

/**
 * Playwright's own scripts, injected into every frame, are refused by the script-less
 * sandboxed mail preview of /dev/mail, and Chromium logs this: the test's doing (a
 * mail has no script), not the page's.
 */
const PLAYWRIGHT_NOISE = "Blocked script execution in 'about:srcdoc'";

/**
 * A network of its own for every test (an IPv6 /64 of the documentation prefix, sent as
 * `CF-Connecting-IP`, which `wrangler dev` passes through as sent), so the
 * per-network caps (sign-in, checkout, unpaid holds: decision 016) count each scenario
 * alone, as they count each visitor.
 */
export function testNetwork() {
  const hextet = () => Math.floor(Math.random() * 0x10000).toString(16);
  return `2001:db8:${hextet()}:${hextet()}::1`;
}

/** Collects console errors and failed requests so a test can assert there were none. */
export const test = base.extend<{ consoleErrors: string[] }>({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use) => {
    await use({ "CF-Connecting-IP": testNetwork(), ...extraHTTPHeaders });
  },
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error" && !message.text().startsWith(PLAYWRIGHT_NOISE)) errors.push(message.text());
    });
    page.on("pageerror", (error) => errors.push(error.message));
    await use(errors);
  },
});

/** Waits until the page is interactive: React has hydrated it, or a page served without React (decision 041) ran its script. */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
}

/**
 * Before typing or clicking on a page that runs JavaScript, let React finish
 * hydrating: an input during hydration can make React 18 throw "Root did not
 * complete" (#345). A page without JavaScript never hydrates: no wait.
 */
export async function settle(page: Page) {
  const scripted = await page.evaluate(() => "__remixContext" in window);
  if (scripted) await waitForHydration(page);
}

export { expect };

export type DemoRole = keyof typeof DEMO_ACCOUNTS;

/**
 * The session cookie of each demo staff account, per worker, when the run's shared one
 * (staff-sessions.ts) is missing or was ended: a staff sign-in costs a second-factor code,
 * and a code is accepted once (decision 027: a second sign-in in the same 30 seconds
 * would wait for the next code).
 */
const staffSessions = new Map<DemoRole, Cookie>();

/**
 * Puts a demo account's session into the page's browser context without opening a page:
 * staff reuse the run's shared session (staff-sessions.ts), else this worker's, each checked
 * over HTTP; the client signs in over HTTP, posting the /login form as the browser does. The
 * sign-in form itself is driven in Chromium by accounts.spec.ts; a test that only needs a
 * signed-in page pays no page load, hydration nor typing for it. A staff session that is
 * gone signs in through the /login form and its code step, and leaves the page on /admin.
 */
export async function signInContext(page: Page, role: DemoRole) {
  if (role === "client") {
    // Read the sign-in's answer once, as the browser would, so its toast does not show on the test's first page.
    await page.request.get(await postSignIn(page, DEMO_ACCOUNTS.client, DEMO_PASSWORD));
    return;
  }
  for (const cached of [sharedStaffCookie(role), staffSessions.get(role)]) {
    if (!cached) continue;
    await page.context().addCookies([cached]);
    if ((await page.request.get("/admin", { maxRedirects: 0 })).status() === 200) return;
    await page.context().clearCookies({ name: cached.name });
    staffSessions.delete(role);
  }
  await page.goto("/login");
  await signIn(page, DEMO_ACCOUNTS[role], DEMO_PASSWORD);
  await page.waitForURL((url) => url.pathname !== "/login");
  await answerSecondFactor(page, DEMO_TOTP_SECRET);
  const session = (await page.context().cookies()).find((cookie) => cookie.name.endsWith("jm_session"));
  if (session) staffSessions.set(role, session);
}

/**
 * Signs `email` in over HTTP in the page's context: the /login form's post as the browser
 * sends it (for an account without a second factor). Returns where the answer sends.
 */
export async function postSignIn(page: Page, email: string, password: string, redirectTo?: string) {
  const response = await page.request.post("/login", {
    form: { intent: "login", email, password, ...(redirectTo ? { redirectTo } : {}) },
    headers: { Origin: BASE_URL },
    maxRedirects: 0,
  });
  expect(response.status(), `the sign-in of ${email}`).toBe(302);
  return response.headers()["location"]!;
}

/**
 * Signs one of the seeded demo accounts in and opens `redirectTo`, else the page the account
 * lands on after signing in (/admin for staff, /dashboard for the client). The client opens
 * the sign-in's answer, with its 'Connexion réussie !', as after the form; staff reuse a
 * session (`signInContext`).
 */
export async function loginAs(page: Page, role: DemoRole, { redirectTo }: { redirectTo?: string } = {}) {
  if (role === "client") {
    await page.goto(await postSignIn(page, DEMO_ACCOUNTS.client, DEMO_PASSWORD, redirectTo));
    return;
  }
  await signInContext(page, role);
  await page.goto(redirectTo ?? "/admin");
}

/** The current code of a TOTP secret, as an authenticator app shows it. */
export async function totpCode(secret: string) {
  return (await generateTOTP({ secret, period: 30, digits: 6, algorithm: "SHA-1" })).otp;
}

/** Waits for the next 30-second step, whose code is new (a used one is refused). */
export async function nextTotpStep() {
  const wait = 30_000 - (Date.now() % 30_000) + 200;
  // Printed: a run that waits often has lost its shared staff sessions (staff-sessions.ts).
  console.log(`waiting ${Math.round(wait / 1000)} s for the next second-factor code: ${test.info().title}`);
  // The wait, and room for the next attempt on a busy machine.
  test.info().setTimeout(test.info().timeout + wait + 15_000);
  await new Promise((resolve) => setTimeout(resolve, wait));
}

/**
 * Answers the code step (/login/code) with the secret's current code, and once more with
 * the next one when this one was already used (another sign-in of the same account).
 */
export async function answerSecondFactor(page: Page, secret: string) {
  await expect(page).toHaveURL(/\/login\/code/);
  for (let attempt = 1; ; attempt++) {
    await settle(page);
    await page.getByLabel("Code à 6 chiffres ou code de secours").fill(await totpCode(secret));
    await page.getByRole("button", { name: "Vérifier" }).click();
    const used = page.getByText("Ce code a déjà été utilisé");
    await expect(used.or(page.locator("body:not(:has(#second-step))"))).toBeVisible();
    if (!(await used.isVisible()) || attempt >= 2) break;
    await nextTotpStep();
  }
  await page.waitForURL((url) => !url.pathname.startsWith("/login"));
}

/** Fills and submits the sign-in form of the current /login page. */
export async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Mot de passe", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Se connecter", exact: true }).click();
}

/** An address no other test uses, so tests can run in parallel and again. */
export function uniqueEmail(prefix = "user") {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.test`;
}
