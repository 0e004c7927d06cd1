import { test as base, expect, type Page } from "@playwright/test";

/** Demo accounts loaded by the seed (README "Demo accounts"). */
export const DEMO_PASSWORD = "JetMalin-demo-2026";
export const DEMO_ACCOUNTS = {
  admin: "admin@jetmalin.test",
  gestionnaire: "gestionnaire@jetmalin.test",
  client: "client@jetmalin.test",
} as const;

/** Collects console errors and failed requests so a test can assert there were none. */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    page.on("pageerror", (error) => errors.push(error.message));
    await use(errors);
  },
});

/** Waits until React has hydrated the page (Remix sets window.__remixContext, then hydrates). */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
}

export { expect };
