/**
 * 'État du service' in the /admin frame (docs/operations.md): what each staff
 * role sees of the outbox, the feed sync and the payments waiting for capture, with the
 * action to take; the orders link and the mail retry for the admin only. The trouble is
 * written straight into the server's local D1 (a mail given up after 8 tries, a sync
 * that failed 20 minutes ago, an order authorised 6 days ago and never captured), as no
 * form can cause it.
 */
import type { Page } from "@playwright/test";

import { acceptEssentialCookies, uniqueSuffix } from "./catalogue-helpers";
import { expect, loginAs, test } from "./fixtures";
import { executeLocalSql } from "./local-d1";

const MINUTE = 60_000;

/** What the failed sync recorded (both tests write one: either is the newest). */
const SYNC_ERROR = "http 503: health probe";

/** One mail failed for good, one failed sync, one processing order. */
async function writeTrouble() {
  const suffix = uniqueSuffix();
  const now = Date.now();
  const customer = JSON.stringify({
    firstName: "Hélène",
    lastName: "Santé",
    email: `health-${suffix}@example.ch`,
    phone: "+41 79 123 45 67",
    address: "Rue du Rhône 1",
    zipCode: "1204",
    city: "Genève",
    country: "CH",
  });
  await executeLocalSql(
    `INSERT INTO mail_outbox (to_address, template, locale, data, subject, html, text, status, attempts, last_error, next_attempt_at, created_at)
         VALUES ('dead-${suffix}@example.ch', 'auth/confirm-email', 'fr', '{}', 'Confirmez votre adresse email – JetMalin', '<p>Bonjour</p>', 'Bonjour',
           'failed', 8, 'Resend answered 503: unavailable', NULL, ${now - 60 * MINUTE})`,
    `INSERT INTO sync_runs (trigger, status, started_at, finished_at, error) VALUES ('cron', 'error', ${now - 20 * MINUTE}, ${now - 20 * MINUTE}, '${SYNC_ERROR}')`,
    `INSERT INTO orders (id, flight_id, status, amount_cents, seats, customer_info, access_key_hash, payment_state, created_at, updated_at)
         VALUES ('health-${suffix}', (SELECT id FROM flights ORDER BY departure_date DESC LIMIT 1), 'processing', 150000, 1, '${customer}',
           'health-${suffix}', 'authorised', ${now - 6 * 24 * 60 * MINUTE}, ${now - 6 * 24 * 60 * MINUTE})`,
  );
}

const panel = (page: Page) => page.getByRole("region", { name: "État du service" });
const line = (page: Page, key: string) => page.getByTestId(`health-${key}`);

/**
 * The lines needing attention are shown at once; the others wait behind '… autres contrôles OK'
 * (a <details>), opened here so that every line can be read.
 */
async function openLinesInOrder(page: Page) {
  for (const key of ["deadLetters", "sync", "payments"]) await expect(line(page, key)).toBeVisible();
  const fine = panel(page).getByText(/autres? contrôles? OK/);
  if (await fine.count()) {
    await expect(line(page, "outbox")).toBeHidden();
    await fine.click();
  }
  await expect(line(page, "outbox")).toBeVisible();
}

test.beforeEach(async ({ context }) => {
  await acceptEssentialCookies(context);
});

test("the admin sees what needs doing, with the orders link and the mail retry", async ({ page, consoleErrors }) => {
  await writeTrouble();
  await loginAs(page, "admin");
  await expect(page).toHaveURL("/admin");
  await expect(panel(page).getByRole("heading", { level: 2, name: "État du service" })).toBeVisible();
  // Three lines at least need action: the summary says so, and the details are open.
  await expect(panel(page)).toContainText(/\d+ points demandent votre attention\./);
  await openLinesInOrder(page);

  const outbox = line(page, "outbox");
  await expect(outbox.getByRole("heading", { level: 3, name: "File d'envoi des e-mails" })).toBeVisible();
  await expect(outbox).toContainText(/Aucun e-mail en attente d'envoi\.|\d+ e-mails? en attente d'envoi/);
  await expect(outbox).toContainText(/Rien à faire|Des e-mails attendent depuis plus de 15 minutes/);

  const deadLetters = line(page, "deadLetters");
  await expect(deadLetters).toContainText("Une tâche de la file qui échoue 5 fois est signalée dans les journaux");
  await expect(deadLetters).toContainText(/\d+ e-mails? abandonnés?/);
  await expect(deadLetters).toContainText("Action requise");
  await expect(deadLetters.getByRole("button", { name: "Relancer les e-mails en échec" })).toBeVisible();

  const sync = line(page, "sync");
  await expect(sync.getByRole("heading", { level: 3, name: "Synchronisation du flux" })).toBeVisible();
  await expect(sync).toContainText(
    new RegExp(`Dernière synchronisation en échec \\(il y a\\s2\\d\\smin\\)\\s: ${SYNC_ERROR}`),
  );
  await expect(sync).toContainText("Action requise");
  await expect(sync.getByRole("button", { name: "Lancer une synchronisation" })).toBeVisible();

  const payments = line(page, "payments");
  await expect(payments).toContainText(/\d+ commandes? en traitement/);
  await expect(payments).toContainText("Une autorisation de carte expire 7 jours après la commande");

  await payments.getByRole("link", { name: "Valider ou refuser les commandes en traitement" }).click();
  await expect(page).toHaveURL("/admin/orders?status=processing");
  await expect(page.getByLabel("Statut")).toHaveValue("processing");
  // The panel stays in the frame on every tab.
  await expect(panel(page)).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test("the gestionnaire sees the same lines, without the orders link nor the mail retry", async ({
  page,
  consoleErrors,
}) => {
  await writeTrouble();
  await loginAs(page, "gestionnaire");
  await expect(page).toHaveURL("/admin");
  await expect(panel(page).getByRole("heading", { level: 2, name: "État du service" })).toBeVisible();
  await openLinesInOrder(page);

  const outbox = line(page, "outbox");
  await expect(outbox.getByRole("heading", { level: 3, name: "File d'envoi des e-mails" })).toBeVisible();
  await expect(outbox).toContainText(/Aucun e-mail en attente d'envoi\.|\d+ e-mails? en attente d'envoi/);

  const deadLetters = line(page, "deadLetters");
  await expect(deadLetters).toContainText(/\d+ e-mails? abandonnés?/);
  await expect(deadLetters).toContainText("demandez à un administrateur de relancer les e-mails en échec");
  await expect(deadLetters.getByRole("button")).toHaveCount(0);

  const sync = line(page, "sync");
  await expect(sync).toContainText(
    new RegExp(`Dernière synchronisation en échec \\(il y a\\s2\\d\\smin\\)\\s: ${SYNC_ERROR}`),
  );
  await expect(sync.getByRole("button", { name: "Lancer une synchronisation" })).toBeVisible();

  const payments = line(page, "payments");
  await expect(payments).toContainText(/\d+ commandes? en traitement/);
  await expect(payments).toContainText("Un administrateur doit valider ou refuser ces commandes.");
  await expect(payments.getByRole("link")).toHaveCount(0);
  await expect(page.locator('a[href^="/admin/orders"]')).toHaveCount(0);
  expect(consoleErrors).toEqual([]);
});
