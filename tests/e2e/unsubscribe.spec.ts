/**
 * Unsubscribe links that need no alert run (docs/mail.md 'Unsubscribe headers and links'):
 * the newsletter's welcome mail carries the List-Unsubscribe headers and its link takes a
 * mail client's cross-site one-click POST; a bad alert link is 'invalid', never a 500, on a
 * click and on a one-click POST. The alert mail's own link, signed out, with and without
 * JavaScript, is in unsubscribe.global.spec.ts: sending alerts changes what every customer
 * sees.
 */
import { acceptEssentialCookies, uniqueSuffix } from "./catalogue-helpers";
import { expect, settle, test } from "./fixtures";
import { readLatestMail } from "./mail";

test.beforeEach(async ({ context }) => {
  await acceptEssentialCookies(context);
});

test("a forged alert unsubscribe link says it is not valid", async ({ page }) => {
  await page.goto("/alerts/unsubscribe?token=demo-user-client.forged&lng=fr");
  await expect(page.getByRole("heading", { level: 1, name: "Désinscription des alertes de vols" })).toBeVisible();
  await expect(page.getByRole("status")).toHaveText("Ce lien de désinscription n'est pas valide.");
});

test("a cross-site one-click POST with a forged token is refused as input, not a crash", async ({ request }) => {
  for (const path of ["/alerts/unsubscribe?token=demo-user-client.forged", "/newsletter/unsubscribe?token=forged"]) {
    const response = await request.post(path, {
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://mail.provider.example" },
      data: "List-Unsubscribe=One-Click",
      maxRedirects: 0,
    });
    expect(response.status()).toBe(400);
  }
  // Other paths stay closed to cross-site posts.
  const profile = await request.post("/profile/alerts", {
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://mail.provider.example" },
    data: "country=France",
    maxRedirects: 0,
  });
  expect(profile.status()).toBe(403);
});

test("the newsletter welcome carries List-Unsubscribe; a cross-site one-click POST to it unsubscribes", async ({
  page,
  request,
}) => {
  const email = `unsub.${uniqueSuffix()}@example.ch`;
  await page.goto("/about?lng=fr");
  await settle(page);
  const footer = page.getByRole("contentinfo");
  await footer.getByLabel("Recevez nos meilleurs empty legs par email").fill(email);
  await footer.getByRole("button", { name: "S'inscrire" }).click();
  // Wait for the sign-up's answer (a toast) before leaving the page: leaving at once can
  // cancel the submission while Remix still fetches the route's manifest.
  await expect(page.getByText(/^Presque fini ! Vérifiez votre boîte mail/)).toBeVisible();
  const confirmation = await readLatestMail(page, email);
  expect(confirmation.headers).toEqual({});
  await page.goto(confirmation.links.find((link) => link.includes("/newsletter/confirm?token="))!);
  await page.getByRole("button", { name: "Confirmer mon inscription" }).click();
  await expect(page.getByRole("heading", { name: "Inscription réussie !" })).toBeVisible();

  const welcome = await readLatestMail(page, email, { subject: "Bienvenue dans la newsletter JetMalin" });
  const link = welcome.links.find((href) => href.includes("/newsletter/unsubscribe?token="))!;
  expect(welcome.headers).toEqual({
    "List-Unsubscribe": `<${link}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  });
  const response = await request.post(link, {
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://mail.provider.example" },
    data: "List-Unsubscribe=One-Click",
    maxRedirects: 0,
  });
  expect(response.status()).toBe(200);
  await page.goto(link);
  await expect(page.getByRole("status")).toHaveText("Vous êtes désinscrit de la newsletter.");
});
