/**
 * The guard of 'Sync API' and 'Envoyer les alertes' (docs/sync.md): a refused post changes
 * nothing, so it runs with the other tests, over HTTP; the presses themselves, which add
 * flights and send alerts to everyone, are in admin-sync.global.spec.ts.
 */
import { BASE_URL } from "../../playwright.config";
import { signInOverHttp } from "./admin-helpers";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, expect, test, testNetwork } from "./fixtures";

test("a gestionnaire or a client posting to the actions directly gets 403", async () => {
  const client = await signInOverHttp(BASE_URL, DEMO_ACCOUNTS.client, DEMO_PASSWORD, testNetwork());
  for (const path of ["/admin/sync", "/admin/alerts"]) {
    const response = await client.post(path, {
      form: { redirectTo: "/admin" },
      headers: { Origin: BASE_URL },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(403);
  }
  await client.dispose();
});
