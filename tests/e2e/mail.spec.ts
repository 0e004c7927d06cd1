import { test, expect } from "./fixtures";
import { executeLocalSql } from "./local-d1";
import { followMailLink, readLatestMail } from "./mail";

/**
 * The dev mailbox. Mails reach it through sendMail (proven by
 * app/mail/mail.server.test.ts, and end to end by the account and request specs);
 * here rows are written straight into the server's local D1, so that the mailbox's
 * own cases (a failed mail, retries, many rows, hostile HTML) need no form to cause them.
 */

const sqlString = (value: string) => `'${value.replaceAll("'", "''")}'`;

type OutboxRow = {
  to: string;
  subject: string;
  html: string;
  text: string;
  createdAt: Date;
  status?: "sent" | "failed";
  attempts?: number;
  lastError?: string | null;
  nextAttemptAt?: Date | null;
};

async function insertOutboxRow({
  status = "sent",
  attempts = 1,
  lastError = null,
  nextAttemptAt = null,
  ...row
}: OutboxRow) {
  const columns = {
    to_address: sqlString(row.to),
    template: sqlString("auth/confirm-email"),
    locale: sqlString("fr"),
    data: sqlString("{}"),
    subject: sqlString(row.subject),
    html: sqlString(row.html),
    text: sqlString(row.text),
    status: sqlString(status),
    attempts: String(attempts),
    last_error: lastError === null ? "NULL" : sqlString(lastError),
    next_attempt_at: nextAttemptAt === null ? "NULL" : String(nextAttemptAt.getTime()),
    created_at: String(row.createdAt.getTime()),
    sent_at: status === "sent" ? String(row.createdAt.getTime()) : "NULL",
  };
  await executeLocalSql(
    `INSERT INTO mail_outbox (${Object.keys(columns).join(", ")}) VALUES (${Object.values(columns).join(", ")})`,
  );
}

test("the dev mailbox lists mails newest first and shows one rendered with working links", async ({
  page,
  baseURL,
  consoleErrors,
}) => {
  const to = `mailbox-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const link = `${baseURL}/home?from=mail`;
  await insertOutboxRow({
    to,
    subject: "Ancien email – JetMalin",
    html: "<html><body><p>Ancien</p></body></html>",
    text: "Ancien",
    createdAt: new Date("2026-01-15T09:30:00Z"),
  });
  await insertOutboxRow({
    to,
    subject: "Confirmez votre adresse email – JetMalin",
    html: `<!DOCTYPE html><html lang="fr"><body><p>Bonjour Léa,</p><a href="${link}" target="_blank">Confirmer mon adresse email</a></body></html>`,
    text: `Bonjour Léa,\n\nConfirmer mon adresse email: ${link}`,
    createdAt: new Date("2026-07-01T16:05:00Z"),
  });

  await page.goto(`/dev/mail?to=${encodeURIComponent(to)}`);
  await expect(page.getByRole("heading", { level: 1, name: "Boîte mail de développement" })).toBeVisible();
  await expect(page.getByText(`Emails envoyés à ${to}`)).toBeVisible();
  const rows = page.getByTestId("mail-row");
  await expect(rows).toHaveCount(2);
  // Newest first; times in Swiss time (summer UTC+2, winter UTC+1).
  await expect(rows.nth(0)).toContainText(to);
  await expect(rows.nth(0)).toContainText("Confirmez votre adresse email – JetMalin");
  await expect(rows.nth(0)).toContainText("01/07/2026 18:05");
  await expect(rows.nth(0)).toContainText("Envoyé");
  await expect(rows.nth(1)).toContainText("Ancien email – JetMalin");
  await expect(rows.nth(1)).toContainText("15/01/2026 10:30");

  const mail = await readLatestMail(page, to);
  expect(mail).toMatchObject({
    to,
    subject: "Confirmez votre adresse email – JetMalin",
    text: expect.stringContaining("Bonjour Léa,"),
    links: [link],
  });
  expect(mail.html).toContain("Confirmer mon adresse email");

  // The rendered mail, and its link opening the app.
  const preview = page.frameLocator('[data-testid="mail-html"]');
  await expect(preview.getByText("Bonjour Léa,")).toBeVisible();
  const popupPromise = page.waitForEvent("popup");
  await preview.getByRole("link", { name: "Confirmer mon adresse email" }).click();
  const popup = await popupPromise;
  await popup.waitForURL(link);
  await expect(popup.getByRole("heading", { level: 1, name: "Vols Optimisés à prix Malin" })).toBeVisible();
  await popup.close();

  // The same link from the list under the preview, in this tab.
  const followed = await followMailLink(page, to, /from=mail/);
  expect(followed.href).toBe(link);
  await expect(page).toHaveURL(link);
  await expect(page.getByRole("heading", { level: 1, name: "Vols Optimisés à prix Malin" })).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test("an unknown mail is a 404", async ({ page }) => {
  const response = await page.goto("/dev/mail/999999999");
  expect(response?.status()).toBe(404);
  const bad = await page.goto("/dev/mail/abc");
  expect(bad?.status()).toBe(404);
});

test("the cron delivers a mail whose first try failed", async ({ page, request }) => {
  const to = `retry-${crypto.randomUUID().slice(0, 8)}@example.com`;
  await insertOutboxRow({
    to,
    subject: "Réinitialisation de votre mot de passe – JetMalin",
    html: "<html><body><p>Bonjour</p></body></html>",
    text: "Bonjour",
    createdAt: new Date(Date.now() - 10 * 60_000),
    status: "failed",
    attempts: 1,
    lastError: "Resend answered 503: unavailable",
    nextAttemptAt: new Date(Date.now() - 60_000),
  });
  await page.goto(`/dev/mail?to=${encodeURIComponent(to)}`);
  await expect(page.getByTestId("mail-row")).toContainText("Échec");

  // wrangler dev --test-scheduled: fires the */5 cron in workerd, as Cloudflare would.
  expect((await request.get(`/__scheduled?cron=${encodeURIComponent("*/5 * * * *")}`)).ok()).toBe(true);
  await expect(async () => {
    await page.goto(`/dev/mail?to=${encodeURIComponent(to)}`);
    await expect(page.getByTestId("mail-row")).toContainText("Envoyé", { timeout: 1000 });
  }).toPass();
  await page.getByRole("link", { name: "Réinitialisation de votre mot de passe – JetMalin" }).click();
  await expect(page.getByText("(tentatives : 2)")).toBeVisible();
});

test("a mail the app sends leaves through the queue's consumer in seconds, not at the next cron", async ({ page }) => {
  const to = `queued-${crypto.randomUUID().slice(0, 8)}@example.com`;
  // The footer's newsletter: the page answers at once, the mail is a job of jetmalin-jobs.
  await page.goto("/about?lng=fr");
  const footer = page.getByRole("contentinfo");
  await footer.getByLabel("Recevez nos meilleurs empty legs par email").fill(to);
  await footer.getByRole("button", { name: "S'inscrire" }).click();
  await expect(page.getByText(/Presque fini/)).toBeVisible();
  await expect(async () => {
    await page.goto(`/dev/mail?to=${encodeURIComponent(to)}`);
    await expect(page.getByTestId("mail-row")).toContainText("Envoyé", { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await page.getByTestId("mail-row").getByRole("link").click();
  // Its first try was the queue's: the cron has not run.
  await expect(page.getByText("(tentatives : 1)")).toBeVisible();
});
