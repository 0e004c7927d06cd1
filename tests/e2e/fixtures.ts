import { test as base, expect, type Page } from "@playwright/test";

/** Demo accounts loaded by the seed (README "Demo accounts"). */
export const DEMO_PASSWORD = "JetMalin-demo-2026";
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
 * `CF-Connecting-IP`, which `wrangler dev` passes through: STACK.md trap 14), so the
 * per-network caps (sign-in, checkout, unpaid holds: decision 016) count each scenario
 * alone, as they count each visitor.
 */
function testNetwork() {
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

/** Waits until React has hydrated the page (Remix sets window.__remixContext, then hydrates). */
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

/** Signs in through the real /login form as one of the seeded demo accounts. */
export async function loginAs(page: Page, role: DemoRole, { redirectTo }: { redirectTo?: string } = {}) {
  await page.goto(redirectTo ? `/login?${new URLSearchParams({ redirectTo })}` : "/login");
  await signIn(page, DEMO_ACCOUNTS[role], DEMO_PASSWORD);
  await page.waitForURL((url) => url.pathname !== "/login");
}

/** Fills and submits the sign-in form of the current /login page. */
export async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Mot de passe", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Se connecter" }).click();
}

/** An address no other test uses, so tests can run in parallel and again. */
export function uniqueEmail(prefix = "user") {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.test`;
}
