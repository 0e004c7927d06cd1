/**
 * One-click unsubscribe from the flight alerts (docs/mail.md 'Unsubscribe headers and
 * links'): a customer who follows Switzerland gets an alert mail ('Envoyer les alertes'),
 * opens its 'Se désabonner' link signed out, with or without JavaScript, and confirms; or
 * their mail client posts the List-Unsubscribe link (RFC 8058), cross-site. The press alerts
 * everyone who chose countries, so this runs in the `global-state` project, after the other
 * tests. One press, over HTTP, alerts the three customers of the file (the button itself is
 * pressed in Chromium by admin-sync.global.spec.ts).
 */
import { sendAlertsOverHttp } from "./admin-helpers";
import { acceptEssentialCookies, uniqueSuffix } from "./catalogue-helpers";
import { expect, settle, test } from "./fixtures";
import { executeLocalSql } from "./local-d1";
import { readLatestMail } from "./mail";

/** A customer who follows Switzerland, written straight into the server's local D1. */
async function insertSubscriber(language: "fr" | "de") {
  const id = `unsub-${uniqueSuffix()}`;
  const email = `${id}@example.test`;
  await executeLocalSql(
    `INSERT INTO users (id, email, password_hash, first_name, last_name, language, email_confirmed_at) VALUES ('${id}', '${email}', 'x', 'Noé', 'Alerte', '${language}', ${Date.now()})`,
    `INSERT INTO alert_watches (user_id, from_kind, from_value) VALUES ('${id}', 'country', 'switzerland')`,
  );
  return email;
}

/** The file's three customers, each alerted by the one press of `beforeAll`; the tests' pages stay signed out. */
const subscribers: { fr: string; de: string; frWithoutScript: string } = { fr: "", de: "", frWithoutScript: "" };

test.beforeAll(async () => {
  subscribers.fr = await insertSubscriber("fr");
  subscribers.de = await insertSubscriber("de");
  subscribers.frWithoutScript = await insertSubscriber("fr");
  // Staff send the alerts: one run for the three of them.
  expect(await sendAlertsOverHttp()).toMatch(/^\d+ alertes? envoyées?\.$/);
});

test.beforeEach(async ({ context }) => {
  await acceptEssentialCookies(context);
});

test("the alert mail's 'Se désabonner' link works signed out: it asks, then stops the alerts", async ({ page }) => {
  const mail = await readLatestMail(page, subscribers.fr);
  expect(mail.text).toContain("Se désabonner");
  const link = mail.links.find((href) => href.includes("/alerts/unsubscribe?token="))!;
  // The visible link is the List-Unsubscribe header's, with its one-click promise.
  expect(mail.headers).toEqual({
    "List-Unsubscribe": `<${link}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  });

  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: "Désinscription des alertes de vols" })).toBeVisible();
  await settle(page);
  await page.getByRole("button", { name: "Confirmer la désinscription" }).click();
  await expect(page.getByRole("status")).toHaveText("Vous êtes désinscrit des alertes de vols.");
  // Opened again, the link says it is done: the user follows no country any more.
  await page.goto(link);
  await expect(page.getByRole("status")).toHaveText("Vous êtes désinscrit des alertes de vols.");
  await expect(page.getByRole("button", { name: "Confirmer la désinscription" })).toHaveCount(0);
});

test("a mail client's one-click POST to the List-Unsubscribe link, cross-site, unsubscribes", async ({
  page,
  request,
}) => {
  const mail = await readLatestMail(page, subscribers.de);
  const link = mail.headers["List-Unsubscribe"]!.slice(1, -1);
  const oneClick = () =>
    request.post(link, {
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://mail.provider.example" },
      data: "List-Unsubscribe=One-Click",
      maxRedirects: 0,
    });
  const response = await oneClick();
  expect(response.status()).toBe(200);
  // In the user's language (de), whatever the client's.
  expect(await response.text()).toContain("Sie haben die Flugbenachrichtigungen abbestellt.");
  // A provider's retry is harmless.
  expect((await oneClick()).status()).toBe(200);
  await page.goto(link);
  await expect(page.getByRole("status")).toHaveText("Sie haben die Flugbenachrichtigungen abbestellt.");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the link's page is a plain form", async ({ page }) => {
    const mail = await readLatestMail(page, subscribers.frWithoutScript);
    const link = mail.links.find((href) => href.includes("/alerts/unsubscribe?token="))!;
    await page.goto(link);
    await page.getByRole("button", { name: "Confirmer la désinscription" }).click();
    await expect(page.getByRole("status")).toHaveText("Vous êtes désinscrit des alertes de vols.");
  });
});
