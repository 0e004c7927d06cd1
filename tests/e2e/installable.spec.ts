/**
 * The installable app (docs/decisions/053-installable-app.md): the manifest in the visitor's language with its
 * icons, the service worker registered after the page loaded, and its offline page when the network is gone.
 */
import { violations } from "./axe";
import { expect, test } from "./fixtures";

test.describe("the manifest", () => {
  const NAMES = {
    fr: "JetMalin – Vols privés à prix malin",
    en: "JetMalin – Private flights at a smart price",
    de: "JetMalin – Privatflüge zum cleveren Preis",
  };

  for (const [language, name] of Object.entries(NAMES)) {
    test(`names the app in ${language}, and its icons exist`, async ({ request }) => {
      const response = await request.get(`/manifest.webmanifest?lng=${language}`);
      expect(response.status()).toBe(200);
      expect(response.headers()["content-type"]).toContain("application/manifest+json");
      const manifest = (await response.json()) as {
        name: string;
        short_name: string;
        lang: string;
        start_url: string;
        display: string;
        icons: Array<{ src: string; sizes: string; purpose: string }>;
      };
      expect(manifest).toMatchObject({ name, short_name: "JetMalin", lang: language, start_url: "/home" });
      expect(manifest.display).toBe("standalone");
      expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
        "192x192 any",
        "512x512 any",
        "512x512 maskable",
      ]);
      for (const icon of manifest.icons) {
        const file = await request.get(icon.src);
        expect(file.status(), icon.src).toBe(200);
        expect(file.headers()["content-type"]).toBe("image/png");
      }
    });
  }
});

test.describe("the service worker", () => {
  test.use({ serviceWorkers: "allow" });

  test("is registered once the page has loaded, and opens the offline page without a network", async ({
    page,
    context,
  }) => {
    await page.goto("/home?lng=fr");
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute("href", "/manifest.webmanifest");
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(new URL(scope).pathname).toBe("/");
    // Controlled from the next page on; the network then goes away.
    await page.goto("/fleet");
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await context.setOffline(true);
    await page.goto("/empty-legs");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Vous êtes hors ligne");
    await expect(page.getByRole("link", { name: "réessayez" })).toHaveAttribute("href", "/home");
    expect(await violations(page, "offline")).toEqual([]);
    await context.setOffline(false);
    await page.goto("/empty-legs");
    await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Vous êtes hors ligne");
  });
});
